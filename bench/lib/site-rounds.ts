// The pieces bench/sites.ts measures with: a page scenario over hosts or over paths, the CPU a
// process spends per request of one run (read from /proc), waiting for a host's first 200, and a
// row of the targets table.
import { runScenario, type Scenario } from './load.ts';
import { cpuSeconds } from './processes.ts';
import { statusAs } from './status-as.ts';

/** Seconds of idle CPU read before each run (printed and kept, judged against no target). */
const idleSeconds = 3;

/** Polls `url` as `host` every 10 ms until it answers 200; the time since `started` in ms. */
export async function untilOk(url: string, host: string, started: number, limitMs = 60_000): Promise<number> {
  let last = 0;
  while (performance.now() - started < limitMs) {
    last = await statusAs(url, host);
    if (last === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${host} gave no 200 on ${url} within ${limitMs} ms (last status ${last})`);
}

/**
 * The CPU µs per request of one measured run of `scenario` (`seconds` long) against the process
 * `pid`, and the same less the process's CPU when idle (its folder polls) just before, over as long.
 */
export async function cpuPerRequest(
  scenario: Scenario,
  pid: number,
  seconds: number,
): Promise<{ us: number; netUs: number; rps: number }> {
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

/** A page asked at `url`, each request as the next of `over.hosts` (Host) or at the next of `over.paths`. */
export function pageScenario(
  name: string,
  url: string,
  connections: number,
  over: { hosts?: string[]; paths?: string[] } = {},
): Scenario {
  let next = 0;
  const { hosts, paths } = over;
  const perRequest = hosts
    ? () => ({ headers: { host: hosts[next++ % hosts.length]! } })
    : paths
      ? () => ({ path: paths[next++ % paths.length]! })
      : undefined;
  return { key: name, name, url, expectStatus: 200, connections, perRequest };
}

export function row(target: string, goal: string, actual: number, limit: number, unit: string) {
  return {
    target,
    goal,
    actual: `${actual.toFixed(unit === '×' ? 3 : unit === 's' ? 2 : 0)} ${unit}`,
    met: actual <= limit,
  };
}
