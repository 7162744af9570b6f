// `npx node bench/front-rounds.ts [rounds]`: front mode's CPU per page against the bare Fastify +
// @fastify/reply-from app (bench/reply-from-peer.ts) in interleaved rounds, read from /proc, so that
// a machine whose speed drifts weighs both alike. Each round reads, for every build of the product,
// the proxied page (`/page`), the cacheable page from its cache (`/cached`) and its own `/llms.txt`,
// and the same page through reply-from, in an order reversed every other round, with the floor
// under a page from memory: a bare Fastify app sending it (bench/fastify-page-peer.ts). The medians
// and each round's ratios are printed. BENCH_BUILDS=dist,dist-before weighs several builds of the product
// side by side against one origin (each a folder beside dist/, built with
// `node scripts/build.ts dist-before` from another commit; `dist+NAME=value` runs a build with that
// variable set, e.g. `dist+AGENTSITE_TEST_INSIGHT=off`); BENCH_DURATION (seconds per reading,
// default 5), BENCH_CONNECTIONS (default 32), BENCH_WARMUP (seconds each reading's URL is driven once
// before the first round, default 15: the product's code takes 10-15 s of load to be compiled by
// V8's optimising tiers, where the bare apps' little code takes well under a second).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer } from '../scripts/build.ts';
import { startPageOrigin } from './lib/page-origin.ts';
import { cpuSeconds, nodeBinary, root, type ServerProcess, startServer } from './lib/processes.ts';

const rounds = Number(process.argv[2] ?? 5);
const seconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 15);
const builds = (process.env.BENCH_BUILDS ?? 'dist').split(',');

interface Reading {
  key: string;
  url: string;
  pid: number;
}

/** CPU µs per request of `pid` while `url` is read for `seconds`, after a short warm-up. */
async function cpuPerRequest({ key, url, pid }: Reading): Promise<number> {
  await autocannon({ url, connections, duration: 0.5 });
  const before = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration: seconds });
  const used = cpuSeconds(pid) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${key}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return Math.round((used * 1e6) / result.requests.total);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** A build's folder and the variables it runs with: `dist+NAME=value+…`. */
const buildOf = (build: string): [string, Record<string, string>] => {
  const [folder = 'dist', ...settings] = build.split('+');
  return [folder, Object.fromEntries(settings.map((setting) => setting.split('=', 2) as [string, string]))];
};

if (builds.some((build) => buildOf(build)[0] === 'dist')) await buildServer();
const { child: origin, url: originUrl } = await startPageOrigin();
const products: [string, ServerProcess][] = [];
/** A peer app of bench/ as its own process, and the port it listens on. */
const startPeer = (script: string): [ChildProcess, Promise<number>] => {
  const child = spawn(nodeBinary, [path.join(root, script), originUrl], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return [child, new Promise<number>((resolve) => child.once('message', (port) => resolve(Number(port))))];
};
const [peer, peerListening] = startPeer('bench/reply-from-peer.ts');
const [floor, floorListening] = startPeer('bench/fastify-page-peer.ts');
try {
  for (const build of builds) {
    const [folder, env] = buildOf(build);
    products.push([
      build,
      await startServer({ ORIGIN_URL: originUrl, LOG_LEVEL: 'silent', ...env }, path.join(folder, 'main.mjs')),
    ]);
  }
  const readings: Reading[] = [
    { key: 'replyFrom', url: `http://127.0.0.1:${await peerListening}/page`, pid: peer.pid! },
    { key: 'Fastify page from memory', url: `http://127.0.0.1:${await floorListening}/page`, pid: floor.pid! },
  ];
  for (const [build, product] of products) {
    const pid = product.child.pid!;
    readings.push(
      { key: `${build} page`, url: `${product.baseUrl}/page`, pid },
      { key: `${build} cached`, url: `${product.baseUrl}/cached`, pid },
      { key: `${build} llms.txt`, url: `${product.baseUrl}/llms.txt`, pid },
    );
  }
  for (const { url } of readings) await autocannon({ url, connections, duration: warmupSeconds });
  const cpu = new Map<string, number[]>(readings.map((reading) => [reading.key, []]));
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 ? [...readings].reverse() : readings;
    for (const reading of order) cpu.get(reading.key)?.push(await cpuPerRequest(reading));
    const replyFrom = cpu.get('replyFrom')?.[round] as number;
    const line = readings
      .filter(({ key }) => key !== 'replyFrom')
      .map(
        ({ key }) =>
          `${key} ${cpu.get(key)?.[round]} µs (${((cpu.get(key)?.[round] as number) / replyFrom).toFixed(2)}×)`,
      );
    console.log(`round ${round + 1}: replyFrom ${replyFrom} µs; ${line.join('; ')}`);
  }
  console.table(
    readings.map(({ key }) => {
      const values = cpu.get(key) as number[];
      const ratios = values.map((value, round) => value / (cpu.get('replyFrom')?.[round] as number));
      return {
        reading: key,
        medianMicroseconds: median(values),
        medianRatioToReplyFrom: Number(median(ratios).toFixed(2)),
      };
    }),
  );
} finally {
  for (const [, product] of products) await product.stop();
  peer.kill();
  floor.kill();
  origin.kill();
}
