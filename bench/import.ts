// `npx node bench/import.ts` (the Node 24 of the devDependencies): the import of a generated
// 500-page agency site (bench/lib/generated-site.ts, served from a child process) by `agentsite
// import` in a process of its own (bench/lib/import-child.ts): how long it takes and the import
// process's peak resident memory and CPU time. The import keeps to two requests at a time, as it does
// against any site. `npx node bench/import.ts 2000` sizes the site otherwise; --max-pages is set to it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeBinary, root } from './lib/processes.ts';

const pages = Number(process.argv[2] ?? 500);
if (!Number.isInteger(pages) || pages < 10)
  throw new Error(`the page count must be a whole number of 10 or more, got ${process.argv[2]}`);

const site = spawn(nodeBinary, [path.join(root, 'bench/lib/generated-site.ts'), String(pages)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise<number>((resolve) =>
  site.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(/listening (\d+)/.exec(line)?.[1]))),
);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
try {
  const child = spawn(
    nodeBinary,
    [
      path.join(root, 'bench/lib/import-child.ts'),
      `http://127.0.0.1:${port}/`,
      '--out',
      out,
      '--max-pages',
      String(pages),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let printed = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const [figures, ...summary] = printed.split('\n');
  if (code !== 0 && code !== 1) throw new Error(`the import exited with ${code}: ${printed}`);
  const result = JSON.parse(figures!) as { code: number; seconds: number; peakRssMb: number; cpuSeconds: number };
  console.log(summary.slice(0, 4).join('\n'));
  console.table([
    {
      pages,
      exitCode: result.code,
      seconds: Number(result.seconds.toFixed(1)),
      msPerPage: Math.round((result.seconds * 1000) / pages),
      peakRssMb: Math.round(result.peakRssMb),
      cpuSeconds: Number(result.cpuSeconds.toFixed(1)),
    },
  ]);
} finally {
  site.kill();
  fs.rmSync(out, { recursive: true, force: true });
}
