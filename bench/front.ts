// `npx node bench/front.ts` (the Node 24 of the devDependencies): what front mode costs a page passed
// through to the origin, beside Debian's nginx `proxy_pass` to the same origin and the origin direct.
// The origin (node:http answering a real template's home page, Modern Business's 16.7 KB index.html)
// and the product (the dist/ bundle as `npm start` runs it, with ORIGIN_URL) are child processes, as
// is nginx (bench/lib/nginx.ts), so each row's CPU per request is read from /proc for the process
// that does the row's work: the origin's for the direct row, the product's and nginx's for theirs
// (the origin's share of those rows is printed beside). A last row reads the product's own /llms.txt:
// what any request costs it, origin or not. A bare Fastify + @fastify/reply-from app
// (bench/reply-from-peer.ts) passes the same page, the row front mode's CPU per page is weighed against.
// BENCH_DURATION (seconds per run, default 5), BENCH_CONNECTIONS (default 32).
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer } from '../scripts/build.ts';
import { startNginx } from './lib/nginx.ts';
import { startPageOrigin } from './lib/page-origin.ts';
import { cpuSeconds, nodeBinary, root, startServer } from './lib/processes.ts';

const seconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
interface Row {
  run: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU of the process doing the row's work (the origin, the product or nginx), per request. */
  cpuMicrosecondsPerRequest: number;
  /** The origin's CPU per request in the same run (its share of a proxied row). */
  originCpuMicrosecondsPerRequest: number;
}

async function drive(run: string, url: string, pid: number, originPid: number): Promise<Row> {
  await autocannon({ url, connections, duration: 1 }); // warm-up
  const before = [cpuSeconds(pid), cpuSeconds(originPid)] as const;
  const result = await autocannon({ url, connections, duration: seconds });
  const used = [cpuSeconds(pid) - before[0], cpuSeconds(originPid) - before[1]] as const;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${run}: ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)`);
  const perRequest = (cpu: number): number => Math.round((cpu * 1e6) / result.requests.total);
  return {
    run,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMicrosecondsPerRequest: perRequest(used[0]),
    originCpuMicrosecondsPerRequest: pid === originPid ? perRequest(used[0]) : perRequest(used[1]),
  };
}

await buildServer();
const { child: origin, url: originUrl } = await startPageOrigin();
const originPid = origin.pid!;
const product = await startServer({ ORIGIN_URL: originUrl, LOG_LEVEL: 'silent' });
const peer = spawn(nodeBinary, [path.join(root, 'bench/reply-from-peer.ts'), originUrl], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const peerPort = await new Promise<number>((resolve) => peer.once('message', (port) => resolve(Number(port))));
const productPid = product.child.pid!;
try {
  const rows = [await drive('origin direct (CPU: origin)', `${originUrl}/page`, originPid, originPid)];
  rows.push(await drive('through front mode (CPU: product)', `${product.baseUrl}/page`, productPid, originPid));
  rows.push(
    await drive(
      'through Fastify + reply-from (CPU: that app)',
      `http://127.0.0.1:${peerPort}/page`,
      peer.pid!,
      originPid,
    ),
  );
  const nginx = await startNginx(originUrl);
  if (nginx) {
    try {
      rows.push(await drive('through nginx (CPU: nginx)', `${nginx.url}/page`, nginx.child.pid!, originPid));
    } finally {
      await nginx.stop();
    }
  } else console.log('nginx is not installed: its row is left out');
  rows.push(
    await drive("the product's own /llms.txt (CPU: product)", `${product.baseUrl}/llms.txt`, productPid, originPid),
  );
  console.table(rows);
  const [direct, proxied, bare] = rows as [Row, Row, Row];
  console.log(
    `front mode: ${proxied.cpuMicrosecondsPerRequest} µs of the product's CPU and ${(proxied.p99Ms - direct.p99Ms).toFixed(1)} ms of p99 per page over the origin direct; ${(proxied.cpuMicrosecondsPerRequest / bare.cpuMicrosecondsPerRequest).toFixed(2)}× the CPU per page of Fastify + reply-from`,
  );
} finally {
  await product.stop();
  peer.kill();
  origin.kill();
}
