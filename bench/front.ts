// `npx node bench/front.ts` (the Node 24 of the devDependencies): what front mode costs a page passed
// through to the origin, beside Debian's nginx `proxy_pass` to the same origin and the origin direct.
// The origin (node:http answering a real template's home page, Modern Business's 16.7 KB index.html)
// and the product (the dist/ bundle as `npm start` runs it, with ORIGIN_URL) are child processes, as
// is nginx (bench/lib/nginx.ts), so each row's CPU per request is read from /proc for the process
// that does the row's work: the origin's for the direct row, the product's and nginx's for theirs
// (the origin's share of those rows is printed beside). A last row reads the product's own /llms.txt:
// what any request costs it, origin or not. A bare Fastify + @fastify/reply-from app
// (bench/reply-from-peer.ts) passes the same page, the row front mode's CPU per page is weighed against.
// The same page marked cacheable (public, max-age=600) is read from front mode's HTTP cache and from
// nginx's proxy_cache: the cache's CPU per page beside reply-from's, its p99 beside nginx's.
// BENCH_DURATION (seconds per run, default 5), BENCH_CONNECTIONS (default 32); BENCH_ONLY=key,… runs
// those rows only: direct, front, replyFrom, nginx, llms, cachedFront, cachedNginx.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer } from '../scripts/build.ts';
import { startNginx } from './lib/nginx.ts';
import { startPageOrigin } from './lib/page-origin.ts';
import { cpuSeconds, nodeBinary, root, startServer } from './lib/processes.ts';

const seconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
const wanted = (key: string): boolean => !only || only.has(key);
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
    throw new Error(
      `${run}: ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts, ${result.resets} resets), statuses ${JSON.stringify(result.statusCodeStats)}`,
    );
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
  const rows: Record<string, Row> = {};
  const row = async (key: string, run: string, url: string, pid: number): Promise<void> => {
    if (wanted(key)) rows[key] = await drive(run, url, pid, originPid);
  };
  await row('direct', 'origin direct (CPU: origin)', `${originUrl}/page`, originPid);
  await row('front', 'through front mode (CPU: product)', `${product.baseUrl}/page`, productPid);
  await row(
    'replyFrom',
    'through Fastify + reply-from (CPU: that app)',
    `http://127.0.0.1:${peerPort}/page`,
    peer.pid!,
  );
  await row(
    'cachedFront',
    "cacheable page, front mode's cache (CPU: product)",
    `${product.baseUrl}/cached`,
    productPid,
  );
  for (const cache of [false, true]) {
    const key = cache ? 'cachedNginx' : 'nginx';
    if (!wanted(key)) continue;
    const nginx = await startNginx(originUrl, { cache });
    if (!nginx) {
      console.log('nginx is not installed: its rows are left out');
      break;
    }
    try {
      const run = cache ? 'cacheable page, nginx proxy_cache (CPU: nginx)' : 'through nginx (CPU: nginx)';
      await row(key, run, `${nginx.url}/${cache ? 'cached' : 'page'}`, nginx.child.pid!);
    } finally {
      await nginx.stop();
    }
  }
  await row('llms', "the product's own /llms.txt (CPU: product)", `${product.baseUrl}/llms.txt`, productPid);
  console.table(Object.values(rows));
  const { direct, front, replyFrom, cachedFront, cachedNginx } = rows;
  if (direct && front && replyFrom)
    console.log(
      `front mode: ${front.cpuMicrosecondsPerRequest} µs of the product's CPU and ${(front.p99Ms - direct.p99Ms).toFixed(1)} ms of p99 per page over the origin direct; ${(front.cpuMicrosecondsPerRequest / replyFrom.cpuMicrosecondsPerRequest).toFixed(2)}× the CPU per page of Fastify + reply-from`,
    );
  if (cachedFront && replyFrom)
    console.log(
      `front mode's cache: ${cachedFront.cpuMicrosecondsPerRequest} µs per cached page, ${(cachedFront.cpuMicrosecondsPerRequest / replyFrom.cpuMicrosecondsPerRequest).toFixed(2)}× the CPU per page of Fastify + reply-from (target ≤ 0.3)`,
    );
  if (cachedFront && cachedNginx)
    console.log(
      `cacheable pages at ${connections} connections: p99 ${cachedFront.p99Ms} ms from front mode's cache, ${cachedNginx.p99Ms} ms from nginx proxy_cache, ${(cachedFront.p99Ms / cachedNginx.p99Ms).toFixed(2)}× (target ≤ 2)`,
    );
} finally {
  await product.stop();
  peer.kill();
  origin.kill();
}
