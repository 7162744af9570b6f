// Delivery logs name references and delivery ids, never the person's name, e-mail or message.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/config.ts';
import { startDeliveryWorker } from '../../src/delivery/worker.ts';
import { closeServices, createServices } from '../../src/app/services.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';
import { startMailServer, startWebhookReceiver, waitFor, webhookSecret } from './doubles.ts';
import { addEnquiry, deliveriesFor, fastDelivery } from './fixture.ts';

describe('delivery logs', () => {
  it('carry the reference and delivery id of sent, retried and dead deliveries but no personal data', async () => {
    const receiver = await startWebhookReceiver();
    const mail = await startMailServer();
    const lines: string[] = [];
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({
      DATABASE_URL: await freshDatabaseUrl(),
      ...fastDelivery,
      LOG_LEVEL: 'debug',
      CRM_WEBHOOK_URL: receiver.url,
      CRM_WEBHOOK_SECRET: webhookSecret,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: 'sales@agency.test',
      NOTIFY_EMAIL_FROM: 'site@agency.test',
    });
    const services = await createServices(config, { logger: pino({ level: 'debug' }, sink) });
    const worker = startDeliveryWorker(services);
    try {
      receiver.status = 503;
      mail.failWith = 550;
      const reference = await addEnquiry(services, ['webhook', 'email'], {
        fromName: 'Zelda Quux',
        fromEmail: 'zelda.quux@example.com',
        organization: 'Quuxcorp',
        message: 'Secret project Marzipan details',
      });
      services.deliverySignal.notify();
      await waitFor(
        'a retry and a dead delivery',
        () => lines.some((l) => l.includes('will retry')) && lines.some((l) => l.includes('delivery dead')),
      );
      receiver.status = 200;
      await waitFor('webhook delivered', async () =>
        (await deliveriesFor(services, reference)).some((d) => d.state === 'delivered'),
      );
      await waitFor('sent log line', () => lines.some((l) => l.includes('delivery sent')));
      const text = lines.join('');
      for (const secret of ['Zelda', 'Quux', 'zelda.quux', 'Marzipan', 'quuxcorp'])
        assert.doesNotMatch(text, new RegExp(secret, 'i'));
      const ids = (await deliveriesFor(services, reference)).map((d) => d.id);
      for (const line of lines.filter((l) => /delivery (sent|dead)|will retry/.test(l))) {
        const entry = JSON.parse(line) as { reference: string; deliveryId: string };
        assert.equal(entry.reference, reference);
        assert.ok(ids.includes(entry.deliveryId));
      }
    } finally {
      await worker.stop();
      await closeServices(services);
      await receiver.close();
      await mail.close();
    }
  });
});
