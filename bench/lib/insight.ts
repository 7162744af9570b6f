// Agent insight's cost on the hottest path: GET /agent/health on the benched server (recording on,
// as shipped) and on a second server started with AGENTSITE_TEST_INSIGHT=off, in one run, read in
// the order off, on, on, off so a drift of the machine's speed weighs on both sides alike. Every
// request names an agent in its User-Agent, so recognition runs as it would for agent traffic.
// Besides requests/s (the target), each reading takes the server's CPU time per request from /proc,
// a second view of the same cost; on a machine shared with other work both move with the neighbours.
import { runScenario, type Scenario, type ScenarioResult } from './load.ts';
import { cpuSeconds, startServer } from './processes.ts';

export const insightKey = 'healthInsight';
export const insightFigures = {
  rps: 'health with agent insight on vs off, req/s (ABBA mean)',
  cpu: 'health with agent insight on vs off, by CPU per request (off ÷ on)',
  cpuOn: 'health CPU per request, agent insight on (µs)',
  cpuOff: 'health CPU per request, agent insight off (µs)',
};
const agent = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';

function scenario(baseUrl: string, connections: number, on: boolean, reading: number): Scenario {
  return {
    key: insightKey,
    name: `GET /agent/health, agent insight ${on ? 'on' : 'off'} (reading ${reading})`,
    url: `${baseUrl}/agent/health`,
    headers: { 'user-agent': agent },
    expectStatus: 200,
    connections,
  };
}

/** Measures the four readings and returns the figures, or undefined when a reading failed or was skipped. */
export async function measureInsightCost(
  connections: number,
  seconds: number,
  add: (r: ScenarioResult) => void,
  log: (line: string) => void,
): Promise<Record<string, number> | undefined> {
  // Two fresh servers, recording on and off, warmed alike: the benched server has served every
  // scenario before this one (tens of thousands of clients in its tables), which alone makes it
  // slower than a fresh one whatever recording costs.
  const [onServer, offServer] = [await startServer({}), await startServer({ AGENTSITE_TEST_INSIGHT: 'off' })];
  const on = { baseUrl: onServer.baseUrl, pid: onServer.child.pid! };
  const off = { baseUrl: offServer.baseUrl, pid: offServer.child.pid! };
  try {
    await runScenario(scenario(on.baseUrl, connections, true, 0), 3);
    await runScenario(scenario(off.baseUrl, connections, false, 0), 3);
    const sums = { on: { rps: 0, cpu: 0, requests: 0 }, off: { rps: 0, cpu: 0, requests: 0 } };
    let reading = 0;
    for (const [server, recording] of [
      [off, false],
      [on, true],
      [on, true],
      [off, false],
    ] as const) {
      reading += 1;
      const measured = scenario(server.baseUrl, connections, recording, reading);
      await runScenario(measured, Math.min(1, seconds));
      const cpuBefore = cpuSeconds(server.pid);
      const result = await runScenario(measured, seconds);
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      add(result);
      log(
        `${result.ok ? '✓' : '✗'} ${result.name}: ${result.rps.toFixed(0)} req/s, ${((cpu / result.requests) * 1e6).toFixed(0)} µs CPU per request`,
      );
      if (!result.ok) return undefined;
      const side = sums[recording ? 'on' : 'off'];
      side.rps += result.rps;
      side.cpu += cpu;
      side.requests += result.requests;
    }
    const cpuOn = (sums.on.cpu / sums.on.requests) * 1e6;
    const cpuOff = (sums.off.cpu / sums.off.requests) * 1e6;
    return {
      [insightFigures.rps]: sums.on.rps / sums.off.rps,
      [insightFigures.cpu]: cpuOff / cpuOn,
      [insightFigures.cpuOn]: cpuOn,
      [insightFigures.cpuOff]: cpuOff,
    };
  } finally {
    await Promise.all([onServer.stop(), offServer.stop()]);
  }
}
