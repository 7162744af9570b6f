// Leases: two workers on one database never send the same delivery at once, a dead worker's lease
// is taken over once it expires, and stop() hands back what it could not finish.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.ts';
import { closeServices, createServices, type Services } from '../../src/app/services.ts';
import { claimDueDeliveries } from '../../src/store/outbox.ts';
import { startWebhookReceiver, waitFor, webhookSecret, type Receiver } from './doubles.ts';
import { addEnquiry, deliveriesFor, testServices } from './fixture.ts';

describe('delivery leases', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function setup(env: Record<string, string> = {}): Promise<{ receiver: Receiver; services: Services }> {
    const receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    const services = await testServices({ CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: webhookSecret, ...env });
    cleanup.push(() => closeServices(services));
    return { receiver, services };
  }

  function worker(services: Services): DeliveryWorker {
    const started = startDeliveryWorker(services);
    cleanup.push(() => started.stop());
    return started;
  }

  it('lets two workers on one database send 40 deliveries with no delivery sent twice', async () => {
    const { receiver, services } = await setup({ DELIVERY_CONCURRENCY: '3' });
    // A second process's worker: its own connection pool on the same database.
    const other = await createServices(services.config);
    cleanup.push(() => closeServices(other));
    receiver.delayMs = 20;
    const references: string[] = [];
    for (let i = 0; i < 40; i += 1) references.push(await addEnquiry(services, ['webhook']));
    const a = worker(services);
    const b = worker(other);
    assert.notEqual(a.owner, b.owner);
    await waitFor(
      'all delivered',
      async () => (await deliveriesFor(services)).every((d) => d.state === 'delivered'),
      20_000,
    );
    assert.equal(receiver.seen.size, 40);
    assert.ok(
      [...receiver.seen.values()].every((count) => count === 1),
      'no delivery sent twice',
    );
    assert.ok((await deliveriesFor(services)).every((d) => d.attempts === 1));
  });

  it('claims nothing that is under another live lease', async () => {
    const { services } = await setup();
    await addEnquiry(services, ['webhook']);
    const options = { limit: 10, leaseMs: 60_000, targets: ['webhook'] };
    const first = await claimDueDeliveries(services.store, { ...options, owner: 'a' });
    const second = await claimDueDeliveries(services.store, { ...options, owner: 'b' });
    assert.equal(first.length, 1);
    assert.equal(second.length, 0);
    const later = await claimDueDeliveries(services.store, {
      ...options,
      owner: 'b',
      now: new Date(Date.now() + 61_000),
    });
    assert.equal(later.length, 1, 'an expired lease is claimable');
    assert.equal(later[0]!.attempts, 2);
  });

  it("takes over a crashed worker's delivery once its lease has expired", async () => {
    const { receiver, services } = await setup();
    const reference = await addEnquiry(services, ['webhook']);
    const [delivery] = await deliveriesFor(services, reference);
    // What a worker killed mid-send leaves behind: a lease that is about to run out.
    await services.store.db
      .updateTable('deliveries')
      .set({ lease_owner: 'crashed', lease_expires_at: new Date(Date.now() + 300).toISOString(), attempts: 1 })
      .where('id', '=', delivery!.id)
      .execute();
    worker(services);
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(receiver.seen.size, 0, 'not taken while the lease is live');
    await waitFor('delivered', async () => (await deliveriesFor(services, reference))[0]?.state === 'delivered');
    assert.equal(receiver.seen.get(delivery!.id), 1);
    assert.equal((await deliveriesFor(services, reference))[0]!.attempts, 2);
  });

  it('on stop, waits for in-flight sends up to its bound, then releases the unfinished leases', async () => {
    const { receiver, services } = await setup({
      DELIVERY_SHUTDOWN_MS: '200',
      DELIVERY_TIMEOUT_MS: '5000',
      DELIVERY_LEASE_MS: '10000',
    });
    receiver.delayMs = 2_000;
    const reference = await addEnquiry(services, ['webhook']);
    const started = startDeliveryWorker(services);
    await waitFor('claimed', async () => (await deliveriesFor(services, reference))[0]?.lease_owner === started.owner);
    const begun = Date.now();
    await started.stop();
    assert.ok(Date.now() - begun < 1_500, 'stop is bounded');
    const [delivery] = await deliveriesFor(services, reference);
    assert.equal(delivery!.state, 'pending');
    assert.equal(delivery!.lease_owner, null);
    assert.equal(delivery!.lease_expires_at, null);
  });

  it('on stop, lets a quick in-flight send finish and records it', async () => {
    const { receiver, services } = await setup({ DELIVERY_SHUTDOWN_MS: '3000' });
    receiver.delayMs = 300;
    const reference = await addEnquiry(services, ['webhook']);
    const started = startDeliveryWorker(services);
    await waitFor('claimed', async () => (await deliveriesFor(services, reference))[0]?.lease_owner === started.owner);
    await started.stop();
    assert.equal((await deliveriesFor(services, reference))[0]!.state, 'delivered');
  });

  it('abandons a send that outlasts DELIVERY_TIMEOUT_MS and retries it as a timeout', async () => {
    const { receiver, services } = await setup({ DELIVERY_TIMEOUT_MS: '200' });
    receiver.delayMs = 1_000;
    const reference = await addEnquiry(services, ['webhook']);
    worker(services);
    await waitFor(
      'a timed-out attempt',
      async () => (await deliveriesFor(services, reference))[0]!.last_error !== null,
    );
    assert.equal((await deliveriesFor(services, reference))[0]!.last_error, 'attempt 1: timed out');
    receiver.delayMs = 0;
    await waitFor('delivered', async () => (await deliveriesFor(services, reference))[0]?.state === 'delivered');
  });
});
