// The worker delivering to a real HTTP receiver that verifies Standard Webhooks signatures.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.ts';
import type { Services } from '../../src/services.ts';
import { closeServices } from '../../src/services.ts';
import { startWebhookReceiver, waitFor, webhookSecret, type Receiver } from './doubles.ts';
import { addEnquiry, deliveriesFor, testServices } from './fixture.ts';

describe('webhook delivery', () => {
  let receiver: Receiver;
  let services: Services;
  let worker: DeliveryWorker;

  before(async () => {
    receiver = await startWebhookReceiver();
    services = await testServices({ CRM_WEBHOOK_URL: receiver.url, CRM_WEBHOOK_SECRET: webhookSecret });
    worker = startDeliveryWorker(services);
  });
  after(async () => {
    await worker.stop();
    await closeServices(services);
    await receiver.close();
  });

  it('sends a signed event whose webhook-id is the delivery id, and marks it delivered', async () => {
    const reference = await addEnquiry(services, ['webhook']);
    services.deliverySignal.notify();
    await waitFor('delivered', async () => (await deliveriesFor(services, reference))[0]?.state === 'delivered');
    const [delivery] = await deliveriesFor(services, reference);
    assert.equal(receiver.seen.get(delivery!.id), 1);
    assert.equal(receiver.badSignatures, 0);
    const body = receiver.bodies.find((b) => b.data.reference === reference)!;
    assert.equal(body.type, 'enquiry.received');
    assert.equal(body.data.fromEmail, 'ada@example.com');
    assert.equal(delivery!.attempts, 1);
    assert.equal(delivery!.lease_owner, null);
    assert.ok(delivery!.delivered_at);
  });

  it('keeps retrying while the CRM is down and delivers each enquiry exactly once when it is back', async () => {
    receiver.status = 503;
    const references = await Promise.all([1, 2, 3, 4, 5].map(() => addEnquiry(services, ['webhook'])));
    services.deliverySignal.notify();
    await waitFor('failed attempts', () => receiver.refused >= 10);
    const during = await Promise.all(references.map((r) => deliveriesFor(services, r)));
    assert.ok(during.every(([d]) => d!.state === 'pending'));
    assert.ok(during.some(([d]) => d!.last_error?.includes('HTTP 503')));
    receiver.status = 200;
    await waitFor('all delivered', async () => {
      const rows = await Promise.all(references.map((r) => deliveriesFor(services, r)));
      return rows.every(([d]) => d!.state === 'delivered');
    });
    for (const reference of references) {
      const [delivery] = await deliveriesFor(services, reference);
      assert.equal(receiver.seen.get(delivery!.id), 1, `${reference} delivered once`);
      assert.ok(delivery!.attempts >= 2);
    }
  });

  it('ends a delivery dead with its last error on a permanent 4xx, without retrying', async () => {
    receiver.status = 422;
    const refusedBefore = receiver.refused;
    const reference = await addEnquiry(services, ['webhook']);
    services.deliverySignal.notify();
    await waitFor('dead', async () => (await deliveriesFor(services, reference))[0]?.state === 'dead');
    const [delivery] = await deliveriesFor(services, reference);
    assert.equal(delivery!.attempts, 1);
    assert.equal(delivery!.last_error, 'attempt 1: webhook: HTTP 422');
    assert.equal(receiver.refused - refusedBefore, 1);
    receiver.status = 200;
  });

  it('gives up after the configured number of attempts on a retryable failure', async () => {
    receiver.status = 500;
    const reference = await addEnquiry(services, ['webhook']);
    services.deliverySignal.notify();
    await waitFor('dead', async () => (await deliveriesFor(services, reference))[0]?.state === 'dead');
    const [delivery] = await deliveriesFor(services, reference);
    assert.equal(delivery!.attempts, services.config.delivery.maxAttempts);
    assert.match(delivery!.last_error!, /HTTP 500/);
    receiver.status = 200;
  });
});
