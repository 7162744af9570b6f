import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createRateLimiter,
  contactPolicy,
  rateLimitHeaders,
  type RateLimiter,
} from '../../src/domain/rate-limit/rate-limit.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { loadConfig } from '../../src/config/config.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';

describe('the database rate limiter', () => {
  let store: Store;
  let limiter: RateLimiter;
  before(async () => {
    store = await openStore(loadConfig({ DATABASE_URL: await freshDatabaseUrl() }).database);
    limiter = createRateLimiter(store.db);
  });
  after(() => store.close());
  const at = (iso: string): Date => new Date(iso);

  it('counts fixed windows and reports the tightest one in the headers', async () => {
    const first = await limiter.take(contactPolicy, 'a', at('2026-11-21T10:00:10Z'));
    assert.equal(first.allowed, true);
    const headers = rateLimitHeaders(first);
    assert.equal(headers['RateLimit-Policy'], '"contact-minute";q=5;w=60, "contact-day";q=50;w=86400');
    assert.equal(headers.RateLimit, '"contact-minute";r=4;t=50, "contact-day";r=49;t=50390');
    assert.equal(headers['RateLimit-Limit'], '5');
    assert.equal(headers['RateLimit-Remaining'], '4');
    assert.equal(headers['RateLimit-Reset'], '50');
    assert.equal(headers['Retry-After'], undefined);
  });

  it('refuses a full window without spending the other, and retries after the full one resets', async () => {
    for (let i = 0; i < 4; i++) await limiter.take(contactPolicy, 'a', at('2026-11-21T10:00:20Z'));
    const refused = await limiter.take(contactPolicy, 'a', at('2026-11-21T10:00:30Z'));
    assert.equal(refused.allowed, false);
    assert.equal(refused.retryAfter, 30);
    assert.equal(rateLimitHeaders(refused)['Retry-After'], '30');
    const peek = await limiter.peek(contactPolicy, 'a', at('2026-11-21T10:00:30Z'));
    assert.deepEqual(
      peek.windows.map((w) => w.remaining),
      [0, 45],
    );
    const nextMinute = await limiter.take(contactPolicy, 'a', at('2026-11-21T10:01:00Z'));
    assert.equal(nextMinute.allowed, true);
    assert.deepEqual(
      nextMinute.windows.map((w) => w.remaining),
      [4, 44],
    );
  });

  it('never lets more than the quota through under concurrency', async () => {
    const now = at('2026-11-21T11:00:00Z');
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.take(contactPolicy, 'b', now)));
    assert.equal(results.filter((r) => r.allowed).length, 5);
  });
});
