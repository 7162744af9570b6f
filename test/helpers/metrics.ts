// Reading a Prometheus listener in tests: scrape /metrics and pick one sample out of the text.
import assert from 'node:assert/strict';

/** GET /metrics on a loopback port; asserts a 200 in Prometheus text format and returns the body. */
export async function scrapeMetrics(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  return response.text();
}

/** The value of one sample line, e.g. sample(text, 'x_total{a="b"}'); undefined when absent. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
