// `npx node bench/front-flood.ts [count]`: front mode under a flood of proxied page views. `count`
// (default 10 000) requests for a 16.7 KB page are opened at once, each on its own connection, to
// the product (the dist/ bundle, defaults but ORIGIN_URL) in front of a local origin, while
// /agent/health is asked every 20 ms on connections of its own, from a worker thread whose clock the
// flood's own client cannot stall. Printed: the
// statuses, the product's RSS before and at its peak (targets: growth ≤ 200 MB) and the health
// latencies during the flood (target: p99 ≤ 100 ms).
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { buildServer } from '../scripts/build.ts';
import { startHealthProber } from './lib/health-prober.ts';
import { startPageOrigin } from './lib/page-origin.ts';
import { startServer } from './lib/processes.ts';

const count = Number(process.argv[2] ?? 10_000);

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

await buildServer();
const origin = await startPageOrigin();
const product = await startServer({ ORIGIN_URL: origin.url, LOG_LEVEL: 'silent' });
const pid = product.child.pid!;
const flood = new Agent({ connections: count, connectTimeout: 60_000, headersTimeout: 120_000, bodyTimeout: 120_000 });
try {
  // Warm: the product's first proxied pages and health answers are not the flood's.
  for (let index = 0; index < 200; index += 1) await (await fetch(`${product.baseUrl}/page`)).arrayBuffer();
  // Health is asked on a clock (every 20 ms), not one after another: a stall then weighs by its
  // length, not as one slow sample among many fast ones.
  const prober = await startHealthProber({
    url: `${product.baseUrl}/agent/health`,
    connections: 64,
    intervalMs: 20,
    pid,
  });
  const statuses = new Map<string, number>();
  const tally = (key: string): void => void statuses.set(key, (statuses.get(key) ?? 0) + 1);
  const started = performance.now();
  const pages = Promise.all(
    Array.from({ length: count }, (_, index) =>
      request(`${product.baseUrl}/page?n=${index}`, { dispatcher: flood }).then(
        async (answer) => {
          await answer.body.dump({ limit: 1 << 20 });
          tally(String(answer.statusCode));
        },
        (error: Error & { code?: string }) => tally(error.code ?? error.name),
      ),
    ),
  );
  await pages;
  const { latencies: health, failed: healthFailed, rssBeforeMb: rssBefore, rssPeakMb: rssPeak } = await prober.stop();
  const seconds = (performance.now() - started) / 1000;
  console.table({
    [`${count} concurrent proxied page views`]: {
      seconds: Number(seconds.toFixed(1)),
      statuses: JSON.stringify(Object.fromEntries(statuses)),
      'RSS before (MB)': Math.round(rssBefore),
      'RSS peak (MB)': Math.round(rssPeak),
      'RSS growth (MB)': Math.round(rssPeak - rssBefore),
      'health answers': health.length,
      'health failed': healthFailed,
      'health p50 (ms)': Number(percentile(health, 50).toFixed(1)),
      'health p99 (ms)': Number(percentile(health, 99).toFixed(1)),
      'health max (ms)': Number((health.at(-1) ?? Number.NaN).toFixed(1)),
    },
  });
} finally {
  await flood.close();
  await product.stop();
  origin.child.kill();
}
