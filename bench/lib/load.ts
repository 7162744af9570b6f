// Drives one scenario with autocannon and checks every response: a scenario passes only when all
// responses have the expected status (and body check), with no socket errors or timeouts.
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { keepResponseBodies } from './autocannon-bodies.ts';
import { nextClientAddress } from './addresses.ts';

export interface Scenario {
  /** Stable identifier the targets refer to, e.g. `health`. */
  key: string;
  name: string;
  /** Absolute URL of the request (origin + path + query). */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Per-request changes on top of a fresh client address, e.g. a unique Idempotency-Key or another page of the site. */
  perRequest?: () => { headers?: Record<string, string>; body?: string; path?: string };
  expectStatus: number;
  /** A body check (costs load-generator CPU, so only where the status alone proves too little). */
  verifyBody?: (body: string) => boolean;
  /** A check of the probe's response headers, e.g. that the body came compressed. */
  verifyHeaders?: (headers: Headers) => string | undefined;
  connections: number;
}

export interface ScenarioResult {
  key: string;
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  /** Requests per second over the measured interval. */
  rps: number;
  /** Latency percentiles in milliseconds, over every response (not only 2xx). */
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  statuses: Record<string, number>;
  ok: boolean;
  failure?: string;
  /** Mean bytes on the wire per response (status line, headers and body as sent). */
  bytesPerResponse: number;
  /** The bare server's requests/s read just before and after this scenario (mean), when it was. */
  bareRps?: number;
  /** The serving process's CPU time (user + system, from /proc) per response, in µs. */
  cpuUsPerRequest?: number;
  /** The bare server's CPU µs per request read just before and after this scenario (mean), when it was. */
  bareCpuUs?: number;
}

/** Runs a scenario for `seconds`; `record: false` runs it as an unmeasured warm-up. */
export async function runScenario(scenario: Scenario, seconds: number): Promise<ScenarioResult> {
  const latencies: number[] = [];
  let bytes = 0;
  keepResponseBodies(scenario.verifyBody !== undefined);
  const instance = autocannon({
    url: scenario.url,
    connections: scenario.connections,
    duration: seconds,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    timeout: 10,
    verifyBody: scenario.verifyBody ? (body) => scenario.verifyBody!(String(body)) : undefined,
    requests: [
      {
        setupRequest(request) {
          const extra = scenario.perRequest?.();
          const headers = request.headers ?? {};
          headers['x-forwarded-for'] = nextClientAddress();
          if (extra?.headers) Object.assign(headers, extra.headers);
          request.headers = headers;
          if (extra?.body !== undefined) request.body = extra.body;
          if (extra?.path !== undefined) request.path = extra.path;
          return request;
        },
      },
    ],
  }) as unknown as EventEmitter & PromiseLike<autocannon.Result>;
  // autocannon's own histogram keeps whole milliseconds of 2xx only; keep every latency exactly.
  instance.on('response', (_client: unknown, _status: number, responseBytes: number, ms: number) => {
    latencies.push(ms);
    bytes += responseBytes;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const unexpected = Object.entries(statuses).filter(([code]) => Number(code) !== scenario.expectStatus);
  const failures = [
    ...unexpected.map(([code, count]) => `${count}× status ${code} (expected ${scenario.expectStatus})`),
    result.errors > 0 ? `${result.errors} socket errors (${result.timeouts} timeouts)` : '',
    result.mismatches > 0 ? `${result.mismatches} bodies failed the check` : '',
    latencies.length === 0 ? 'no responses' : '',
  ].filter(Boolean);
  const total = latencies.length;
  return {
    key: scenario.key,
    name: scenario.name,
    connections: scenario.connections,
    seconds: result.duration,
    requests: total,
    rps: total / result.duration,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    bytesPerResponse: total > 0 ? bytes / total : Number.NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    statuses,
    ok: failures.length === 0,
    failure: failures.length > 0 ? failures.join('; ') : undefined,
  };
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** One request outside the load run, to fail early with the server's own answer when a path is wrong. */
export async function probe(scenario: Scenario): Promise<string | undefined> {
  const extra = scenario.perRequest?.();
  const response = await fetch(scenario.url, {
    method: scenario.method ?? 'GET',
    headers: { ...scenario.headers, 'x-forwarded-for': nextClientAddress(), ...extra?.headers },
    body: extra?.body ?? scenario.body,
  });
  const text = await response.text();
  if (response.status !== scenario.expectStatus) return `status ${response.status}: ${text.slice(0, 300)}`;
  if (scenario.verifyBody && !scenario.verifyBody(text)) return `body failed the check: ${text.slice(0, 300)}`;
  const headerProblem = scenario.verifyHeaders?.(response.headers);
  if (headerProblem) return headerProblem;
  return undefined;
}
