// The Prometheus implementation of Metrics (loaded only when METRICS_PORT is set): every metric on
// one registry. Label values are bounded: route patterns, not URLs; attempt numbers capped. With
// SITES_DIR the per-request and per-call series also carry `site` (siteLabel, metrics.ts).
import { Counter, Histogram, Registry } from 'prom-client';
import { attemptLabel, type Metrics } from './metrics.ts';

const prefix = 'agentsite_';
// Latency buckets from 0.5 ms (a cached read) to 2.5 s (a stuck request).
const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Builds a fresh registry with the service's metrics registered on it. */
export function createMetrics(): Metrics & { registry: Registry } {
  const registry = new Registry();
  const registers = [registry];
  const metrics: Omit<Metrics, 'deliveryAttempt' | 'registry'> & { registry: Registry } = {
    registry,
    httpRequests: new Counter({
      name: `${prefix}http_requests_total`,
      help: 'HTTP requests answered on the public listener, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status', 'site'],
      registers,
    }),
    httpDuration: new Histogram({
      name: `${prefix}http_request_duration_seconds`,
      help: 'Time from request received to response sent, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status', 'site'],
      buckets: latencyBuckets,
      registers,
    }),
    rateLimitRejections: new Counter({
      name: `${prefix}rate_limit_rejections_total`,
      help: 'Requests refused by a rate limit (429 or MCP tool error), by policy.',
      labelNames: ['policy'],
      registers,
    }),
    enquiriesAccepted: new Counter({
      name: `${prefix}enquiries_accepted_total`,
      help: 'Enquiries durably recorded, by channel and kind.',
      labelNames: ['channel', 'kind', 'site'],
      registers,
    }),
    deliveryAttempts: new Counter({
      name: `${prefix}delivery_attempts_total`,
      help: 'Delivery attempts that ended, by target, resulting state (delivered, pending = will retry, dead) and attempt number.',
      labelNames: ['target', 'state', 'attempt'],
      registers,
    }),
    mcpToolCalls: new Counter({
      name: `${prefix}mcp_tool_calls_total`,
      help: 'MCP tools/call requests, by tool and outcome.',
      labelNames: ['tool', 'outcome', 'site'],
      registers,
    }),
    capabilityCalls: new Counter({
      name: `${prefix}capability_calls_total`,
      help: 'Capability calls, by capability, surface (mcp, a2a, rest) and outcome (ok, error).',
      labelNames: ['capability', 'surface', 'outcome', 'site'],
      registers,
    }),
  };
  return {
    ...metrics,
    deliveryAttempt(target, state, attempt) {
      metrics.deliveryAttempts.inc({ target, state, attempt: attemptLabel(attempt) });
    },
  };
}
