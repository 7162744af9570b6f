// The shared budget spent for a request that is answered before Fastify (the health answer). When
// that answer cannot go ahead at once (refused, counted asynchronously, counters unreadable), the
// outcome is handed to the rate-limit hook, which finishes the request as it always does, without
// spending the budget a second time. The outcome travels on the request itself, as its facts do.
import type { IncomingMessage } from 'node:http';
import { readBudget } from '../domain/callers/budget.ts';
import type { Caller } from '../domain/callers/caller.ts';
import { takeAtOnce, type RateLimitState } from '../domain/rate-limit/rate-limit.ts';
import type { Services } from '../app/services.ts';

/** What spending found: a state (allowed or not, maybe still being counted), or the counters' fault. */
export type EarlyOutcome = { state: RateLimitState | Promise<RateLimitState> } | { error: unknown };

declare module 'node:http' {
  interface IncomingMessage {
    /** Set only on a request handed on to Fastify after its budget was spent; read by spentEarly. */
    budgetSpentEarly?: EarlyOutcome;
  }
}

/**
 * Spends the read budget of `caller` for `request`: the allowed state when it is known at once,
 * else undefined, and the outcome is kept for the rate-limit hook (see spentEarly).
 */
export function spendEarly(
  services: Pick<Services, 'rateLimiter' | 'clientAddress' | 'config'>,
  request: IncomingMessage,
  caller: Caller,
): RateLimitState | undefined {
  let state: RateLimitState | Promise<RateLimitState>;
  try {
    const [policy, key] = readBudget(
      caller,
      services.clientAddress.keyOf(request),
      services.config.agentRateLimitPerMinute,
    );
    state = takeAtOnce(services.rateLimiter, policy, key);
  } catch (error) {
    request.budgetSpentEarly = { error };
    return undefined;
  }
  if (state instanceof Promise || !state.allowed) {
    request.budgetSpentEarly = { state };
    return undefined;
  }
  return state;
}

/** The outcome of a budget already spent for `request` before Fastify saw it, if any. */
export function spentEarly(request: IncomingMessage): EarlyOutcome | undefined {
  return request.budgetSpentEarly;
}
