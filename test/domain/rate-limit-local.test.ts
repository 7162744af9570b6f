// The one-instance limiter (SQLite): the shared 300/min budget is exact in memory, journaled in one
// row per window and flush, replayed after a restart; a failed write is retried; contact stays exact.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { createLocalRateLimiter } from '../../src/domain/rate-limit/local.ts';
import { contactPolicy, generalPolicy } from '../../src/domain/rate-limit/rate-limit.ts';
import { createMetrics } from '../../src/ops/metrics/prometheus.ts';
import type { Store } from '../../src/store/store.ts';
import { rateLimiterFixture } from '../helpers/rate-limiter-fixture.ts';

const { store, limiter } = rateLimiterFixture('rate-local-', createLocalRateLimiter);

const journalRows = async (s: Store): Promise<number> =>
  Number(
    (
      await s.db
        .selectFrom('rate_limit_journal')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('one-instance rate limiter', () => {
  it('refuses the 301st request of a window and journals the window in one row per flush', async () => {
    const s = await store();
    const l = await limiter(s);
    const now = new Date();
    for (let i = 0; i < 300; i += 1) assert.equal((await l.take(generalPolicy, '192.0.2.1', now)).allowed, true);
    for (let i = 0; i < 50; i += 1) await l.take(generalPolicy, `198.51.100.${i}`, now);
    const refused = await l.take(generalPolicy, '192.0.2.1', now);
    assert.equal(refused.allowed, false);
    assert.equal(refused.windows[0]!.remaining, 0);
    assert.ok((refused.retryAfter ?? 0) >= 1);
    assert.equal(await journalRows(s), 0, 'nothing written before the flush');
    await l.flush();
    assert.equal(await journalRows(s), 1);
    await l.flush();
    assert.equal(await journalRows(s), 1, 'a flush with nothing new writes nothing');
  });

  it('reports remaining requests with peek, without counting', async () => {
    const l = await limiter(await store());
    assert.equal((await l.peek(generalPolicy, '192.0.2.2')).windows[0]!.remaining, 300);
    await l.take(generalPolicy, '192.0.2.2');
    assert.equal((await l.peek(generalPolicy, '192.0.2.2')).windows[0]!.remaining, 299);
    assert.equal((await l.peek(generalPolicy, '192.0.2.2')).windows[0]!.remaining, 299);
  });

  it('keeps the counts across restarts on the same database', async () => {
    const s = await store();
    const first = await limiter(s);
    for (let i = 0; i < 300; i += 1) await first.take(generalPolicy, '192.0.2.3');
    await first.take(generalPolicy, '192.0.2.33');
    await first.close();
    const second = await limiter(s);
    assert.equal((await second.take(generalPolicy, '192.0.2.3')).allowed, false);
    assert.equal((await second.take(generalPolicy, '192.0.2.33')).windows[0]!.remaining, 298);
    await second.close();
    const third = await limiter(s);
    assert.equal((await third.peek(generalPolicy, '192.0.2.33')).windows[0]!.remaining, 298);
  });

  it('forgets a window once it has ended and deletes its journal', async () => {
    const s = await store();
    const l = await limiter(s);
    const past = new Date(Date.now() - 120_000);
    for (let i = 0; i < 300; i += 1) await l.take(generalPolicy, '192.0.2.4', past);
    await l.flush(); // journals the ended window, then drops it
    assert.equal(await journalRows(s), 0);
    assert.equal((await l.take(generalPolicy, '192.0.2.4')).allowed, true);
  });

  it('keeps counts whose write failed and writes them at the next flush', async () => {
    const s = await store();
    const l = await limiter(s);
    for (let i = 0; i < 300; i += 1) await l.take(generalPolicy, '192.0.2.5');
    await sql`ALTER TABLE rate_limit_journal RENAME TO journal_away`.execute(s.db);
    await l.flush(); // fails: no such table
    await sql`ALTER TABLE journal_away RENAME TO rate_limit_journal`.execute(s.db);
    assert.equal((await l.take(generalPolicy, '192.0.2.5')).allowed, false, 'still counted in memory');
    await l.close();
    const restarted = await limiter(s);
    assert.equal((await restarted.take(generalPolicy, '192.0.2.5')).allowed, false);
  });

  it('reads the counters an earlier version stored per client', async () => {
    const s = await store();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const windowStart = nowSeconds - (nowSeconds % 60);
    await s.db
      .insertInto('rate_limit_counters')
      .values({
        policy: 'general-minute',
        client: '192.0.2.6',
        window_start: windowStart,
        count: 299,
        expires_at: windowStart + 60,
      })
      .execute();
    const l = await limiter(s);
    assert.equal((await l.take(generalPolicy, '192.0.2.6')).allowed, true);
    assert.equal((await l.take(generalPolicy, '192.0.2.6')).allowed, false);
  });

  it('keeps the contact budget exact in the database and counts rejections per policy', async () => {
    const s = await store();
    const metrics = createMetrics();
    const l = await limiter(s, metrics);
    for (let i = 0; i < 5; i += 1) assert.equal((await l.take(contactPolicy, '192.0.2.7')).allowed, true);
    assert.equal((await l.take(contactPolicy, '192.0.2.7')).allowed, false);
    for (let i = 0; i < 301; i += 1) await l.take(generalPolicy, '192.0.2.7');
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
    assert.match(text, /agentsite_rate_limit_rejections_total\{policy="general"\} 1/);
  });
});
