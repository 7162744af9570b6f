// Each site's budgets are its own: a client's key names the site the request is for, so one site's
// flood never spends another's budget, on every limiter (in memory, journal, counters shared on
// PostgreSQL) without a column of its own. The single site's keys are the bare client keys, as they
// were before sites existed, so the counts stored then still count.
import { currentSiteKey, singleSiteKey } from '../sites/site-scope.ts';
import type { RateLimiter } from './rate-limit.ts';

/** The budget key of `client` on the site named `site`: a site's folder name holds no `/`, so keys never collide. */
export function siteBudgetKey(site: string, client: string): string {
  return site === singleSiteKey ? client : `${site}/${client}`;
}

/** `limiter` counting every client per site (the current work's, site-scope.ts). */
export function siteBudgets<Limiter extends RateLimiter>(limiter: Limiter): Limiter {
  const keyOf = (client: string): string => siteBudgetKey(currentSiteKey(), client);
  const { takeNow } = limiter;
  return {
    ...limiter,
    take: (policy, client, now) => limiter.take(policy, keyOf(client), now),
    peek: (policy, client, now) => limiter.peek(policy, keyOf(client), now),
    ...(takeNow && { takeNow: (policy, client, now) => takeNow.call(limiter, policy, keyOf(client), now) }),
  };
}
