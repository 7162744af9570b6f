// Both write-behind limiters count some policies in memory (the high-volume shared budget) and
// leave the others (contact: 5/min, 50/day) to the exact database limiter; this routes a request
// to the right one and counts refusals per policy.
import { withoutFlushWait } from '../store/group-commit.ts';
import type { RateLimiter, RateLimitState, RatePolicy } from './rate-limit.ts';

export interface PolicyRoutes {
  /** Counts the policies in `inMemory`. */
  memory: RateLimiter;
  /** The database limiter, for every other policy. */
  exact: RateLimiter;
  inMemory: ReadonlySet<RatePolicy>;
  /** Told of every refused request (the composition root counts them as a metric). */
  onRefused?: (policy: RatePolicy) => void;
}

export function routePolicies({ memory, exact, inMemory, onRefused }: PolicyRoutes): RateLimiter {
  return {
    async take(policy, client, now = new Date()): Promise<RateLimitState> {
      const state = inMemory.has(policy)
        ? await memory.take(policy, client, now)
        : // The enquiry's own commit flushes this count with it; waiting here would double the latency.
          await withoutFlushWait(() => exact.take(policy, client, now));
      if (!state.allowed) onRefused?.(policy);
      return state;
    },
    peek: (policy, client, now = new Date()) => (inMemory.has(policy) ? memory : exact).peek(policy, client, now),
  };
}
