// The worker rides out a PostgreSQL outage: sends whose outcome could not be recorded are sent
// again under the same webhook-id once the lease expires, and work resumes without a restart.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startDeliveryWorker } from '../../src/delivery/worker.ts';
import { closeServices } from '../../src/app/services.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { proxyDatabase } from '../helpers/tcp-proxy.ts';
import { startWebhookReceiver, waitFor, webhookSecret } from './doubles.ts';
import { addEnquiry, deliveriesFor, testServices } from './fixture.ts';

describe('delivery through a database outage', () => {
  it('recovers without a restart and delivers everything, re-sends carrying the same webhook-id', async () => {
    const { proxy, url: proxied } = await proxyDatabase(await freshPostgresUrl());
    const receiver = await startWebhookReceiver();
    const services = await testServices({
      DATABASE_URL: proxied,
      CRM_WEBHOOK_URL: receiver.url,
      CRM_WEBHOOK_SECRET: webhookSecret,
      DELIVERY_LEASE_MS: '2500',
    });
    const worker = startDeliveryWorker(services);
    try {
      const before = await addEnquiry(services, ['webhook']);
      await waitFor(
        'delivered before the outage',
        async () => (await deliveriesFor(services, before))[0]?.state === 'delivered',
      );

      receiver.delayMs = 400;
      const during = await addEnquiry(services, ['webhook']);
      services.deliverySignal.notify();
      const [row] = await deliveriesFor(services, during);
      await waitFor('the send under way', () => receiver.openRequests > 0);
      await proxy.cut(); // the send completes, but its outcome cannot be written
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      receiver.delayMs = 0;
      await proxy.restore();

      // The store fails fast for a second after an outage (availability.ts), so retry the insert.
      let after = '';
      await waitFor('the database answering again', () =>
        addEnquiry(services, ['webhook']).then(
          (reference) => {
            after = reference;
            return true;
          },
          () => false,
        ),
      );
      await waitFor(
        'everything delivered after the outage',
        async () => {
          const rows = await deliveriesFor(services);
          return rows.length === 3 && rows.every((d) => d.state === 'delivered');
        },
        15_000,
      );
      // Sent during the outage (outcome lost), then sent again once its lease expired: same id.
      assert.equal(receiver.seen.get(row!.id), 2);
      assert.equal(
        new Set(receiver.bodies.map((b) => b.data.reference)).size,
        3,
        'three references, whatever was re-sent',
      );
      assert.ok(receiver.bodies.some((b) => b.data.reference === after));
    } finally {
      await worker.stop();
      await closeServices(services);
      await receiver.close();
      await proxy.close();
    }
  });
});
