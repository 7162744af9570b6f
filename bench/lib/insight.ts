// Agent insight's cost on the hottest path: GET /agent/health on the benched server (recording on,
// as shipped) and on a second server started with AGENTSITE_TEST_INSIGHT=off, in one run, read in
// the order off, on, on, off so a drift of the machine's speed weighs on both sides alike. Every
// request names an agent in its User-Agent, so recognition runs as it would for agent traffic.
import type { Scenario, ScenarioResult } from './load.ts';
import { startServer } from './processes.ts';

export const insightKey = 'healthInsight';
export const insightFigure = 'health with agent insight on vs off (ABBA mean)';
const agent = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';

function scenario(baseUrl: string, connections: number, on: boolean, reading: number): Scenario {
  return {
    key: insightKey, name: `GET /agent/health, agent insight ${on ? 'on' : 'off'} (reading ${reading})`,
    url: `${baseUrl}/agent/health`, headers: { 'user-agent': agent }, expectStatus: 200, connections,
  };
}

/** Measures the four readings; returns on/off (the ratio), or undefined when a reading failed or was skipped. */
export async function measureInsightCost(
  onUrl: string, connections: number, measure: (s: Scenario) => Promise<ScenarioResult | undefined>, add: (r: ScenarioResult | undefined) => void,
): Promise<number | undefined> {
  const off = await startServer({ AGENTSITE_TEST_INSIGHT: 'off' });
  try {
    const order: [string, boolean][] = [[off.baseUrl, false], [onUrl, true], [onUrl, true], [off.baseUrl, false]];
    const sums = { on: 0, off: 0 };
    let reading = 0;
    for (const [url, on] of order) {
      reading += 1;
      const result = await measure(scenario(url, connections, on, reading));
      add(result);
      if (!result?.ok) return undefined;
      sums[on ? 'on' : 'off'] += result.rps;
    }
    return sums.on / sums.off;
  } finally {
    await off.stop();
  }
}
