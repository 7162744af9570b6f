// `npx node bench/front.ts` (the Node 24 of the devDependencies): what front mode adds to a page
// passed through to the origin. The origin (a node:http server answering one 20 KB HTML page) runs in a child process; autocannon drives it
// once directly and once through the product (ORIGIN_URL, in this process). This process's CPU time
// per request is autocannon's alone in the first run and autocannon's plus the product's in the
// second, so the difference is the product's cost of passing one page through. A third run reads
// the product's own /llms.txt: what any request costs the product, origin or not. When nginx is
// installed (Debian: nginx-light), a last run passes the page through nginx (one worker), whose CPU
// time is read from /proc.
// BENCH_DURATION (seconds per run, default 5), BENCH_CONNECTIONS (default 32), AGENTSITE_TEST_INSIGHT=off.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/** CPU microseconds another process has used so far (utime + stime in /proc, in clock ticks of 10 ms). */
function processCpu(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Drives `url`; CPU is this process's, or `pid`'s when the server under test is another process. */
async function drive(run: string, url: string, pid?: number): Promise<Row> {
  await autocannon({ url, connections, duration: 1 }); // warm-up
  const before = process.cpuUsage();
  const otherBefore = pid === undefined ? 0 : processCpu(pid);
  const result = await autocannon({ url, connections, duration: seconds });
  const own = process.cpuUsage(before);
  const cpu = pid === undefined ? own : { user: processCpu(pid) - otherBefore, system: 0 };
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
  const rows = [direct, proxied, own];
  const nginx = await startNginx(originPort);
  if (nginx) {
    try {
      rows.push(await drive('through nginx (CPU: nginx alone)', nginx.url, nginx.process.pid));
    } finally {
      nginx.process.kill();
    }
  }
  console.table(rows);
  const added = proxied.cpuMicrosecondsPerRequest - direct.cpuMicrosecondsPerRequest;
  console.log(`front mode adds ${added} µs of CPU and ${(proxied.p99Ms - direct.p99Ms).toFixed(1)} ms of p99 per page`);
} finally {
  await product.stop();
  origin.kill();
}

/** nginx in the foreground with one worker, passing everything to the origin; undefined when not installed. */
async function startNginx(originPort: number): Promise<{ url: string; process: ChildProcess } | undefined> {
  if (spawnSync('nginx', ['-v']).error) return undefined;
  const [port] = (await freePorts(1)) as [number];
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1; master_process off; daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log;
events { worker_connections 1024; }
http { access_log off; upstream origin { server 127.0.0.1:${originPort}; keepalive 64; }
  server { listen 127.0.0.1:${port};
    location / { proxy_pass http://origin; proxy_http_version 1.1; proxy_set_header Connection ""; } } }
`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/page`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  return undefined;
}
