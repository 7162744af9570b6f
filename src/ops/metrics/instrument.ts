// Wrappers that count domain events without touching the domain code: each takes a service (or
// gives a callback the domain calls) and records its metric.
import type { CallMetrics } from '../../capabilities/pipeline.ts';
import type { EnquiryService } from '../../domain/enquiries/submit.ts';
import type { RatePolicy } from '../../domain/rate-limit/rate-limit.ts';
import { siteLabel, type Metrics } from './metrics.ts';

/** Counts enquiries committed (not replays, not refusals) by channel and kind. */
export function countEnquiries(service: EnquiryService, metrics: Metrics): EnquiryService {
  return {
    async submit(request) {
      const result = await service.submit(request);
      if (!result.replayed)
        metrics.enquiriesAccepted.inc({ channel: request.channel, kind: request.kind, ...siteLabel() });
      return result;
    },
  };
}

/** Counts the requests a rate limiter refuses, by policy (`contact`, `general`). */
export function countRefusals(metrics: Metrics): (policy: RatePolicy) => void {
  return (policy) => metrics.rateLimitRejections.inc({ policy: policy.name });
}

/** The call pipeline's metrics port: every capability call, and each MCP tool call under its own name too. */
export function countCapabilityCalls(metrics: Metrics): CallMetrics {
  return {
    callEnded(capability, surface, outcome) {
      const site = siteLabel();
      metrics.capabilityCalls.inc({ capability, surface, outcome, ...site });
      if (surface === 'mcp') metrics.mcpToolCalls.inc({ tool: capability, outcome, ...site });
    },
  };
}
