// The live heap one loaded small site costs with SITES_DIR: starts the app in this process over
// `BENCH_SITES` generated sites (every one kept loaded), asks each site for what builds its
// per-site parts (its home page, the REST contract, the A2A card, the MCP tool list), and reads the
// heap in use after a forced collection before and after. Run with `--expose-gc`:
// `BENCH_SITES=100 node --expose-gc bench/site-heap.ts`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startApp } from '../src/app/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { generateSites, siteHost } from './lib/many-sites.ts';

const count = Number(process.env.BENCH_SITES ?? 100);
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with node --expose-gc');

/** One request to the app's listener under the site's host; the body is read and dropped. */
function ask(port: number, host: string, method: string, pathname: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { host, accept: 'application/json, text/event-stream' };
    if (body) headers['content-type'] = 'application/json';
    const request = http.request({ host: '127.0.0.1', port, method, path: pathname, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function heapInUse(): Promise<number> {
  for (let round = 0; round < 4; round += 1) {
    collect?.();
    await sleep(50);
  }
  return process.memoryUsage().heapUsed;
}

const sitesDir = generateSites(count);
const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-site-heap-'));
const [port, mcpPort] = [18_000 + (process.pid % 1000) * 2, 18_001 + (process.pid % 1000) * 2];
const app = await startApp(
  loadConfig({
    ...process.env,
    SITES_DIR: sitesDir,
    SITES_LOADED_MAX: String(count + 10),
    LOG_LEVEL: 'silent',
    PORT: String(port),
    MCP_PORT: String(mcpPort),
    DATABASE_URL: `sqlite:${path.join(dbDir, 'heap.db')}`,
    CONTENT_POLL_SECONDS: '3600',
  }),
);
const toolList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
async function askEverySite(from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n += 1) {
    const host = siteHost(n);
    await ask(port, host, 'GET', '/');
    await ask(port, host, 'GET', '/agent/openapi.json');
    await ask(port, host, 'GET', '/.well-known/agent-card.json');
    await ask(mcpPort, host, 'POST', '/mcp', toolList);
  }
}
const half = Math.floor(count / 2);
await askEverySite(1, half);
const before = await heapInUse();
await askEverySite(half + 1, count);
const after = await heapInUse();
const perSite = (after - before) / (count - half);
console.log(
  `${count - half} more sites loaded: heap in use ${(before / 1e6).toFixed(1)} -> ${(after / 1e6).toFixed(1)} MB, ` +
    `${(perSite / 1e6).toFixed(3)} MB a site`,
);
await app.stop();
fs.rmSync(sitesDir, { recursive: true, force: true });
fs.rmSync(dbDir, { recursive: true, force: true });
