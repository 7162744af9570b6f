// `npx node bench/sites.ts` (the Node 24 of the devDependencies): many sites in one process. BENCH_SITES
// small sites (default 1 000; bench/lib/many-sites.ts, 11-30 pages each, words of their own, hosts
// site-0001.example, …) in a temporary SITES_DIR, served by the dist/ bundle as `npm start` runs it:
// - start-up: spawn to the first 200 of a site's home page (and of /agent/health);
// - RSS after start-up (at that first 200) and after a pass that asks every site for its home page once;
// - CPU per request of one case-study page: one site served alone (CONTENT_DIR, the same folder as
//   site-0001) beside the same page spread over every host of the many-sites process (each host's
//   page asked for once first, so both answer from the response cache), and the same page over every
//   host again with each host asked BENCH_BURST times in a row (default 4): the same sites, code and
//   heap, but a site's data is read from the processor's caches after its first request of a burst,
//   so the two rows part the host lookup and site scope from reading 1 000 sites' data in turn
//   (docs/benchmarks.md), and the same page through the first host alone (the host lookup and site
//   scope with that site's data in the caches, in the process of 1 000 sites); beside them, a
//   textbook multi-site Fastify app (bench/fastify-sites-peer.ts: each host's pages in memory,
//   pages as long as the product's) through one host and over every
//   host, the cost of reading 1 000 sites' data in turn with no product step in it; the six run in
//   turn BENCH_ROUNDS times (default 3), CPU read from /proc of each server process;
// - adding a site to the running instance: a new folder renamed into SITES_DIR, its host polled every
//   10 ms until 200, BENCH_ADDS times (default 5).
// That process keeps every site loaded (SITES_LOADED_MAX above the count), as the CPU rows spread over
// every host need. A second many-sites process then runs with the product's bound on loaded sites
// (SITES_LOADED_MAX=BENCH_LOADED_MAX, default the product's own) and gives its start-up and RSS after
// the same pass over every site's home page.
// Both servers look at their folders every CONTENT_POLL_SECONDS=BENCH_POLL_SECONDS (default 1, the
// smallest interval there is; a folder renamed into SITES_DIR is seen at once whatever the interval);
// each loaded site looks at its own folder then too. Each run's CPU less the process's idle CPU (read
// over 3 s just before it) is printed and kept in the results, but judged against no target: with
// hundreds of sites looking at their folders the idle reading swings between rounds by more than a
// page costs, and it is not what the looks take while pages are served (docs/benchmarks.md).
// BENCH_DURATION (seconds per run, default 5),
// BENCH_CONNECTIONS (default 32). Prints the rows against their targets and writes
// bench/results/sites-<timestamp>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../scripts/build.ts';
import { runScenario, type Scenario } from './lib/load.ts';
import { generateSites, siteHost, siteKey, writeSite } from './lib/many-sites.ts';
import {
  type BareServer,
  cpuSeconds,
  residentMb,
  root,
  startFastifySitesPeer,
  startServer,
  type ServerProcess,
} from './lib/processes.ts';
import { statusAs } from './lib/status-as.ts';

const count = whole('BENCH_SITES', 1000);
const seconds = whole('BENCH_DURATION', 5);
const connections = whole('BENCH_CONNECTIONS', 32);
const rounds = whole('BENCH_ROUNDS', 3);
const adds = whole('BENCH_ADDS', 5);
const burst = whole('BENCH_BURST', 4);
const pollSeconds = String(whole('BENCH_POLL_SECONDS', 1));
/** The bound of the second many-sites process; unset, the product's default. */
const loadedMax = process.env.BENCH_LOADED_MAX === undefined ? undefined : String(whole('BENCH_LOADED_MAX', 1));
const idleSeconds = 3;
/** A page every generated site has, at the same address. */
const page = '/case-studies/wick-and-wax';
const log = (line: string): void => void process.stderr.write(`${line}\n`);

function whole(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more`);
  return value;
}

/** Polls `url` as `host` every 10 ms until it answers 200; the time since `started` in ms. */
async function untilOk(url: string, host: string, started: number, limitMs = 60_000): Promise<number> {
  let last = 0;
  while (performance.now() - started < limitMs) {
    last = await statusAs(url, host);
    if (last === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${host} gave no 200 on ${url} within ${limitMs} ms (last status ${last})`);
}

/**
 * The CPU µs per request of one measured run of `scenario` against the process `pid`, and the same
 * less the process's CPU when idle (its folder polls) just before, over as long.
 */
async function cpuPerRequest(scenario: Scenario, pid: number): Promise<{ us: number; netUs: number; rps: number }> {
  const idleStart = cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const idlePerSecond = (cpuSeconds(pid) - idleStart) / idleSeconds;
  const before = cpuSeconds(pid);
  const result = await runScenario(scenario, seconds);
  if (!result.ok) throw new Error(`${scenario.name}: ${result.failure}`);
  const used = cpuSeconds(pid) - before;
  const perRequest = (cpu: number): number => (cpu / result.requests) * 1e6;
  return { us: perRequest(used), netUs: perRequest(used - idlePerSecond * result.seconds), rps: result.rps };
}

function pageScenario(name: string, url: string, hosts?: string[]): Scenario {
  let next = 0;
  const perRequest = hosts ? () => ({ headers: { host: hosts[next++ % hosts.length]! } }) : undefined;
  return { key: name, name, url, expectStatus: 200, connections, perRequest };
}

await buildServer();
log(`writing ${count} sites…`);
const sitesDir = generateSites(count);
const hosts = Array.from({ length: count }, (_, i) => siteHost(i + 1));
const poll = { CONTENT_POLL_SECONDS: pollSeconds, LOG_LEVEL: 'warn' };
let many: ServerProcess | undefined;
let single: ServerProcess | undefined;
let bounded: ServerProcess | undefined;
let peer: BareServer | undefined;
try {
  const spawned = performance.now();
  const sitesEnv = { ...poll, SITES_DIR: sitesDir, BASE_URL: undefined, MCP_URL: undefined };
  many = await startServer({ ...sitesEnv, SITES_LOADED_MAX: String(count + adds) });
  const firstPageMs = await untilOk(`${many.baseUrl}/`, hosts[0]!, spawned);
  const manyPid = many.child.pid!;
  const rssStartMb = residentMb(manyPid);
  log(
    `first 200 after ${firstPageMs.toFixed(0)} ms (health ${many.startMs.toFixed(0)} ms), RSS ${rssStartMb.toFixed(0)} MB`,
  );

  const passStarted = performance.now();
  for (const host of hosts) await untilOk(`${many.baseUrl}/`, host, performance.now(), 30_000);
  const passSeconds = (performance.now() - passStarted) / 1000;
  const rssPassMb = residentMb(manyPid);
  log(`every site's home page in ${passSeconds.toFixed(1)} s, RSS ${rssPassMb.toFixed(0)} MB`);

  single = await startServer({ ...poll, CONTENT_DIR: path.join(sitesDir, siteKey(1)) });
  const singleStartMs = single.startMs;
  const alone = pageScenario('one site alone', `${single.baseUrl}${page}`);
  const spread = pageScenario(`the same page over ${count} hosts`, `${many.baseUrl}${page}`, hosts);
  const throughOne = pageScenario(`the same page through one host of ${count}`, `${many.baseUrl}${page}`, [hosts[0]!]);
  const inBursts = pageScenario(
    `the same page over ${count} hosts, ${burst} in a row each`,
    `${many.baseUrl}${page}`,
    hosts.flatMap((host) => Array<string>(burst).fill(host)),
  );
  for (const [scenario, host] of [
    [alone, new URL(single.baseUrl).host],
    [spread, hosts[0]!],
  ] as const) {
    const status = await statusAs(scenario.url, host);
    if (status !== 200) throw new Error(`${scenario.name}: ${scenario.url} answered ${status}`);
    await runScenario(scenario, 1);
  }
  // Like with like: the one site's page is kept after its first request, so every host's is asked
  // for once before the runs. A second of warm-up need not reach every host (each first rendering
  // takes milliseconds), and the runs would then pay the first rendering of the others' pages.
  for (const host of hosts) await untilOk(`${many.baseUrl}${page}`, host, performance.now(), 30_000);
  // The textbook multi-site app beside them, with pages as long as the product's.
  const pageBytes = (await (await fetch(`${single.baseUrl}${page}`)).arrayBuffer()).byteLength;
  peer = await startFastifySitesPeer(count, pageBytes);
  const peerOne = pageScenario('the textbook app through one host', `${peer.url}${page}`, [hosts[0]!]);
  const peerSpread = pageScenario(`the textbook app over ${count} hosts`, `${peer.url}${page}`, hosts);
  await runScenario(peerSpread, 1);
  const cpu = {
    peerOne: [] as number[],
    peerSpread: [] as number[],
    peerOneNet: [] as number[],
    peerSpreadNet: [] as number[],
    peerOneRps: [] as number[],
    peerSpreadRps: [] as number[],
    alone: [] as number[],
    spread: [] as number[],
    bursts: [] as number[],
    oneHost: [] as number[],
    aloneNet: [] as number[],
    spreadNet: [] as number[],
    burstsNet: [] as number[],
    oneHostNet: [] as number[],
    aloneRps: [] as number[],
    spreadRps: [] as number[],
    burstsRps: [] as number[],
    oneHostRps: [] as number[],
  };
  const scenarios = { alone, spread, bursts: inBursts, oneHost: throughOne, peerOne, peerSpread };
  const pids = {
    alone: single.child.pid!,
    spread: manyPid,
    bursts: manyPid,
    oneHost: manyPid,
    peerOne: peer.child.pid!,
    peerSpread: peer.child.pid!,
  };
  for (let round = 0; round < rounds; round += 1) {
    const order =
      round % 2 === 0
        ? (['alone', 'spread', 'bursts', 'oneHost', 'peerOne', 'peerSpread'] as const)
        : (['peerSpread', 'peerOne', 'oneHost', 'bursts', 'spread', 'alone'] as const);
    for (const which of order) {
      const reading = await cpuPerRequest(scenarios[which], pids[which]);
      cpu[which].push(reading.us);
      cpu[`${which}Net`].push(reading.netUs);
      cpu[`${which}Rps`].push(reading.rps);
      log(
        `${which}: ${reading.us.toFixed(0)} µs CPU a request (${reading.netUs.toFixed(0)} less the idle polls), ${reading.rps.toFixed(0)} req/s`,
      );
    }
  }
  await single.stop();
  single = undefined;
  await peer.stop();
  peer = undefined;

  const addMs: number[] = [];
  for (let k = 1; k <= adds; k += 1) {
    const n = count + k;
    const started = performance.now();
    writeSite(sitesDir, n);
    addMs.push(await untilOk(`${many.baseUrl}/`, siteHost(n), started, 30_000));
    log(`site ${n} answered ${addMs.at(-1)!.toFixed(0)} ms after its folder was written`);
  }
  const rssEndMb = residentMb(manyPid);
  const manyStartMs = many.startMs;
  await many.stop();
  many = undefined;

  const boundStarted = performance.now();
  bounded = await startServer({ ...sitesEnv, SITES_LOADED_MAX: loadedMax });
  const boundFirstPageMs = await untilOk(`${bounded.baseUrl}/`, hosts[0]!, boundStarted);
  const boundPid = bounded.child.pid!;
  const boundRssStartMb = residentMb(boundPid);
  const boundPassStarted = performance.now();
  for (const host of hosts) await untilOk(`${bounded.baseUrl}/`, host, performance.now(), 30_000);
  const boundPassSeconds = (performance.now() - boundPassStarted) / 1000;
  const boundRssPassMb = residentMb(boundPid);
  log(
    `bounded (SITES_LOADED_MAX ${loadedMax ?? 'default'}): first 200 after ${boundFirstPageMs.toFixed(0)} ms, RSS ${boundRssStartMb.toFixed(0)} MB; every site's home page in ${boundPassSeconds.toFixed(1)} s, RSS ${boundRssPassMb.toFixed(0)} MB`,
  );

  const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;
  const ratio = mean(cpu.spread) / mean(cpu.alone);
  const netRatio = mean(cpu.spreadNet) / mean(cpu.aloneNet);
  const burstRatio = mean(cpu.bursts) / mean(cpu.alone);
  const oneHostRatio = mean(cpu.oneHost) / mean(cpu.alone);
  const peerRatio = mean(cpu.peerSpread) / mean(cpu.peerOne);
  const sorted = [...addMs].sort((a, b) => a - b);
  const load = os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
  const targets = [
    row('start-up to the first 200 of a site', '≤ 3 s', firstPageMs / 1000, 3, 's'),
    row('RSS after start-up', '≤ 1024 MB', rssStartMb, 1024, 'MB'),
    row('RSS after a page of every site, every site kept loaded', '≤ 1024 MB', rssPassMb, 1024, 'MB'),
    row('start-up to the first 200, loaded sites bounded', '≤ 3 s', boundFirstPageMs / 1000, 3, 's'),
    row('RSS after a page of every site, loaded sites bounded', '≤ 1024 MB', boundRssPassMb, 1024, 'MB'),
    row('CPU per request, many sites ÷ one site', '≤ 1.05×', ratio, 1.05, '×'),
    row(`the same, each host ${burst} times in a row`, '≤ 1.05×', burstRatio, 1.05, '×'),
    row(`the same, through one host of the ${count}`, '≤ 1.05×', oneHostRatio, 1.05, '×'),
    row(`adding a site (median of ${adds})`, '≤ 1 s', sorted[Math.floor(sorted.length / 2)]! / 1000, 1, 's'),
    row(`adding a site (slowest of ${adds})`, '≤ 1 s', sorted.at(-1)! / 1000, 1, 's'),
  ];
  const figures = {
    sites: count,
    healthFirstOkMs: Math.round(manyStartMs),
    oneSiteHealthFirstOkMs: Math.round(singleStartMs),
    everySitePassSeconds: Number(passSeconds.toFixed(1)),
    rssAfterAddsMb: Math.round(rssEndMb),
    boundedLoadedMax: loadedMax ?? 'default',
    boundedRssStartMb: Math.round(boundRssStartMb),
    boundedPassSeconds: Number(boundPassSeconds.toFixed(1)),
    aloneCpuUs: cpu.alone.map(Math.round),
    spreadCpuUs: cpu.spread.map(Math.round),
    burst,
    burstsCpuUs: cpu.bursts.map(Math.round),
    oneHostCpuUs: cpu.oneHost.map(Math.round),
    ratioLessIdleCpu: Number(netRatio.toFixed(3)),
    aloneNetCpuUs: cpu.aloneNet.map(Math.round),
    spreadNetCpuUs: cpu.spreadNet.map(Math.round),
    burstsNetCpuUs: cpu.burstsNet.map(Math.round),
    aloneRps: cpu.aloneRps.map(Math.round),
    spreadRps: cpu.spreadRps.map(Math.round),
    burstsRps: cpu.burstsRps.map(Math.round),
    textbookAppOneHostCpuUs: cpu.peerOne.map(Math.round),
    textbookAppSpreadCpuUs: cpu.peerSpread.map(Math.round),
    textbookAppRatio: Number(peerRatio.toFixed(3)),
    addMs: addMs.map(Math.round),
    contentPollSeconds: Number(pollSeconds),
    loadAverage: load,
  };
  console.table(targets);
  console.log(
    `beside them, the textbook multi-site Fastify app (bench/fastify-sites-peer.ts): ${mean(cpu.peerOne).toFixed(1)} µs a page through one host, ` +
      `${mean(cpu.peerSpread).toFixed(1)} over every host, ${peerRatio.toFixed(3)}× (the product: ${ratio.toFixed(3)}×)`,
  );
  console.log(JSON.stringify(figures));
  console.log(`load average at the end: ${load} (${os.availableParallelism()} CPUs)`);
  const startedAt = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.join(root, 'bench/results', `sites-${startedAt}.json`);
  fs.writeFileSync(out, `${JSON.stringify({ node: process.version, targets, figures }, null, 2)}\n`);
  log(`written to ${path.relative(root, out)}`);
} finally {
  await single?.stop();
  await peer?.stop();
  await many?.stop();
  await bounded?.stop();
  fs.rmSync(sitesDir, { recursive: true, force: true });
}

function row(target: string, goal: string, actual: number, limit: number, unit: string) {
  return {
    target,
    goal,
    actual: `${actual.toFixed(unit === '×' ? 3 : unit === 's' ? 2 : 0)} ${unit}`,
    met: actual <= limit,
  };
}
