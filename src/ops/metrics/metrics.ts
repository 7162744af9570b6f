// The metrics the service records, as one object built per process (services.ts) and passed
// around. With METRICS_PORT unset they are no-ops and prom-client is not even loaded, so the hot
// paths pay nothing; with it set, prometheus.ts builds them on one registry (never the global one),
// loaded by load-metrics.ts.
import type { Registry } from 'prom-client';
import { currentSiteKey } from '../../domain/sites/site-scope.ts';

/**
 * The `site` label of the current work: its site's key with SITES_DIR, none for the single site (whose
 * series keep the labels they always had). Site keys are folder names, so the values stay bounded.
 */
export function siteLabel(): { site?: string } {
  const site = currentSiteKey();
  return site ? { site } : {};
}

/** The part of a prom-client Counter the code uses. */
export interface CounterLike<L extends string> {
  inc(labels: Partial<Record<L, string>>, value?: number): void;
}

/** The part of a prom-client Histogram the code uses. */
export interface HistogramLike<L extends string> {
  observe(labels: Partial<Record<L, string>>, value: number): void;
}

export interface Metrics {
  /** The registry to expose; undefined when metrics are off. */
  registry: Registry | undefined;
  /** Requests on the public listener, by method, route pattern and status. */
  httpRequests: CounterLike<'method' | 'route' | 'status' | 'site'>;
  httpDuration: HistogramLike<'method' | 'route' | 'status' | 'site'>;
  /** Requests refused with 429, by rate-limit policy (`contact`, `general`). */
  rateLimitRejections: CounterLike<'policy'>;
  /** Enquiries committed (202 or MCP success), by channel (`rest`, `mcp`, `form`) and kind. */
  enquiriesAccepted: CounterLike<'channel' | 'kind' | 'site'>;
  /** Delivery attempts that ended, by target, resulting state and attempt number (capped). */
  deliveryAttempts: CounterLike<'target' | 'state' | 'attempt'>;
  /** MCP tool calls, by tool name and outcome (`ok`, `error`). */
  mcpToolCalls: CounterLike<'tool' | 'outcome' | 'site'>;
  /** Capability calls on every surface, by capability name, surface (`mcp`, `a2a`, `rest`) and outcome. */
  capabilityCalls: CounterLike<'capability' | 'surface' | 'outcome' | 'site'>;
  /** Records one ended delivery attempt (a one-line hook for the worker). */
  deliveryAttempt(target: string, state: string, attempt: number): void;
}

export function disabledMetrics(): Metrics {
  const counter = { inc: (): void => {} };
  return {
    registry: undefined,
    httpRequests: counter,
    httpDuration: { observe: (): void => {} },
    rateLimitRejections: counter,
    enquiriesAccepted: counter,
    deliveryAttempts: counter,
    mcpToolCalls: counter,
    capabilityCalls: counter,
    deliveryAttempt: (): void => {},
  };
}

/** Attempt numbers above this share one label value, so a long retry series stays one series. */
export const maxAttemptLabel = 10;

/** The `attempt` label for a delivery attempt number: "1".."10", then ">10". */
export function attemptLabel(attempt: number): string {
  return attempt > maxAttemptLabel ? `>${maxAttemptLabel}` : String(attempt);
}
