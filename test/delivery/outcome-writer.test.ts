// Outcome batches: the outcomes of one tick are committed together, each caller learns whether its
// own lease still held, nothing counts as recorded when the commit fails, and one outcome the
// database refuses fails alone.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createOutcomeWriter } from '../../src/delivery/outcome-writer.ts';
import { closeServices, type Services } from '../../src/app/services.ts';
import { claimDueDeliveries } from '../../src/store/outbox.ts';
import { addEnquiry, deliveriesFor, testServices } from './fixture.ts';

describe('delivery outcome batches', () => {
  const open: Services[] = [];
  afterEach(async () => {
    for (const services of open.splice(0)) await closeServices(services).catch(() => {});
  });

  async function claimed(count: number, owner: string): Promise<{ services: Services; ids: string[] }> {
    const services = await testServices();
    open.push(services);
    for (let i = 0; i < count; i += 1) await addEnquiry(services, ['webhook']);
    const rows = await claimDueDeliveries(services.store, {
      owner,
      limit: count,
      leaseMs: 60_000,
      targets: ['webhook'],
    });
    return { services, ids: rows.map((row) => row.id) };
  }

  it('commits the outcomes of one tick and tells each caller whether its lease held', async () => {
    const { services, ids } = await claimed(30, 'worker-a');
    // Another worker took the last one over (its lease had expired), so worker-a no longer holds it.
    await services.store.db
      .updateTable('deliveries')
      .set({ lease_owner: 'worker-b' })
      .where('id', '=', ids[29]!)
      .execute();
    const writer = createOutcomeWriter(services.store.db, 'worker-a');
    const results = await Promise.all(ids.map((id) => writer.record(id, { state: 'delivered' })));
    assert.deepEqual(results, [...Array(29).fill(true), false]);
    const rows = await deliveriesFor(services);
    assert.equal(rows.filter((row) => row.state === 'delivered').length, 29);
    assert.equal(
      rows.find((row) => row.id === ids[29])!.state,
      'pending',
      'a lease held by another owner is left alone',
    );
  });

  it('records a retry with its error and a delivered row without one', async () => {
    const { services, ids } = await claimed(2, 'worker-a');
    const writer = createOutcomeWriter(services.store.db, 'worker-a');
    const later = new Date(Date.now() + 60_000);
    await Promise.all([
      writer.record(ids[0]!, { state: 'pending', nextAttemptAt: later, error: 'attempt 1: HTTP 503' }),
      writer.record(ids[1]!, { state: 'delivered' }),
    ]);
    const rows = await deliveriesFor(services);
    const retry = rows.find((row) => row.id === ids[0])!;
    assert.equal(retry.last_error, 'attempt 1: HTTP 503');
    assert.equal(retry.next_attempt_at, later.toISOString());
    assert.equal(rows.find((row) => row.id === ids[1])!.last_error, null);
  });

  it('rejects every outcome of a batch whose commit fails, so none counts as delivered', async () => {
    const { services, ids } = await claimed(3, 'worker-a');
    const writer = createOutcomeWriter(services.store.db, 'worker-a');
    await services.store.db.schema.alterTable('deliveries').renameTo('deliveries_away').execute();
    const results = await Promise.allSettled(ids.map((id) => writer.record(id, { state: 'delivered' })));
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected', 'rejected'],
    );
    await services.store.db.schema.alterTable('deliveries_away').renameTo('deliveries').execute();
    const rows = await deliveriesFor(services);
    assert.ok(
      rows.every((row) => row.state === 'pending'),
      'nothing was recorded',
    );
  });

  it('stores an error text carrying NUL, and fails only the outcome the database refuses', async () => {
    const { services, ids } = await claimed(4, 'worker-a');
    const writer = createOutcomeWriter(services.store.db, 'worker-a');
    const later = new Date(Date.now() + 60_000);
    const results = await Promise.allSettled([
      writer.record(ids[0]!, { state: 'pending', nextAttemptAt: later, error: 'attempt 1: HTTP 502 \u0000bad\ud800' }),
      writer.record(ids[1]!, { state: null as never, error: 'no state' }),
      writer.record(ids[2]!, { state: 'delivered' }),
      writer.record(ids[3]!, { state: 'dead', error: 'attempt 9: HTTP 410' }),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
    );
    const rows = await deliveriesFor(services);
    const state = (id: string): [string, string | null] => {
      const row = rows.find((r) => r.id === id)!;
      return [row.state, row.last_error];
    };
    assert.deepEqual(ids.map(state), [
      ['pending', 'attempt 1: HTTP 502 bad\ufffd'],
      ['pending', null],
      ['delivered', null],
      ['dead', 'attempt 9: HTTP 410'],
    ]);
  });
});
