// From POST /agent/contact to every configured target: the webhook receiver, HubSpot and the inbox.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  startHubspotDouble,
  startMailServer,
  startWebhookReceiver,
  waitFor,
  webhookSecret,
  type HubspotDouble,
  type MailServer,
  type Receiver,
} from './doubles.ts';
import { deliveriesFor, fastDelivery } from './fixture.ts';
import { sampleEnquiry, submitEnquiry } from './submit.ts';

describe('enquiry delivery end to end', () => {
  let receiver: Receiver;
  let hubspot: HubspotDouble;
  let mail: MailServer;
  let app: TestApp;

  before(async () => {
    [receiver, hubspot, mail] = await Promise.all([startWebhookReceiver(), startHubspotDouble(), startMailServer()]);
    app = await startTestApp({
      ...fastDelivery,
      TRUST_PROXY: 'loopback',
      CRM_WEBHOOK_URL: receiver.url,
      CRM_WEBHOOK_SECRET: webhookSecret,
      HUBSPOT_ACCESS_TOKEN: 'pat-test',
      HUBSPOT_BASE_URL: hubspot.url,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: 'sales@agency.test',
      NOTIFY_EMAIL_FROM: 'site@agency.test',
    });
  });
  after(async () => {
    await app.stop();
    await Promise.all([receiver.close(), hubspot.close(), mail.close()]);
  });

  it('delivers an accepted enquiry to the webhook, HubSpot and the inbox, once each', async () => {
    const response = await submitEnquiry(app.baseUrl, sampleEnquiry);
    assert.equal(response.status, 202);
    const { reference } = (await response.json()) as { reference: string };
    const services = app.app.services;
    await waitFor('all three delivered', async () => {
      const rows = await deliveriesFor(services, reference);
      return rows.length === 3 && rows.every((d) => d.state === 'delivered');
    });
    const rows = await deliveriesFor(services, reference);
    assert.deepEqual(rows.map((d) => d.target).sort(), ['email', 'hubspot', 'webhook']);
    const webhook = rows.find((d) => d.target === 'webhook')!;
    assert.equal(receiver.seen.get(webhook.id), 1);
    assert.equal(receiver.bodies.find((b) => b.data.reference === reference)?.data.topic, 'services');
    assert.equal(mail.messages.filter((m) => m.raw.includes(reference)).length, 1);
    assert.equal(hubspot.calls.filter((c) => c.path === '/crm/v3/objects/notes').length, 1);
  });

  it('queues deliveries once for an idempotent replay', async () => {
    const headers = { 'idempotency-key': `e2e-${Date.now()}` };
    const first = await submitEnquiry(app.baseUrl, sampleEnquiry, headers);
    const second = await submitEnquiry(app.baseUrl, sampleEnquiry, headers);
    assert.equal(first.status, 202);
    assert.equal(second.status, 202);
    const { reference } = (await first.json()) as { reference: string };
    assert.equal(((await second.json()) as { reference: string }).reference, reference);
    assert.equal((await deliveriesFor(app.app.services, reference)).length, 3);
  });
});
