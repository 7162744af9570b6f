// `npm run bench:sites:cost`: what a page costs with many sites in one process, counted rather than
// timed. The CPU rows of bench:sites read the clock, and on a shared VM one build's rounds swing by a
// quarter, wider than the 5% the many-sites row allows; valgrind's callgrind counts the instructions
// the server runs and simulates its caches, the same count for the same build whatever else the
// machine does. The dist/ bundle (as `npm start` runs it) runs under callgrind twice: BENCH_SITES
// generated sites (default 1 000, bench/lib/many-sites.ts) in a SITES_DIR, and the first of them
// alone (CONTENT_DIR). Each host's case-study page is asked BENCH_WARM times (default 10) first, so
// the response cache holds every page (V8 is still compiling then: that is counted apart, below);
// then, counting, BENCH_PER times
// (default 5) for every host in turn, the same number of times through the many-sites process's
// first host, and as many times of the site alone. Each row asks its pages once uncounted right
// before it counts them, and the three rows are counted BENCH_PASSES times in turn (default 2; the
// table shows the last pass): a process that sat idle while the other was counted compiles again
// when asked anew, and a row counted right after that read up to 1.8 times the same row otherwise.
// Per page it prints instructions, first-level and last-level cache misses (a D1 of 32 KB and a last
// level of BENCH_LL_KB, default 2 048: about a core's share of a server's caches; lines of
// BENCH_LL_LINE bytes, default 64, or 4096 for a last level that stands for a TLB of 4 KB pages, which
// callgrind does not simulate) and callgrind's own
// estimate of cycles (instructions + 10 per first-level miss + 100 per last-level miss), each with its
// ratio to the site alone. V8's
// collections and compilers, and SQLite's writes on their timers, are counted apart from the page's
// own steps (workApartFunctions). The server runs some 50 times slower under valgrind, so work on a
// timer (the rate-limit and insight writes every 200 ms) falls on fewer pages than at full speed and
// weighs more here, most in the every-host row, whose writes carry a row for each site asked; the
// JavaScript that builds those rows stays in the page's count, so BENCH_INSIGHT=off runs both servers
// without agent insight, whose counts are most of those writes. Needs valgrind (Debian's
// package); takes about ten minutes at 1 000 sites. Writes bench/results/sites-cost-<timestamp>.json.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../scripts/build.ts';
import { generateSites, siteHost, siteKey } from './lib/many-sites.ts';
import { root, type ServerProcess, startServer } from './lib/processes.ts';
import { statusAs } from './lib/status-as.ts';

const count = whole('BENCH_SITES', 1000);
const warmTimes = whole('BENCH_WARM', 10);
const countedTimes = whole('BENCH_PER', 5);
const passes = whole('BENCH_PASSES', 2);
const lastLevelKb = whole('BENCH_LL_KB', 2048);
const lastLevelLine = whole('BENCH_LL_LINE', 64);
/** `off` leaves agent insight out of both servers: no visit counted, and none written on its timer. */
const insight = process.env.BENCH_INSIGHT ?? 'on';
const page = '/case-studies/wick-and-wax';
/** Requests in flight at once, as a handful of agents would keep. */
const inFlight = 8;
const startLimitMs = 15 * 60_000;
/** callgrind's files, read after each dump and removed at the end. */
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-cost-'));
const log = (line: string): void => void process.stderr.write(`${line}\n`);

function whole(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more`);
  return value;
}

interface Counted {
  server: ServerProcess;
  child: ChildProcess;
  port: number;
  /** callgrind's files for this process: `<file>.<n>` for each dump. */
  outFile: string;
}

// vgdb, which callgrind_control speaks through, names its pipe after USER and HOST; HOST is also the
// server's listen address, so both sides are given the same.
const vgdbEnv = { USER: 'agentsite-bench', LOGNAME: 'agentsite-bench', HOST: '127.0.0.1' };
const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });

/** The built server under callgrind, started as every bench starts it (processes.ts). */
async function startCounted(label: string, env: Record<string, string | undefined>): Promise<Counted> {
  const outFile = path.join(outDir, `${label}.callgrind`);
  const launcher = [
    'valgrind',
    '--tool=callgrind',
    '--cache-sim=yes',
    '--D1=32768,8,64',
    '--I1=32768,8,64',
    `--LL=${lastLevelKb * 1024},16,${lastLevelLine}`,
    '--instr-atstart=no',
    // V8 writes its compiled code into memory it then runs.
    '--smc-check=all-non-file',
    `--callgrind-out-file=${outFile}`,
  ];
  const serverEnv = { ...vgdbEnv, CONTENT_POLL_SECONDS: '3600', AGENTSITE_TEST_INSIGHT: insight, ...env };
  const server = await startServer(serverEnv, 'dist/main.mjs', { launcher, startLimitMs });
  log(`${label}: health after ${(server.startMs / 1000).toFixed(0)} s under valgrind`);
  return { server, child: server.child, port: Number(new URL(server.baseUrl).port), outFile };
}

/** Asks every host of `hosts` in turn, `inFlight` at a time; throws on any status but 200. */
async function askEach(port: number, hosts: string[]): Promise<void> {
  const url = `http://127.0.0.1:${port}${page}`;
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < hosts.length) {
      const host = hosts[next++]!;
      let status = await statusAs(url, host, agent);
      // A kept-alive connection the server closed while it sat idle (past its keep-alive timeout,
      // as between rows) fails the request sent on it as it closes: that one is asked again.
      if (status === 0) status = await statusAs(url, host, agent);
      if (status !== 200) throw new Error(`a page answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
}

function callgrindControl(server: Counted, ...args: string[]): void {
  execFileSync('callgrind_control', [...args, String(server.child.pid)], {
    stdio: 'ignore',
    env: { ...process.env, ...vgdbEnv },
  });
}

/** Work done on timers or by V8 for itself, counted apart from the page's (per page, like the totals). */
type WorkApart = 'collections' | 'compiling' | 'storage';

/** The events callgrind counted over `hosts` asked in turn, per page: in all, and V8's own work. */
async function counted(server: Counted, hosts: string[], dump: number): Promise<Record<'all' | WorkApart, Events>> {
  // The same pages once uncounted first, so the row is counted in the state its own pattern leaves.
  await askEach(server.port, hosts);
  callgrindControl(server, '--zero');
  callgrindControl(server, '--instr=on');
  await askEach(server.port, hosts);
  callgrindControl(server, '--instr=off');
  callgrindControl(server, '--dump');
  const file = `${server.outFile}.${dump}`;
  const text = fs.readFileSync(file, 'utf8');
  const events = /^events: (.+)$/m.exec(text)![1]!.split(' ');
  const eventsPerPage = (totals: number[]): Events =>
    Object.fromEntries(events.map((event, i) => [event, (totals[i] ?? 0) / hosts.length]));
  const totals = /^totals: (.+)$/m.exec(text)![1]!.split(' ').map(Number);
  const apart = workApartTotals(file, events.length);
  return {
    all: eventsPerPage(totals),
    collections: eventsPerPage(apart.collections),
    compiling: eventsPerPage(apart.compiling),
    storage: eventsPerPage(apart.storage),
  };
}

/**
 * V8's collections and its optimising compilers work when their heap's growth and their call counts
 * say, not each page: one full collection of a 1 000-site heap, or a function compiled again, inside
 * a counted run adds more per page than the page's own steps. Each is counted apart, as the functions
 * of V8's heap and of its compilers, by each function's own cost as callgrind_annotate gives it.
 */
const workApartFunctions: Record<WorkApart, RegExp> = {
  // (A scavenge also visits its roots: the startup object cache and the handles, some 3 000
  // instructions a page at 1 000 sites, in functions named for what they visit.)
  collections:
    /v8::internal::(?:\w+::)*(?:Heap|Scaveng|MarkCompact|Marking|Sweep|Evacuat|RememberedSet|SlotSet|MinorMS|Compact|GC|Collector|Mark|RootScavengeVisitor|ClearStaleLeftTrimmedPointerVisitor)\w*|v8::internal::\(anonymous namespace\)::IterateObjectCache|heap::base::/,
  compiling: /v8::internal::(?:compiler|maglev)::|turboshaft/,
  // SQLite's own functions: pages write nothing, but the rate-limit and insight counts are written
  // every 200 ms, which under valgrind falls on some 20 pages rather than thousands. (The JavaScript
  // that builds those rows stays in the page's count: it cannot be told apart by function name.)
  storage: /sqlite|yy_reduce|tokenExpr|vdbe|btree|pager/i,
};

function workApartTotals(file: string, eventCount: number): Record<WorkApart, number[]> {
  const annotated = execFileSync('callgrind_annotate', ['--threshold=100', '--show-percs=no', '--auto=no', file], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const zeros = (): number[] => Array<number>(eventCount).fill(0);
  const totals = { collections: zeros(), compiling: zeros(), storage: zeros() };
  for (const line of annotated.split('\n')) {
    const match = /^\s*((?:(?:[\d,]+|\.)\s+)+)(\S.*)$/.exec(line);
    if (!match) continue;
    const work = (Object.keys(workApartFunctions) as WorkApart[]).find((key) =>
      workApartFunctions[key].test(match[2]!),
    );
    const counts = match[1]!.trim().split(/\s+/);
    if (!work || counts.length !== eventCount) continue;
    counts.forEach((count, i) => {
      totals[work][i]! += count === '.' ? 0 : Number(count.replaceAll(',', ''));
    });
  }
  return totals;
}

type Events = Record<string, number>;

/** Instructions, misses and callgrind's estimate of cycles (its documented weights). */
function perPage(events: Events) {
  const e = (name: string): number => events[name] ?? 0;
  const firstLevel = e('I1mr') + e('D1mr') + e('D1mw');
  const lastLevel = e('ILmr') + e('DLmr') + e('DLmw');
  return { instructions: e('Ir'), firstLevel, lastLevel, cycles: e('Ir') + 10 * firstLevel + 100 * lastLevel };
}

const repeat = (hosts: string[], times: number): string[] => Array.from({ length: times }, () => hosts).flat();

await buildServer();
log(`writing ${count} sites…`);
const sitesDir = generateSites(count);
const hosts = Array.from({ length: count }, (_, i) => siteHost(i + 1));
const servers: Counted[] = [];
try {
  const many = await startCounted('many', {
    SITES_DIR: sitesDir,
    SITES_LOADED_MAX: String(count + 1),
    BASE_URL: undefined,
    MCP_URL: undefined,
  });
  servers.push(many);
  const alone = await startCounted('alone', { CONTENT_DIR: path.join(sitesDir, siteKey(1)) });
  servers.push(alone);
  const aloneHost = `127.0.0.1:${alone.port}`;
  log('warming…');
  await askEach(many.port, repeat(hosts, warmTimes));
  await askEach(alone.port, Array<string>(count * warmTimes).fill(aloneHost));
  log('counting…');
  const countPass = async (pass: number) => ({
    alone: await counted(alone, Array<string>(count * countedTimes).fill(aloneHost), pass + 1),
    oneHost: await counted(many, Array<string>(count * countedTimes).fill(hosts[0]!), 2 * pass + 1),
    everyHost: await counted(many, repeat(hosts, countedTimes), 2 * pass + 2),
  });
  const passesCounted: Awaited<ReturnType<typeof countPass>>[] = [];
  for (let pass = 0; pass < passes; pass += 1) passesCounted.push(await countPass(pass));
  const rowsOf = (measured: (typeof passesCounted)[number]) =>
    Object.fromEntries(
      Object.entries(measured).map(([name, { all, collections, compiling, storage }]) => {
        const apart = (event: string): number =>
          (collections[event] ?? 0) + (compiling[event] ?? 0) + (storage[event] ?? 0);
        const own = Object.fromEntries(Object.entries(all).map(([event, n]) => [event, n - apart(event)]));
        const counts = { all, page: own, collections, compiling, storage };
        return [name, Object.fromEntries(Object.entries(counts).map(([part, events]) => [part, perPage(events)]))];
      }),
    ) as Record<keyof typeof measured, Record<'all' | 'page' | WorkApart, ReturnType<typeof perPage>>>;
  const everyPass = passesCounted.map(rowsOf);
  const rows = everyPass.at(-1)!;
  const label = { alone: 'the site alone', oneHost: `one host of ${count}`, everyHost: `every host of ${count}` };
  const table = (Object.keys(rows) as (keyof typeof rows)[]).map((name) => {
    const { all, page: own, collections, compiling, storage } = rows[name];
    return {
      pages: label[name],
      'instructions (the page’s own)': Math.round(own.instructions),
      'L1 misses': Math.round(own.firstLevel),
      'last-level misses': Math.round(own.lastLevel),
      'est. cycles': Math.round(own.cycles),
      '÷ alone': (own.cycles / rows.alone.page.cycles).toFixed(3),
      'collections (est. cycles)': Math.round(collections.cycles),
      'compiling (est. cycles)': Math.round(compiling.cycles),
      'SQLite (est. cycles)': Math.round(storage.cycles),
      'all: ÷ alone': (all.cycles / rows.alone.all.cycles).toFixed(3),
    };
  });
  console.table(table);
  everyPass.forEach((pass, i) => {
    const ratio = (row: keyof typeof pass): string => (pass[row].page.cycles / pass.alone.page.cycles).toFixed(3);
    log(
      `pass ${i + 1}: the site alone ${Math.round(pass.alone.page.cycles)} est. cycles a page, one host ${ratio('oneHost')}×, every host ${ratio('everyHost')}×`,
    );
  });
  const out = path.join(root, 'bench/results', `sites-cost-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const settings = { sites: count, warmTimes, countedTimes, passes, lastLevelKb, insight, node: process.version };
  fs.writeFileSync(out, `${JSON.stringify({ settings, rows, everyPass }, null, 2)}\n`);
  log(`written to ${path.relative(root, out)}`);
} finally {
  // The kept-alive connections go first: a server closing them under the agent would reset them.
  agent.destroy();
  for (const { server } of servers) await server.stop();
  fs.rmSync(sitesDir, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
}
