// The buffered limiter: the shared 300/min budget is exact within one instance, written behind in
// batches, preloaded after a restart and reconciled across instances at each flush; contact stays exact.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { agentPolicy } from '../../src/domain/callers/budget.ts';
import { createBufferedRateLimiter } from '../../src/domain/rate-limit/buffer.ts';
import { contactPolicy, createRateLimiter, generalPolicy } from '../../src/domain/rate-limit/rate-limit.ts';
import { createMetrics } from '../../src/ops/metrics/prometheus.ts';
import type { Store } from '../../src/store/store.ts';
import { rateLimiterFixture } from '../helpers/rate-limiter-fixture.ts';

const { store, limiter } = rateLimiterFixture('rate-buffer-', createBufferedRateLimiter);

const storedCount = async (s: Store): Promise<number> => {
  const rows = await s.db
    .selectFrom('rate_limit_counters')
    .select('count')
    .where('policy', '=', 'general-minute')
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
};

describe('buffered rate limiter', () => {
  it('refuses the 301st request of a window without writing each request', async () => {
    const s = await store();
    const l = await limiter(s);
    const now = new Date();
    for (let i = 0; i < 300; i += 1) assert.equal((await l.take(generalPolicy, '192.0.2.1', now)).allowed, true);
    const refused = await l.take(generalPolicy, '192.0.2.1', now);
    assert.equal(refused.allowed, false);
    assert.ok((refused.retryAfter ?? 0) >= 1);
    assert.equal(await storedCount(s), 0, 'nothing written before the flush');
    await l.flush();
    assert.equal(await storedCount(s), 300);
  });

  it('reports remaining requests with peek, without counting', async () => {
    const l = await limiter(await store());
    await l.take(generalPolicy, '192.0.2.2');
    const state = await l.peek(generalPolicy, '192.0.2.2');
    assert.equal(state.windows[0]!.remaining, 299);
    assert.equal((await l.peek(generalPolicy, '192.0.2.2')).windows[0]!.remaining, 299);
  });

  it('keeps the count across a restart on the same database', async () => {
    const s = await store();
    const first = await limiter(s);
    for (let i = 0; i < 300; i += 1) await first.take(generalPolicy, '192.0.2.3');
    await first.close();
    const second = await limiter(s);
    assert.equal((await second.take(generalPolicy, '192.0.2.3')).allowed, false);
  });

  it('learns the other instances’ counts at its next flush', async () => {
    const s = await store();
    const a = await limiter(s);
    const b = await limiter(s);
    for (let i = 0; i < 250; i += 1) await a.take(generalPolicy, '192.0.2.4');
    await a.flush();
    for (let i = 0; i < 10; i += 1) await b.take(generalPolicy, '192.0.2.4');
    await b.flush();
    assert.equal((await b.peek(generalPolicy, '192.0.2.4')).windows[0]!.remaining, 40);
  });

  it('keeps the contact budget exact in the database and counts rejections per policy', async () => {
    const s = await store();
    const metrics = createMetrics();
    const l = await limiter(s, metrics);
    for (let i = 0; i < 5; i += 1) assert.equal((await l.take(contactPolicy, '192.0.2.5')).allowed, true);
    assert.equal((await l.take(contactPolicy, '192.0.2.5')).allowed, false);
    const rows = await s.db
      .selectFrom('rate_limit_counters')
      .select('count')
      .where('policy', '=', 'contact-minute')
      .execute();
    assert.deepEqual(
      rows.map((r) => Number(r.count)),
      [5],
    );
    const text = await metrics.registry.metrics();
    assert.match(text, /agentsite_rate_limit_rejections_total\{policy="contact"\} 1/);
  });

  it('counts a request the database decided (several instances, near the limit) in its own total too', async () => {
    const s = await store();
    const policy = agentPolicy(3);
    const l = await createBufferedRateLimiter({
      db: s.db,
      exact: createRateLimiter(s.db),
      logger: pino({ level: 'silent' }),
      flushMs: 60_000,
      exactShare: 0.5,
      buffered: [generalPolicy, policy],
    });
    try {
      const states = [];
      for (let i = 0; i < 4; i += 1) states.push(await l.take(policy, 'agent:https://operator.example'));
      assert.deepEqual(
        states.map((state) => state.allowed),
        [true, true, true, false],
      );
      assert.deepEqual(
        states.slice(0, 3).map((state) => state.windows[0]!.remaining),
        [2, 1, 0],
      );
    } finally {
      await l.close();
    }
  });

  it('asks the database about one counter one request at a time, so a burst waits in memory and gets exactly the budget', async () => {
    const s = await store();
    const database = createRateLimiter(s.db);
    let asking = 0;
    let mostAtOnce = 0;
    const exact: typeof database = {
      ...database,
      async take(...args) {
        mostAtOnce = Math.max(mostAtOnce, (asking += 1));
        try {
          return await database.take(...args);
        } finally {
          asking -= 1;
        }
      },
    };
    const l = await createBufferedRateLimiter({
      db: s.db,
      exact,
      logger: pino({ level: 'silent' }),
      flushMs: 60_000,
      exactShare: 0.5,
    });
    try {
      const now = new Date();
      const states = await Promise.all(Array.from({ length: 400 }, () => l.take(generalPolicy, '192.0.2.7', now)));
      assert.equal(states.filter((state) => state.allowed).length, 300);
      assert.equal(mostAtOnce, 1);
    } finally {
      await l.close();
    }
  });

  it('keeps refusing a client over its limit across flushes instead of forgetting it', async () => {
    const s = await store();
    const l = await limiter(s);
    const now = new Date();
    for (let i = 0; i < 300; i += 1) await l.take(generalPolicy, '192.0.2.6', now);
    for (let flush = 0; flush < 3; flush += 1) {
      assert.equal((await l.take(generalPolicy, '192.0.2.6', now)).allowed, false);
      await l.flush(); // a flush with nothing pending used to drop the full counter, so counting restarted at 0
      await l.flush();
    }
    assert.equal((await l.take(generalPolicy, '192.0.2.6', now)).allowed, false);
  });
});
