// What a call through the pipeline is made of: the call a surface hands over, the surfaces, the
// metrics port the pipeline reports to, and what the pipeline is built with (pipeline.ts).
import type { Config } from '../config/config.ts';
import type { Caller } from '../domain/callers/caller.ts';
import type { Insight } from '../domain/insight/recorder.ts';
import type { RateLimiter, RateLimitState } from '../domain/rate-limit/rate-limit.ts';
import type { Logger } from '../kernel/logger.ts';
import type { ResponseCache } from '../cache/response-cache.ts';
import type { CallContext } from './call-context.ts';
import type { Capability } from './capability.ts';

/** The surfaces a capability is called through. */
export type Surface = 'mcp' | 'a2a' | 'rest';

/**
 * What the pipeline reports to metrics: a port it defines and ops/metrics implements, so the
 * catalogue imports no operations tool. `outcome` is `ok` or `error` (a refusal or a failure).
 */
export interface CallMetrics {
  callEnded(capability: string, surface: Surface, outcome: 'ok' | 'error'): void;
}

/** One call as a surface hands it over. */
export interface CapabilityCall {
  capability: Capability;
  /** The input as the caller sent it (undefined reads as {}); validated here, once. */
  sent: unknown;
  surface: Surface;
  /** The call's facts: client key, Authorization header, channel, logger, request key. */
  context: CallContext;
  /** Who is calling; a signed request's Promise settles once its signature is verified. */
  caller?: Caller | Promise<Caller> | undefined;
  /** Names the input in field errors about the input as a whole: "arguments" (MCP), "input" (A2A), "body" (REST). */
  inputName?: string;
  /**
   * Set when the listener already spent the read budget for this request (REST and A2A spend it per
   * HTTP request), so a `read` capability spends nothing more here.
   */
  readBudgetSpent?: boolean;
  /** Set when the listener records the request's visit itself (REST's insight hook does), so it is not counted twice. */
  visitRecorded?: boolean;
  /** Told the read budget's state as soon as it is known, before a refusal is thrown (for RateLimit headers). */
  onBudget?(state: RateLimitState): void;
}

/** What the pipeline is built with, once, by the composition root. */
export interface PipelineDeps {
  config: Pick<Config, 'agentRateLimitPerMinute'>;
  rateLimiter: RateLimiter;
  insight: Pick<Insight, 'enabled' | 'recordVisit' | 'recordAsk'>;
  cache: ResponseCache;
  metrics: CallMetrics;
  logger: Logger;
}
