// Per-client rate limits with fixed windows counted in the database. A policy has one or more
// windows; a request is let through only if every window has room, and a refusal spends none.
import type { Kysely } from 'kysely';
import type { Tables } from '../../store/schema.ts';
import { deleteExpiredCounters, incrementBelow, readCounts, type CounterKey } from '../../store/rate-limits.ts';

export interface RateWindow {
  /** Name used in the RateLimit headers and as the counter's key, e.g. "contact-minute". */
  name: string;
  limit: number;
  seconds: number;
}

export interface RatePolicy {
  name: string;
  windows: RateWindow[];
}

/** REST contact, the HTML form and MCP send_enquiry share this budget. */
export const contactPolicy: RatePolicy = {
  name: 'contact',
  windows: [
    { name: 'contact-minute', limit: 5, seconds: 60 },
    { name: 'contact-day', limit: 50, seconds: 86_400 },
  ],
};

/** Public audits (REST, the /audit form, MCP and A2A) share this budget: each audit reads another site. */
export const auditPolicy: RatePolicy = {
  name: 'audit',
  windows: [
    { name: 'audit-minute', limit: 3, seconds: 60 },
    { name: 'audit-day', limit: 20, seconds: 86_400 },
  ],
};

/** Every other /agent/* and /api/* request shares this budget. */
export const generalPolicy: RatePolicy = {
  name: 'general',
  windows: [{ name: 'general-minute', limit: 300, seconds: 60 }],
};

export interface WindowState {
  window: RateWindow;
  remaining: number;
  /** Seconds until this window resets (at least 1). */
  reset: number;
}

export interface RateLimitState {
  policy: RatePolicy;
  windows: WindowState[];
  allowed: boolean;
  /** Seconds until a refused request may be retried (set when allowed is false). */
  retryAfter?: number;
}

export interface RateLimiter {
  /** Counts one request against every window of the policy, unless one of them is full. */
  take(policy: RatePolicy, client: string, now?: Date): Promise<RateLimitState>;
  /** Reports the current state without counting anything. */
  peek(policy: RatePolicy, client: string, now?: Date): Promise<RateLimitState>;
  /**
   * `take`, answered in the same tick when the count is kept in memory (the shared budget), else a
   * promise: the per-request hooks call it so a read costs no promise. Limiters without it are awaited.
   */
  takeNow?(policy: RatePolicy, client: string, now?: Date): RateLimitState | Promise<RateLimitState>;
}

/** `limiter.takeNow` where it has one (a count kept in memory answers in the same tick), else its `take`. */
export function takeAtOnce(
  limiter: RateLimiter,
  policy: RatePolicy,
  client: string,
): RateLimitState | Promise<RateLimitState> {
  return limiter.takeNow ? limiter.takeNow(policy, client) : limiter.take(policy, client);
}

class Refused extends Error {}

const purgeEverySeconds = 600;

export function createRateLimiter(db: Kysely<Tables>): RateLimiter {
  let lastPurge = 0;
  const maybePurge = (nowSeconds: number): void => {
    if (nowSeconds - lastPurge < purgeEverySeconds) return;
    lastPurge = nowSeconds;
    deleteExpiredCounters(db, nowSeconds).catch(() => {});
  };

  const peek = async (policy: RatePolicy, client: string, now = new Date()): Promise<RateLimitState> => {
    const keys = counterKeys(policy, client, now);
    const counts = await readCounts(db, keys);
    return peekedState(policy, keys, counts, now);
  };

  const take = async (policy: RatePolicy, client: string, now = new Date()): Promise<RateLimitState> => {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    maybePurge(nowSeconds);
    const keys = counterKeys(policy, client, now);
    try {
      // One transaction: if a later window is full, the earlier increments are rolled back.
      const counts = await db.transaction().execute(async (trx) => {
        const result: number[] = [];
        for (const [i, key] of keys.entries()) {
          const window = policy.windows[i]!;
          const count = await incrementBelow(trx, key, window.limit, key.windowStart + window.seconds);
          if (count === undefined) throw new Refused();
          result.push(count);
        }
        return result;
      });
      return stateFrom(policy, keys, counts, now, true);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      return stateFrom(policy, keys, await readCounts(db, keys), now, false);
    }
  };

  return { take, peek };
}

export function counterKeys(policy: RatePolicy, client: string, now: Date): CounterKey[] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return policy.windows.map((window) => ({
    window: window.name,
    client,
    windowStart: nowSeconds - (nowSeconds % window.seconds),
  }));
}

/** What a peek reports: the counts as they stand, a request allowed while every window is under its limit. */
export function peekedState(policy: RatePolicy, keys: CounterKey[], counts: number[], now: Date): RateLimitState {
  return stateFrom(
    policy,
    keys,
    counts,
    now,
    counts.every((count, i) => count < policy.windows[i]!.limit),
  );
}

export function stateFrom(
  policy: RatePolicy,
  keys: CounterKey[],
  counts: number[],
  now: Date,
  allowed: boolean,
): RateLimitState {
  const nowSeconds = now.getTime() / 1000;
  const windows = policy.windows.map((window, i) => ({
    window,
    remaining: Math.max(0, window.limit - counts[i]!),
    reset: Math.max(1, Math.ceil(keys[i]!.windowStart + window.seconds - nowSeconds)),
  }));
  const state: RateLimitState = { policy, windows, allowed };
  if (!allowed) {
    // Retry once every full window has reset.
    state.retryAfter = Math.max(...windows.filter((w) => w.remaining === 0).map((w) => w.reset), 1);
  }
  return state;
}

/** The window that constrains the caller most: fewest requests left, then the longest wait. */
export function tightestWindow(state: RateLimitState): WindowState {
  return state.windows.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && b.reset > a.reset) ? b : a,
  );
}

/** Response headers per draft-ietf-httpapi-ratelimit-headers, plus Retry-After when refused. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const tightest = tightestWindow(state);
  const headers: Record<string, string> = {
    'RateLimit-Policy': policyHeader(state.policy),
    RateLimit: state.windows.map((w) => `"${w.window.name}";r=${w.remaining};t=${w.reset}`).join(', '),
    'RateLimit-Limit': String(tightest.window.limit),
    'RateLimit-Remaining': String(tightest.remaining),
    'RateLimit-Reset': String(tightest.reset),
  };
  if (state.retryAfter !== undefined) headers['Retry-After'] = String(state.retryAfter);
  return headers;
}

const policyHeaders = new WeakMap<RatePolicy, string>();

/** The RateLimit-Policy value of a policy: fixed, so built once. */
function policyHeader(policy: RatePolicy): string {
  let value = policyHeaders.get(policy);
  if (value === undefined) {
    value = policy.windows.map((w) => `"${w.name}";q=${w.limit};w=${w.seconds}`).join(', ');
    policyHeaders.set(policy, value);
  }
  return value;
}
