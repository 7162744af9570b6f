// Two service instances on one PostgreSQL database (each with its own pool, as two processes would
// have) racing on the shared state: rate-limit counters, idempotency keys and the outbox.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config/config.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { contactPolicy, generalPolicy } from '../../src/domain/rate-limit/rate-limit.ts';
import { closeServices, createServices, type Services } from '../../src/app/services.ts';
import { claimDueDeliveries, enqueueDeliveries } from '../../src/store/outbox.ts';
import { addToCounters, type CounterDelta } from '../../src/store/rate-limit-batches.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';

const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

describe('two instances on one PostgreSQL database', () => {
  let instances: Services[];
  before(async () => {
    const env = {
      LOG_LEVEL: 'silent',
      DATABASE_URL: await freshPostgresUrl(),
      CRM_WEBHOOK_URL: 'http://127.0.0.1:2/hook',
      CRM_WEBHOOK_SECRET: 'whsec_dGVzdA==',
    };
    instances = await Promise.all([createServices(loadConfig(env)), createServices(loadConfig(env))]);
  });
  after(() => Promise.all(instances.map(closeServices)));

  it('accepts exactly five contact requests per client per minute across both', async () => {
    await awayFromMinuteBoundary(10);
    const clients = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '2001:db8:1::/56'];
    const attempts = clients.flatMap((client) =>
      Array.from({ length: 12 }, (_, i) =>
        instances[i % 2]!.enquiries.submit({ input: valid, client, channel: 'rest', kind: 'enquiry' }).then(
          () => ({ client, accepted: true }),
          (error: unknown) => {
            assert.ok(error instanceof AppError && error.code === 'rate_limited', String(error));
            return { client, accepted: false };
          },
        ),
      ),
    );
    const results = await Promise.all(attempts);
    for (const client of clients) {
      assert.equal(results.filter((r) => r.client === client && r.accepted).length, 5, client);
    }
  });

  it('spends the 50-a-day window exactly once across both, minute after minute', async () => {
    const client = '203.0.113.50';
    const day = Date.UTC(2030, 0, 1);
    let accepted = 0;
    for (let minute = 0; minute < 12; minute += 1) {
      const now = new Date(day + minute * 60_000 + 5_000);
      const states = await Promise.all(
        Array.from({ length: 8 }, (_, i) => instances[i % 2]!.rateLimiter.take(contactPolicy, client, now)),
      );
      const allowed = states.filter((state) => state.allowed).length;
      assert.equal(allowed, minute < 10 ? 5 : 0, `minute ${minute}`);
      accepted += allowed;
    }
    assert.equal(accepted, 50);
  });

  it('creates one enquiry for concurrent identical requests with one Idempotency-Key', async () => {
    await awayFromMinuteBoundary(10);
    const idempotencyKey = `key-${Date.now()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        instances[i % 2]!.enquiries.submit({
          input: valid,
          client: `192.0.2.${10 + i}`,
          idempotencyKey,
          channel: 'rest',
          kind: 'enquiry',
        }).then(
          (result) => result.accepted.reference,
          (error: unknown) => {
            assert.ok(error instanceof AppError && error.code === 'idempotency_conflict', String(error));
            return 'in-flight';
          },
        ),
      ),
    );
    const references = new Set(outcomes.filter((outcome) => outcome !== 'in-flight'));
    assert.equal(references.size, 1);
    const db = instances[0]!.store.db;
    const count = await db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('reference', 'in', [...references])
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
    // A later retry on either instance replays the same reference.
    for (const instance of instances) {
      const replay = await instance.enquiries.submit({
        input: valid,
        client: '192.0.2.99',
        idempotencyKey,
        channel: 'rest',
        kind: 'enquiry',
      });
      assert.equal(replay.replayed, true);
      assert.ok(references.has(replay.accepted.reference));
    }
  });

  it('hands each due delivery to exactly one of several concurrent claimers', async () => {
    const db = instances[0]!.store.db;
    const at = new Date(Date.now() - 1_000);
    for (let i = 0; i < 30; i += 1) {
      const reference = `enq_${(0xc1a1a000 + i).toString(16).padStart(16, '0')}`;
      await db
        .insertInto('enquiries')
        .values({
          site: '',
          reference,
          received_at: at.toISOString(),
          kind: 'enquiry',
          topic: 'general',
          channel: 'rest',
          from_name: null,
          from_email: null,
          organization: null,
          message: null,
          agent_id: null,
          erased_at: null,
        })
        .execute();
      await enqueueDeliveries(db, '', reference, ['hubspot'], at);
    }
    const claimed: string[] = [];
    const claimer = async (owner: string, store: Services['store']): Promise<void> => {
      for (;;) {
        const rows = await claimDueDeliveries(store, { owner, limit: 3, leaseMs: 60_000, targets: ['hubspot'] });
        if (rows.length === 0) return;
        claimed.push(...rows.map((row) => row.id));
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, i) => claimer(`worker-${i}`, instances[i % 2]!.store)));
    assert.equal(claimed.length, 30);
    assert.equal(new Set(claimed).size, 30);
  });

  it('adds batched counter flushes from both instances without deadlocks or lost counts', async () => {
    const deltas: CounterDelta[] = Array.from({ length: 400 }, (_, i) => ({
      window: 'general-minute',
      client: `198.18.${i >> 8}.${i & 255}`,
      windowStart: 1_900_000_020,
      expiresAt: 1_900_000_080,
      add: 1,
    }));
    for (let round = 0; round < 10; round += 1) {
      // Opposite orders: unsorted, these lock the same rows in opposite orders and deadlock.
      await Promise.all([
        addToCounters(instances[0]!.store.db, deltas),
        addToCounters(instances[1]!.store.db, [...deltas].reverse()),
      ]);
    }
    const rows = await instances[0]!.store.db
      .selectFrom('rate_limit_counters')
      .select('count')
      .where('window_start', '=', 1_900_000_020)
      .execute();
    assert.equal(rows.length, 400);
    assert.ok(rows.every((row) => Number(row.count) === 20));
  });

  it('holds the shared 300-a-minute budget across both when a client keeps going', async (t) => {
    await awayFromMinuteBoundary(10);
    const client = '198.18.1.1';
    let accepted = 0;
    for (let i = 0; i < 400; i += 1) {
      if ((await instances[i % 2]!.rateLimiter.take(generalPolicy, client)).allowed) accepted += 1;
      if (i % 10 === 0) await sleep(20); // sustained traffic: both instances flush (every 200 ms) meanwhile
    }
    t.diagnostic(`general budget across two instances: ${accepted} of 400 accepted`);
    assert.equal(accepted, 300);
  });
});
