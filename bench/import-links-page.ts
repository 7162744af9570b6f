// `npx node bench/import-links-page.ts`: `agentsite import` of a site whose home page is 5 MiB of
// nothing but links (a hostile or broken page), run under /usr/bin/time -v in a process of its own;
// prints the import's peak resident memory (the target: at most 1 GiB whatever a page holds).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nodeBinary, root } from './lib/processes.ts';

const size = 5 * 1024 * 1024;
const links: string[] = [];
let length = 0;
for (let i = 0; length < size - 200; i += 1) {
  const link = `<a href="/p/${i.toString(36)}">${i}</a>\n`;
  links.push(link);
  length += link.length;
}
const home = `<!doctype html><html><head><title>Links</title></head><body><main>${links.join('')}</main></body></html>`;
const server = http.createServer((request, response) => {
  if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(home);
  else response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-links-'));
try {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const cli = [path.join(root, 'bin/agentsite.js'), 'import', url, '--out', out, '--max-pages', '50'];
  const child = spawn('/usr/bin/time', ['-v', nodeBinary, ...cli], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  let timed = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (timed += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(timed)?.[1]);
  const seconds = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (.*)/.exec(timed)?.[1];
  console.log(printed.split('\n').slice(0, 3).join('\n'));
  console.table([
    { pageMiB: 5, links: links.length, exitCode: code, peakRssMiB: Math.round(peakKb / 1024), wall: seconds },
  ]);
} finally {
  server.close();
  fs.rmSync(out, { recursive: true, force: true });
}
