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
//   host, the cost of reading 1 000 sites' data in turn with no product step in it; and one site of
//   as many case studies as there are sites (bench/lib/many-sites.ts, writeLargeSite), each asked in
//   turn, which reads as many pages' data in turn as the run over every host but of one site, so the
//   two part many pages from many sites; the seven run in turn BENCH_ROUNDS times (default 3), CPU
//   read from /proc of each server process;
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
import { runScenario } from './lib/load.ts';
import { generateSites, siteHost, siteKey, writeLargeSite, writeSite } from './lib/many-sites.ts';
import {
  type BareServer,
  residentMb,
  root,
  startFastifySitesPeer,
  startServer,
  type ServerProcess,
} from './lib/processes.ts';
import { cpuPerRequest, pageScenario, row, untilOk } from './lib/site-rounds.ts';
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
/** A page every generated site has, at the same address. */
const page = '/case-studies/wick-and-wax';
const log = (line: string): void => void process.stderr.write(`${line}\n`);

function whole(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more`);
  return value;
}

await buildServer();
log(`writing ${count} sites…`);
const sitesDir = generateSites(count);
const hosts = Array.from({ length: count }, (_, i) => siteHost(i + 1));
const poll = { CONTENT_POLL_SECONDS: pollSeconds, LOG_LEVEL: 'warn' };
let many: ServerProcess | undefined;
let single: ServerProcess | undefined;
let bounded: ServerProcess | undefined;
let largeSite: ServerProcess | undefined;
let peer: BareServer | undefined;
const large = writeLargeSite(sitesDir, page, count);
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
  const alone = pageScenario('one site alone', `${single.baseUrl}${page}`, connections);
  const spread = pageScenario(`the same page over ${count} hosts`, `${many.baseUrl}${page}`, connections, { hosts });
  const throughOne = pageScenario(`the same page through one host of ${count}`, `${many.baseUrl}${page}`, connections, {
    hosts: [hosts[0]!],
  });
  const inBursts = pageScenario(
    `the same page over ${count} hosts, ${burst} in a row each`,
    `${many.baseUrl}${page}`,
    connections,
    { hosts: hosts.flatMap((host) => Array<string>(burst).fill(host)) },
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
  // One site with as many case-study pages as there are sites, each asked in turn: as many pages' data
  // read in turn as over every host, but of one site, so the two rows part many pages from many sites.
  largeSite = await startServer({ ...poll, CONTENT_DIR: large.dir });
  const largeHost = new URL(largeSite.baseUrl).host;
  for (const at of large.paths) await untilOk(`${largeSite.baseUrl}${at}`, largeHost, performance.now(), 30_000);
  const largeSpread = pageScenario(
    `one site's ${count} case studies in turn`,
    `${largeSite.baseUrl}${page}`,
    connections,
    {
      paths: large.paths,
    },
  );
  // The textbook multi-site app beside them, with pages as long as the product's.
  const pageBytes = (await (await fetch(`${single.baseUrl}${page}`)).arrayBuffer()).byteLength;
  peer = await startFastifySitesPeer(count, pageBytes);
  const peerOne = pageScenario('the textbook app through one host', `${peer.url}${page}`, connections, {
    hosts: [hosts[0]!],
  });
  const peerSpread = pageScenario(`the textbook app over ${count} hosts`, `${peer.url}${page}`, connections, { hosts });
  await runScenario(peerSpread, 1);
  const runs = {
    alone: [alone, single.child.pid!],
    spread: [spread, manyPid],
    bursts: [inBursts, manyPid],
    oneHost: [throughOne, manyPid],
    largeSpread: [largeSpread, largeSite.child.pid!],
    peerOne: [peerOne, peer.child.pid!],
    peerSpread: [peerSpread, peer.child.pid!],
  } as const;
  type Run = keyof typeof runs;
  const order = Object.keys(runs) as Run[];
  const readings = () => ({ us: [] as number[], netUs: [] as number[], rps: [] as number[] });
  const cpu = Object.fromEntries(order.map((which) => [which, readings()])) as Record<Run, ReturnType<typeof readings>>;
  for (let round = 0; round < rounds; round += 1) {
    for (const which of round % 2 === 0 ? order : [...order].reverse()) {
      const reading = await cpuPerRequest(runs[which][0], runs[which][1], seconds);
      cpu[which].us.push(reading.us);
      cpu[which].netUs.push(reading.netUs);
      cpu[which].rps.push(reading.rps);
      log(
        `${which}: ${reading.us.toFixed(0)} µs CPU a request (${reading.netUs.toFixed(0)} less the idle polls), ${reading.rps.toFixed(0)} req/s`,
      );
    }
  }
  await single.stop();
  single = undefined;
  await largeSite.stop();
  largeSite = undefined;
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
  const ratio = mean(cpu.spread.us) / mean(cpu.alone.us);
  const netRatio = mean(cpu.spread.netUs) / mean(cpu.alone.netUs);
  const burstRatio = mean(cpu.bursts.us) / mean(cpu.alone.us);
  const oneHostRatio = mean(cpu.oneHost.us) / mean(cpu.alone.us);
  const largeRatio = mean(cpu.largeSpread.us) / mean(cpu.alone.us);
  const peerRatio = mean(cpu.peerSpread.us) / mean(cpu.peerOne.us);
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
    aloneCpuUs: cpu.alone.us.map(Math.round),
    spreadCpuUs: cpu.spread.us.map(Math.round),
    burst,
    burstsCpuUs: cpu.bursts.us.map(Math.round),
    oneHostCpuUs: cpu.oneHost.us.map(Math.round),
    largeSiteSpreadCpuUs: cpu.largeSpread.us.map(Math.round),
    largeSiteRatio: Number(largeRatio.toFixed(3)),
    ratioLessIdleCpu: Number(netRatio.toFixed(3)),
    aloneNetCpuUs: cpu.alone.netUs.map(Math.round),
    spreadNetCpuUs: cpu.spread.netUs.map(Math.round),
    burstsNetCpuUs: cpu.bursts.netUs.map(Math.round),
    aloneRps: cpu.alone.rps.map(Math.round),
    spreadRps: cpu.spread.rps.map(Math.round),
    burstsRps: cpu.bursts.rps.map(Math.round),
    textbookAppOneHostCpuUs: cpu.peerOne.us.map(Math.round),
    textbookAppSpreadCpuUs: cpu.peerSpread.us.map(Math.round),
    textbookAppRatio: Number(peerRatio.toFixed(3)),
    addMs: addMs.map(Math.round),
    contentPollSeconds: Number(pollSeconds),
    loadAverage: load,
  };
  console.table(targets);
  console.log(
    `beside them, the textbook multi-site Fastify app (bench/fastify-sites-peer.ts): ${mean(cpu.peerOne.us).toFixed(1)} µs a page through one host, ` +
      `${mean(cpu.peerSpread.us).toFixed(1)} over every host, ${peerRatio.toFixed(3)}× (the product: ${ratio.toFixed(3)}×)`,
  );
  console.log(
    `one site of ${large.paths.length} case studies, each asked in turn: ${mean(cpu.largeSpread.us).toFixed(1)} µs a page, ` +
      `${largeRatio.toFixed(3)}× the site alone; over every host of ${count} sites ÷ that: ${(ratio / largeRatio).toFixed(3)}×`,
  );
  console.log(JSON.stringify(figures));
  console.log(`load average at the end: ${load} (${os.availableParallelism()} CPUs)`);
  const startedAt = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.join(root, 'bench/results', `sites-${startedAt}.json`);
  fs.writeFileSync(out, `${JSON.stringify({ node: process.version, targets, figures }, null, 2)}\n`);
  log(`written to ${path.relative(root, out)}`);
} finally {
  await single?.stop();
  await largeSite?.stop();
  await peer?.stop();
  await many?.stop();
  await bounded?.stop();
  fs.rmSync(sitesDir, { recursive: true, force: true });
  fs.rmSync(large.dir, { recursive: true, force: true });
}
