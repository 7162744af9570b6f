// Both write-behind limiters count some policies in memory (the high-volume shared budget) and
// leave the others (contact: 5/min, 50/day) to the exact database limiter; this routes a request
// to the right one and counts refusals per policy.
import { withoutFlushWait } from '../../store/group-commit.ts';
import type { RateLimiter, RateLimitState, RatePolicy } from './rate-limit.ts';

/** Counts kept in memory: a take answers at once unless it must ask the database first. */
export interface MemoryCounts {
  take(policy: RatePolicy, client: string, now: Date): RateLimitState | Promise<RateLimitState>;
  peek(policy: RatePolicy, client: string, now: Date): Promise<RateLimitState>;
}

export interface PolicyRoutes {
  /** Counts the policies in `inMemory`. */
  memory: MemoryCounts;
  /** The database limiter, for every other policy. */
  exact: RateLimiter;
  inMemory: ReadonlySet<RatePolicy>;
  /** Told of every refused request (the composition root counts them as a metric). */
  onRefused?: (policy: RatePolicy) => void;
}

export function routePolicies({ memory, exact, inMemory, onRefused }: PolicyRoutes): RateLimiter {
  const counted = (policy: RatePolicy, state: RateLimitState): RateLimitState => {
    if (!state.allowed) onRefused?.(policy);
    return state;
  };
  const takeNow = (policy: RatePolicy, client: string, now = new Date()): RateLimitState | Promise<RateLimitState> => {
    const state = inMemory.has(policy)
      ? memory.take(policy, client, now)
      : // The enquiry's own commit flushes this count with it; waiting here would double the latency.
        withoutFlushWait(() => exact.take(policy, client, now));
    return state instanceof Promise ? state.then((settled) => counted(policy, settled)) : counted(policy, state);
  };
  return {
    take: async (policy, client, now) => takeNow(policy, client, now),
    takeNow,
    peek: (policy, client, now = new Date()) => (inMemory.has(policy) ? memory : exact).peek(policy, client, now),
  };
}
