// `npx node bench/front.ts` (the Node 24 of the devDependencies): what front mode adds to a page passed through to the origin. The origin (a
// node:http server answering one 20 KB HTML page) runs in a child process; autocannon drives it
// once directly and once through the product (ORIGIN_URL, in this process). This process's CPU time
// per request is autocannon's alone in the first run and autocannon's plus the product's in the
// second, so the difference is the product's cost of passing one page through. A third run reads
// the product's own /llms.txt: what any request costs the product, origin or not.
// BENCH_DURATION (seconds per run, default 5), BENCH_CONNECTIONS (default 32), AGENTSITE_TEST_INSIGHT=off.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config/config.ts';
import { startApp } from '../src/app/app.ts';
import { freePorts, tempSqliteUrl } from '../test/helpers/app.ts';

const seconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const originScript = `
const page = '<!doctype html><html><head><title>Page</title></head><body>' + '<p>Agency text.</p>'.repeat(1100) + '</body></html>';
require('node:http').createServer((q, s) => s.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page))
  .listen(0, '127.0.0.1', function () { process.send(this.address().port); });`;

interface Row {
  run: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMicrosecondsPerRequest: number;
}

async function drive(run: string, url: string): Promise<Row> {
  await autocannon({ url, connections, duration: 1 }); // warm-up
  const before = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: seconds });
  const cpu = process.cpuUsage(before);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${run}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    run,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMicrosecondsPerRequest: Math.round((cpu.user + cpu.system) / result.requests.total),
  };
}

const origin = spawn(process.execPath, ['-e', originScript], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const originPort = await new Promise<number>((resolve) => origin.once('message', (port) => resolve(Number(port))));
const [port, mcpPort] = (await freePorts(2)) as [number, number];
const product = await startApp(
  loadConfig({
    LOG_LEVEL: 'silent',
    AGENTSITE_TEST_INSIGHT: process.env.AGENTSITE_TEST_INSIGHT ?? 'on',
    PORT: String(port),
    MCP_PORT: String(mcpPort),
    DATABASE_URL: tempSqliteUrl(),
    ORIGIN_URL: `http://127.0.0.1:${originPort}`,
  }),
);
try {
  const direct = await drive('origin direct', `http://127.0.0.1:${originPort}/page`);
  const proxied = await drive('through front mode', `http://127.0.0.1:${port}/page`);
  // The product's own fixed document, for its per-request cost without the origin.
  const own = await drive("the product's own /llms.txt", `http://127.0.0.1:${port}/llms.txt`);
  console.table([direct, proxied, own]);
  const added = proxied.cpuMicrosecondsPerRequest - direct.cpuMicrosecondsPerRequest;
  console.log(`front mode adds ${added} µs of CPU and ${(proxied.p99Ms - direct.p99Ms).toFixed(1)} ms of p99 per page`);
} finally {
  await product.stop();
  origin.kill();
}
