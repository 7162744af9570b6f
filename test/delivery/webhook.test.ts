// The worker delivering to a real HTTP receiver that verifies Standard Webhooks signatures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startWebhookReceiver, waitFor, webhookSecret } from './doubles.ts';
import { addEnquiry, deliveriesFor } from './fixture.ts';
import { useRunningWorker } from './worker-suite.ts';

describe('webhook delivery', () => {
  const suite = useRunningWorker(startWebhookReceiver, (receiver) => ({
    CRM_WEBHOOK_URL: receiver.url,
    CRM_WEBHOOK_SECRET: webhookSecret,
  }));

  it('sends a signed event whose webhook-id is the delivery id, and marks it delivered', async () => {
    const reference = await addEnquiry(suite.services, ['webhook']);
    suite.services.deliverySignal.notify();
    await waitFor('delivered', async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'delivered');
    const [delivery] = await deliveriesFor(suite.services, reference);
    assert.equal(suite.target.seen.get(delivery!.id), 1);
    assert.equal(suite.target.badSignatures, 0);
    const body = suite.target.bodies.find((b) => b.data.reference === reference)!;
    assert.equal(body.type, 'enquiry.received');
    assert.equal(body.data.fromEmail, 'ada@example.com');
    assert.equal(delivery!.attempts, 1);
    assert.equal(delivery!.lease_owner, null);
    assert.ok(delivery!.delivered_at);
  });

  it('keeps retrying while the CRM is down and delivers each enquiry exactly once when it is back', async () => {
    suite.target.status = 503;
    const references = await Promise.all([1, 2, 3, 4, 5].map(() => addEnquiry(suite.services, ['webhook'])));
    suite.services.deliverySignal.notify();
    await waitFor('failed attempts', () => suite.target.refused >= 10);
    const during = await Promise.all(references.map((r) => deliveriesFor(suite.services, r)));
    assert.ok(during.every(([d]) => d!.state === 'pending'));
    assert.ok(during.some(([d]) => d!.last_error?.includes('HTTP 503')));
    suite.target.status = 200;
    await waitFor('all delivered', async () => {
      const rows = await Promise.all(references.map((r) => deliveriesFor(suite.services, r)));
      return rows.every(([d]) => d!.state === 'delivered');
    });
    for (const reference of references) {
      const [delivery] = await deliveriesFor(suite.services, reference);
      assert.equal(suite.target.seen.get(delivery!.id), 1, `${reference} delivered once`);
      assert.ok(delivery!.attempts >= 2);
    }
  });

  it('ends a delivery dead with its last error on a permanent 4xx, without retrying', async () => {
    suite.target.status = 422;
    const refusedBefore = suite.target.refused;
    const reference = await addEnquiry(suite.services, ['webhook']);
    suite.services.deliverySignal.notify();
    await waitFor('dead', async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'dead');
    const [delivery] = await deliveriesFor(suite.services, reference);
    assert.equal(delivery!.attempts, 1);
    assert.equal(delivery!.last_error, 'attempt 1: webhook: HTTP 422');
    assert.equal(suite.target.refused - refusedBefore, 1);
    suite.target.status = 200;
  });

  it('gives up after the configured number of attempts on a retryable failure', async () => {
    suite.target.status = 500;
    const reference = await addEnquiry(suite.services, ['webhook']);
    suite.services.deliverySignal.notify();
    await waitFor('dead', async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'dead');
    const [delivery] = await deliveriesFor(suite.services, reference);
    assert.equal(delivery!.attempts, suite.services.config.delivery.maxAttempts);
    assert.match(delivery!.last_error!, /HTTP 500/);
    suite.target.status = 200;
  });
});
