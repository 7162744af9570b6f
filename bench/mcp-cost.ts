// `npm run bench:mcp`: the CPU of one MCP tools/call in three servers answering the same result, in
// interleaved rounds (this machine's speed drifts within a minute, so each round reads all three back
// to back): the product's cached search, a bare SDK 2.x server as the SDK documents it, and the SDK's
// floor (the same documented entry with nothing but the SDK: bare-mcp-server.ts with BARE_MCP_FLOOR=1).
// Prints each round and the medians; product ÷ bare is the target's ratio, floor ÷ bare the least any
// server on that entry could reach. With BENCH_MCP_PERF=<dir>, one more round runs each server under
// `perf record -e task-clock -g` (CPU time, not wall time: stable on a loaded machine) into
// <dir>/<server>.data, the servers started with V8's perf map so JavaScript frames have names.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startBareSdkReplica } from './lib/mcp-replica.ts';
import { containerNodeOptions, cpuSeconds, startServer } from './lib/processes.ts';
import { runScenario, type Scenario } from './lib/load.ts';
import { mcpSearchScenario } from './lib/scenarios.ts';

const positive = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const rounds = positive('BENCH_MCP_ROUNDS', 5);
const seconds = positive('BENCH_DURATION', 5);
const connections = positive('BENCH_CONNECTIONS', 32);

const perfDir = process.env.BENCH_MCP_PERF;
const perfMap = '--perf-basic-prof-only-functions';
const peerOptions: Record<string, string> = perfDir ? { NODE_OPTIONS: `${containerNodeOptions()} ${perfMap}` } : {};
const product = await startServer(perfDir ? { NODE_OPTIONS: `${containerNodeOptions()} ${perfMap}` } : {});
const call = mcpSearchScenario('mcpSearch', product.mcpUrl, connections, 'service_search_case_studies');
const bare = await startBareSdkReplica(call, peerOptions);
const floor = await startBareSdkReplica(call, { ...peerOptions, BARE_MCP_FLOOR: '1' });
const servers: { label: string; pid: number; scenario: Scenario }[] = [
  { label: 'product', pid: product.child.pid!, scenario: call },
  {
    label: 'bare SDK',
    pid: bare.child.pid!,
    scenario: mcpSearchScenario('bare', `${bare.url}/mcp`, connections, 'search'),
  },
  {
    label: 'SDK floor',
    pid: floor.child.pid!,
    scenario: mcpSearchScenario('floor', `${floor.url}/mcp`, connections, 'search'),
  },
];

/** CPU µs of the serving process per call over one run of `seconds`. */
async function cpuPerCall(pid: number, scenario: Scenario, runSeconds: number): Promise<number> {
  const before = cpuSeconds(pid);
  const result = await runScenario(scenario, runSeconds);
  if (!result.ok) throw new Error(`${scenario.key}: ${result.failure}`);
  return ((cpuSeconds(pid) - before) * 1e6) / result.requests;
}

/** One more run of `scenario` with `perf record` on `pid`; returns the calls it served. */
async function recorded(dir: string, label: string, pid: number, scenario: Scenario): Promise<number> {
  const file = path.join(dir, `${label.replace(/\W+/g, '-')}.data`);
  const perf = spawn('perf', ['record', '-e', 'task-clock', '-g', '-p', String(pid), '-o', file], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const result = await runScenario(scenario, seconds);
  perf.kill('SIGINT');
  await new Promise((resolve) => perf.once('exit', resolve));
  return result.requests;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  for (const server of servers) await cpuPerCall(server.pid, server.scenario, 2); // warm-up
  const readings = servers.map(() => [] as number[]);
  for (let round = 1; round <= rounds; round += 1) {
    for (const [i, server] of servers.entries())
      readings[i]!.push(await cpuPerCall(server.pid, server.scenario, seconds));
    const [p, b, f] = readings.map((r) => r.at(-1)!) as [number, number, number];
    console.log(
      `round ${round}: product ${p.toFixed(0)} µs, bare SDK ${b.toFixed(0)} µs, SDK floor ${f.toFixed(0)} µs; ` +
        `product ÷ bare ${(p / b).toFixed(2)}, floor ÷ bare ${(f / b).toFixed(2)}`,
    );
  }
  const [p, b, f] = readings.map(median) as [number, number, number];
  const ratios = readings[0]!.map((value, i) => value / readings[1]![i]!);
  const floors = readings[2]!.map((value, i) => value / readings[1]![i]!);
  console.log(
    `medians: product ${p.toFixed(0)} µs, bare SDK ${b.toFixed(0)} µs, SDK floor ${f.toFixed(0)} µs a call; ` +
      `median of the rounds' ratios: product ÷ bare ${median(ratios).toFixed(2)}, floor ÷ bare ${median(floors).toFixed(2)}, ` +
      `product ÷ floor ${(p / f).toFixed(2)}`,
  );
  if (perfDir) {
    fs.mkdirSync(perfDir, { recursive: true });
    for (const server of servers) {
      const calls = await recorded(perfDir, server.label, server.pid, server.scenario);
      console.log(`perf record of the ${server.label}: ${calls} calls`);
    }
  }
} finally {
  await product.stop();
  await bare.stop();
  await floor.stop();
}
