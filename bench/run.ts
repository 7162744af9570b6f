// `npm run bench`: builds and starts the real server as `npm start` does (demo content, fresh SQLite,
// TRUST_PROXY=loopback) and a bare node:http server, drives every scenario with autocannon, prints
// the figures against the targets and writes them to bench/results/<timestamp>.json. Exits 1 when a
// scenario failed its status checks. BENCH_DURATION (seconds per scenario, default 5),
// BENCH_CONNECTIONS (default 32), BENCH_FIXTURE_STUDIES (generated case studies for the large-content
// run, default 10000; 0 skips it), BENCH_SETTLE (seconds the server's RSS must hold still, within 1 MB,
// before the idle reading, default 20, at most 120 s waited: V8's memory reducer gives a burst's garbage
// back a few of its 8 s ticks after the load stops (src/kernel/idle-heap.ts), so RSS may first hold
// still, then fall).
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../scripts/build.ts';
import { generateContent } from './fixture.ts';
import { measureDrain } from './lib/drain.ts';
import { probe, runScenario, type Scenario, type ScenarioResult } from './lib/load.ts';
import { startBareSdkReplica } from './lib/mcp-replica.ts';
import { startPageReplica } from './lib/page-replica.ts';
import {
  cpuSeconds,
  residentMb,
  root,
  startBareServer,
  startFastifyPeer,
  startServer,
  type ServerProcess,
} from './lib/processes.ts';
import { machine, renderTable, writeJson, type BenchReport } from './lib/report.ts';
import {
  askScenario,
  bareScenario,
  caseStudiesScenario,
  compressedPageScenario,
  conditionalPageScenario,
  contactScenario,
  filteredIndexScenario,
  firstCursor,
  healthScenario,
  browserHeaders,
  mcpSearchScenario,
  pageReplicaScenario,
  pageScenario,
  replayScenario,
} from './lib/scenarios.ts';
import { settledRss } from './lib/settle.ts';
import { startSignedTraffic } from './lib/signed.ts';
import { measureInsightCost } from './lib/insight.ts';
import { auditKey, measureAudit } from './lib/audit.ts';
import { evaluateTargets } from './lib/targets.ts';

const seconds = positive('BENCH_DURATION', 5);
const connections = positive('BENCH_CONNECTIONS', 32);
const fixtureStudies = Number(process.env.BENCH_FIXTURE_STUDIES ?? 10_000);
const warmupSeconds = Math.min(1, seconds);
const settleSeconds = positive('BENCH_SETTLE', 20);
/** The longest wait for RSS to hold still after the run, and the fixed moment of the target's reading. */
const [settleMaxSeconds, fixedIdleSeconds] = [120, 30];
const coldStarts = 5;
/** BENCH_DRAIN_ENQUIRIES: the queued backlog the worker drains (webhook + e-mail each); 0 skips it. */
const drainEnquiries = Number(process.env.BENCH_DRAIN_ENQUIRIES ?? 5_000);
const drainFigure = `delivery drain, ${drainEnquiries} queued enquiries to webhook + SMTP (deliveries/s)`;
const searchTool = process.env.BENCH_MCP_TOOL ?? 'service_search_case_studies';
/** BENCH_ONLY=health,contact runs just those scenario keys (plus the bare server), e.g. to profile. */
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/**
 * The process serving each origin, so every reading also takes that process's CPU time per
 * request: a figure that holds on a noisy machine where throughput does not.
 */
const processByOrigin = new Map<string, number>();
function serves(pid: number | undefined, ...urls: string[]): void {
  for (const url of urls) if (pid !== undefined) processByOrigin.set(new URL(url).origin, pid);
}

/** Probes once (a wrong path fails fast with the server's answer), warms up, then measures. */
async function measure(scenario: Scenario): Promise<ScenarioResult | undefined> {
  if (only && !alwaysRun.has(scenario.key) && !only.has(scenario.key)) return undefined;
  const problem = await probe(scenario).catch((error: unknown) => String(error));
  if (problem !== undefined) {
    log(`✗ ${scenario.name}: probe failed: ${problem}`);
    return { ...emptyResult(scenario), failure: `probe: ${problem}` };
  }
  await runScenario(scenario, warmupSeconds);
  const pid = processByOrigin.get(new URL(scenario.url).origin);
  const cpuBefore = pid === undefined ? 0 : cpuSeconds(pid);
  const result = await runScenario(scenario, seconds);
  if (pid !== undefined && result.requests > 0)
    result.cpuUsPerRequest = ((cpuSeconds(pid) - cpuBefore) / result.requests) * 1e6;
  const cpu = result.cpuUsPerRequest === undefined ? '' : `, ${result.cpuUsPerRequest.toFixed(1)} µs CPU a request`;
  log(
    `${result.ok ? '✓' : '✗'} ${result.name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(2)} ms${cpu}${result.ok ? '' : ` — ${result.failure}`}`,
  );
  return result;
}

/** The readings that frame a group: they run whenever the group does. */
const alwaysRun = new Set(['bare', 'mcpBareSdk']);

function add(list: ScenarioResult[], result: ScenarioResult | undefined): void {
  if (result) list.push(result);
}

function emptyResult(scenario: Scenario): ScenarioResult {
  return {
    key: scenario.key,
    name: scenario.name,
    connections: scenario.connections,
    seconds: 0,
    requests: 0,
    rps: 0,
    p50: Number.NaN,
    p99: Number.NaN,
    bytesPerResponse: Number.NaN,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    mismatches: 0,
    statuses: {},
    ok: false,
  };
}

async function main(): Promise<number> {
  const startedAt = new Date().toISOString();
  const figures: Record<string, number> = {};
  const results: ScenarioResult[] = [];
  await buildServer();
  const bare = await startBareServer();
  serves(bare.child.pid, bare.url);
  // What a user would otherwise pick, measured in the same brackets as the product's own answers.
  const fastify = await startFastifyPeer();
  serves(fastify.child.pid, fastify.url);
  // Key directories the server trusts, so a signed read can be measured beside an unsigned one.
  const signing = await startSignedTraffic();
  let server: ServerProcess | undefined;
  try {
    // Warm the load generator itself (autocannon's parser gets JIT-compiled) before any reading, so
    // the first scenarios are not measured with a slower client than the later ones.
    await runScenario(bareScenario(bare.url, connections), Math.min(3, seconds));
    add(results, await measure(bareScenario(bare.url, connections, ' (start)')));
    // Cold start: five fresh starts (new process, empty database); the last one is benched.
    const starts: number[] = [];
    for (let i = 0; i < coldStarts; i += 1) {
      server = await startServer(signing.env);
      serves(server.child.pid, server.baseUrl, server.mcpUrl);
      starts.push(server.startMs);
      if (i < coldStarts - 1) await server.stop();
    }
    log(`cold starts: ${starts.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    figures[`cold start to first 200, median of ${coldStarts} (ms)`] = starts.sort((a, b) => a - b)[coldStarts >> 1]!;
    const s = server!;
    const cursor = await firstCursor(s.baseUrl).catch(() => undefined);
    // The scenarios with a target against the bare server run between bare readings, and each is
    // compared with the mean of the two around it: this VM's speed drifts by 15% and more over tens
    // of seconds (other tenants), so a bare reading minutes away moves a ratio by as much. The MCP
    // search, whose target is against the case-studies page, runs right after that page.
    const bareReading = async (when: string): Promise<ScenarioResult> => {
      const reading = (await measure(bareScenario(bare.url, connections, ` (${when})`)))!;
      add(results, reading);
      return reading;
    };
    /** Measures `group` between two bare readings; `before` reuses the one that ended the last group. */
    const betweenBare = async (group: Scenario[], before?: ScenarioResult): Promise<ScenarioResult | undefined> => {
      const wanted = group.filter((scenario) => !only || only.has(scenario.key));
      if (wanted.length === 0) return before;
      const first = before ?? (await bareReading(`before ${wanted[0]!.key}`));
      const measured: ScenarioResult[] = [];
      for (const scenario of wanted) {
        const result = await measure(scenario);
        add(results, result);
        if (result) measured.push(result);
      }
      const after = await bareReading(`after ${wanted.at(-1)!.key}`);
      for (const result of measured) {
        result.bareRps = (first.rps + after.rps) / 2;
        result.bareCpuUs = ((first.cpuUsPerRequest ?? Number.NaN) + (after.cpuUsPerRequest ?? Number.NaN)) / 2;
      }
      return after;
    };
    let before = await betweenBare([
      healthScenario(s.baseUrl, connections),
      healthScenario(fastify.url, connections, 'fastifyHealth'),
      await conditionalPageScenario(s.baseUrl, connections),
    ]);
    // Web Bot Auth: a verified signed read against an unsigned one on the same endpoint, in one bracket.
    if (!only || only.has('healthSigned')) {
      await signing.checkVerified(`${s.baseUrl}/agent/health`);
      signing.prepare(`${s.baseUrl}/agent/health`, Math.ceil((seconds + warmupSeconds) * 4_000));
    }
    before = await betweenBare(
      [
        healthScenario(s.baseUrl, connections, 'healthUnsignedBeside'),
        signing.scenario('healthSigned', `${s.baseUrl}/agent/health`, connections),
      ],
      before,
    );
    if (signing.signedDuringLoad > 0)
      log(`(${signing.signedDuringLoad} signed requests were signed during the load: the prepared ones ran out)`);
    if (!only || only.has('mcpSearchBesideSdk')) {
      Object.assign(figures, await besideBareSdk(s.mcpUrl, (r) => add(results, r)));
    }
    before = await betweenBare(
      [
        caseStudiesScenario('caseStudies', s.baseUrl, connections),
        mcpSearchScenario('mcpSearch', s.mcpUrl, connections, searchTool),
        mcpSearchScenario('mcpSearchUncached', s.mcpUrl, connections, searchTool, { uncached: true }),
      ],
      before,
    );
    before = await betweenBare(
      [caseStudiesScenario('caseStudiesCursor', s.baseUrl, connections, cursor ?? 'missing-cursor')],
      before,
    );
    if (!only || only.has('healthInsight')) {
      Object.assign(figures, await measureInsightCost(connections, seconds, (r) => add(results, r), log));
    }
    // The HTML pages have targets against the bare server, so they too run between bare readings;
    // beside the home page, a bare server sending its exact bytes (no target: it tells the server's
    // own cost from the bytes').
    const replica = await startPageReplica(`${s.baseUrl}/`, browserHeaders);
    try {
      await betweenBare([
        pageScenario(s.baseUrl, connections, 'html'),
        pageReplicaScenario(replica.url, connections),
        filteredIndexScenario(s.baseUrl, connections),
        pageScenario(s.baseUrl, connections, 'markdown'),
      ]);
    } finally {
      await replica.stop();
    }
    add(results, await measure(compressedPageScenario(s.baseUrl, connections)));
    add(
      results,
      await measure(
        mcpSearchScenario('mcpSearchLatency', s.mcpUrl, 1, searchTool, { label: ', 1 connection', uncached: true }),
      ),
    );
    add(results, await measure(askScenario('askLatency', s.baseUrl, 1, ', 1 connection')));
    add(results, await measure(replayScenario(s.baseUrl, connections)));
    add(results, await measure(contactScenario(s.baseUrl, connections)));
    figures['server RSS right after the last scenario (MB)'] = residentMb(s.child.pid!);
    // V8 returns a burst's garbage at no fixed moment after the load stops (its memory reducer, some
    // seconds later): the idle figure is read once RSS holds still (bench/lib/settle.ts).
    const idle = await settledRss(s.child.pid!, settleSeconds, settleMaxSeconds, fixedIdleSeconds);
    figures[`server RSS ${fixedIdleSeconds} s after the run (MB)`] = idle.atFixedMb;
    figures[`server RSS after the run, idle: held still ${settleSeconds} s (MB)`] = idle.mb;
    figures[`seconds until RSS held still${idle.settled ? '' : ' (still falling: not settled)'}`] = idle.seconds;
    // After the RSS readings: the audits load the server with their own traffic.
    if (!only || only.has(auditKey)) Object.assign(figures, await measureAudit(s.baseUrl, log));
    // The 49-study server stays up, idle, so its page is measured again beside the large one.
    if (fixtureStudies > 0) await largeContent(results, figures, betweenBare, s.baseUrl);
    await s.stop();
    server = undefined;
    add(results, await measure(bareScenario(bare.url, connections, ' (end)')));
    if (drainEnquiries > 0 && (!only || only.has('drain'))) {
      const drain = await measureDrain(drainEnquiries);
      log(
        `✓ delivery drain: ${drain.deliveries} deliveries in ${drain.seconds.toFixed(1)} s, ${drain.deliveriesPerSecond.toFixed(0)}/s`,
      );
      figures[drainFigure] = drain.deliveriesPerSecond;
      figures['delivery drain, worker CPU per delivery (ms)'] = drain.workerCpuMsPerDelivery;
    }
  } finally {
    await server?.stop();
    await bare.stop();
    await fastify.stop();
    await signing.stop();
  }
  const rpsOf = (key: string): number | undefined => results.find((r) => r.key === key && r.ok)?.rps;
  const [uncached, rest] = [rpsOf('mcpSearchUncached'), rpsOf('caseStudies')];
  // No target: the target's MCP row repeats one call, as the REST row repeats one page (both cached).
  if (uncached && rest)
    figures['MCP search, a new call each time, as % of case-studies REST'] = (100 * uncached) / rest;
  const [pageRps, replicaRps] = [rpsOf('pageHtml'), rpsOf('pageHtmlReplica')];
  if (pageRps && replicaRps)
    figures['home page as HTML as % of a bare server sending its exact bytes'] = (100 * pageRps) / replicaRps;
  const [signedRps, unsignedRps] = [rpsOf('healthSigned'), rpsOf('healthUnsignedBeside')];
  if (signedRps && unsignedRps)
    figures['health signed (Web Bot Auth verified) as % of unsigned beside it'] = (100 * signedRps) / unsignedRps;
  // CPU per request against the bare server's in the same brackets: health, a page and the MCP search.
  for (const key of ['health', 'pageHtml', 'mcpSearch']) {
    const row = results.find((r) => r.key === key && r.ok);
    if (row?.cpuUsPerRequest && row.bareCpuUs)
      figures[`${key} CPU per request vs bare (×)`] = row.cpuUsPerRequest / row.bareCpuUs;
  }
  // CPU per request against the textbook Fastify app's health in the same bracket.
  const fastifyCpu = results.find((r) => r.key === 'fastifyHealth' && r.ok)?.cpuUsPerRequest;
  for (const key of ['health', 'pageConditional']) {
    const row = results.find((r) => r.key === key && r.ok);
    if (row?.cpuUsPerRequest && fastifyCpu)
      figures[`${key} CPU per request vs textbook Fastify health (×)`] = row.cpuUsPerRequest / fastifyCpu;
  }
  const bareRuns = results.filter((r) => r.key === 'bare');
  const bareRps = bareRuns.reduce((sum, r) => sum + r.rps, 0) / bareRuns.length;
  const scenarios = results.map((r) => ({ ...r, ratioToBare: r.rps / (r.bareRps ?? bareRps) }));
  const report: BenchReport = {
    startedAt,
    ...machine(),
    secondsPerScenario: seconds,
    bareRps,
    scenarios,
    figures,
    targets: [],
    ok: scenarios.every((r) => r.ok),
  };
  report.targets = evaluateTargets(report, fixtureStudies);
  console.log(renderTable(report));
  console.log(
    '\nSQLite durability: WAL with synchronous=NORMAL plus group commit — each 202 waits for an fdatasync ' +
      'of the WAL that covers its commit (src/store/group-commit.ts), so an accepted enquiry survives power loss.',
  );
  const file = writeJson(report, path.join(root, 'bench/results'));
  console.log(
    `\n${report.ok ? 'all scenarios passed their checks' : 'FAILED: a scenario saw unexpected statuses or errors'}; ` +
      `${report.targets.filter((t) => t.met).length}/${report.targets.length} targets met; figures in ${path.relative(root, file)}`,
  );
  return report.ok ? 0 : 1;
}

/**
 * The product's cached search `tools/call` between two readings of a bare MCP SDK 2.x server with one
 * tool answering the same result (bench/lib/mcp-replica.ts), in CPU per call against their mean.
 */
async function besideBareSdk(mcpUrl: string, keep: (result: ScenarioResult) => void): Promise<Record<string, number>> {
  const call = mcpSearchScenario('mcpSearchBesideSdk', mcpUrl, connections, searchTool);
  const sdk = await startBareSdkReplica(call);
  serves(sdk.child.pid, sdk.url);
  try {
    const sdkReading = async (when: string): Promise<ScenarioResult | undefined> => {
      const label = ` of a bare MCP SDK 2.x server, one tool answering the same result (${when})`;
      const scenario = mcpSearchScenario('mcpBareSdk', `${sdk.url}/mcp`, connections, 'search', { label });
      const reading = await measure(scenario);
      if (reading) keep(reading);
      return reading;
    };
    const first = await sdkReading('before');
    const product = await measure(call);
    if (product) keep(product);
    const after = await sdkReading('after');
    const sdkCpu = ((first?.cpuUsPerRequest ?? Number.NaN) + (after?.cpuUsPerRequest ?? Number.NaN)) / 2;
    if (product) product.bareCpuUs = sdkCpu;
    return {
      'MCP tools/call CPU of the bare SDK server, mean of the two readings (µs)': sdkCpu,
      'MCP tools/call CPU per call vs the bare SDK server (×)': (product?.cpuUsPerRequest ?? Number.NaN) / sdkCpu,
    };
  } finally {
    await sdk.stop();
  }
}

/** The same server on a content folder with `fixtureStudies` extra generated case studies. */
async function largeContent(
  results: ScenarioResult[],
  figures: Record<string, number>,
  betweenBare: (group: Scenario[]) => Promise<unknown>,
  demoUrl: string,
): Promise<void> {
  const label = ` [${fixtureStudies} extra studies]`;
  const dir = generateContent(fixtureStudies);
  try {
    const s = await startServer({ CONTENT_DIR: dir });
    serves(s.child.pid, s.baseUrl, s.mcpUrl);
    try {
      figures[`start-up to first 200${label} (ms)`] = s.startMs;
      // One search completes the index that start-up leaves to background slices, so each scenario
      // below measures the steady state; the costliest (the any-word fallback) runs last.
      await probe(mcpSearchScenario('indexWarm', s.mcpUrl, 1, searchTool, { query: 'cybersecurity' }));
      // Let V8 finish the major GC work that building a large index leaves behind (steady state).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      // Its target compares it with the 49-study page, read again right before it in the same
      // bracket: readings minutes apart differ by more than the target's margin on this VM.
      await betweenBare([
        caseStudiesScenario(
          'caseStudiesBeside',
          demoUrl,
          connections,
          undefined,
          ' (49 studies, beside the large run)',
        ),
        caseStudiesScenario('caseStudiesLarge', s.baseUrl, connections, undefined, label),
      ]);
      add(
        results,
        await measure(
          mcpSearchScenario('mcpSearchLatencyLargeTerm', s.mcpUrl, 1, searchTool, {
            label: `, 1 connection${label}`,
            query: 'cybersecurity',
            uncached: true,
          }),
        ),
      );
      add(
        results,
        await measure(
          mcpSearchScenario('mcpSearchLatencyLarge', s.mcpUrl, 1, searchTool, {
            label: `, 1 connection${label}`,
            uncached: true,
          }),
        ),
      );
      add(results, await measure(askScenario('askLatencyLarge', s.baseUrl, 1, `, 1 connection${label}`)));
      figures[`server RSS${label} (MB)`] = residentMb(s.child.pid!);
    } finally {
      await s.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
