// The e-mail notification over a real SMTP server on loopback.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.ts';
import { closeServices, type Services } from '../../src/services.ts';
import { startMailServer, waitFor, type MailServer } from './doubles.ts';
import { addEnquiry, deliveriesFor, testServices } from './fixture.ts';

/** The header block of a raw message, unfolded. */
const headersOf = (raw: string): string => raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');

describe('e-mail notification', () => {
  let mail: MailServer;
  let services: Services;
  let worker: DeliveryWorker;

  before(async () => {
    mail = await startMailServer();
    services = await testServices({ SMTP_URL: mail.url, NOTIFY_EMAIL_TO: 'sales@agency.test', NOTIFY_EMAIL_FROM: 'site@agency.test' });
    worker = startDeliveryWorker(services);
  });
  after(async () => {
    await worker.stop();
    await closeServices(services);
    await mail.close();
  });

  it('sends a plain-text notification with the enquiry in the body and only the reference in headers', async () => {
    const reference = await addEnquiry(services, ['email'], {
      fromName: 'Mallory\r\nBcc: victim@evil.test',
      fromEmail: 'mallory@example.com',
      message: 'Hello <b>team</b>\r\nSubject: injected\r\n.\r\nMAIL FROM:<x@y>',
    });
    services.deliverySignal.notify();
    await waitFor('delivered', async () => (await deliveriesFor(services, reference))[0]?.state === 'delivered');
    const message = mail.messages.find((m) => m.raw.includes(reference))!;
    assert.deepEqual(message.to, ['sales@agency.test']);
    const headers = headersOf(message.raw);
    assert.match(headers, new RegExp(`^Subject: New enquiry: ${reference} \\(general\\)$`, 'm'));
    assert.match(headers, /^Content-Type: text\/plain/m);
    assert.doesNotMatch(headers, /Mallory|mallory|evil|injected|Bcc/i);
    const [delivery] = await deliveriesFor(services, reference);
    assert.match(headers, new RegExp(`^Message-ID: <${delivery!.id}@agentsite\\.invalid>$`, 'm'));
    assert.match(message.raw, /Hello <b>team<\/b>/);
    assert.equal(mail.messages.filter((m) => m.raw.includes(reference)).length, 1);
  });

  it('retries a temporary SMTP refusal (4xx) and delivers once the server accepts', async () => {
    mail.failWith = 451;
    const reference = await addEnquiry(services, ['email']);
    services.deliverySignal.notify();
    await waitFor('a failed attempt', async () => (await deliveriesFor(services, reference))[0]!.attempts >= 2);
    assert.match((await deliveriesFor(services, reference))[0]!.last_error!, /SMTP 451/);
    mail.failWith = undefined;
    await waitFor('delivered', async () => (await deliveriesFor(services, reference))[0]?.state === 'delivered');
  });

  it('ends dead on a permanent SMTP refusal (5xx)', async () => {
    mail.failWith = 550;
    const reference = await addEnquiry(services, ['email']);
    services.deliverySignal.notify();
    await waitFor('dead', async () => (await deliveriesFor(services, reference))[0]?.state === 'dead');
    const [delivery] = await deliveriesFor(services, reference);
    assert.equal(delivery!.attempts, 1);
    assert.match(delivery!.last_error!, /^attempt 1: SMTP 550/);
    mail.failWith = undefined;
  });
});
