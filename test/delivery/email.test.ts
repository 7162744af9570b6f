// The e-mail notification over a real SMTP server on loopback.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startMailServer, waitFor } from './doubles.ts';
import { addEnquiry, deliveriesFor } from './fixture.ts';
import { useRunningWorker } from './worker-suite.ts';

/** The header block of a raw message, unfolded. */
const headersOf = (raw: string): string => raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');

describe('e-mail notification', () => {
  const suite = useRunningWorker(startMailServer, (mail) => ({
    SMTP_URL: mail.url,
    NOTIFY_EMAIL_TO: 'sales@agency.test',
    NOTIFY_EMAIL_FROM: 'site@agency.test',
  }));

  it('sends a plain-text notification with the enquiry in the body and only the reference in headers', async () => {
    const reference = await addEnquiry(suite.services, ['email'], {
      fromName: 'Mallory\r\nBcc: victim@evil.test',
      fromEmail: 'mallory@example.com',
      message: 'Hello <b>team</b>\r\nSubject: injected\r\n.\r\nMAIL FROM:<x@y>',
    });
    suite.services.deliverySignal.notify();
    await waitFor('delivered', async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'delivered');
    const message = suite.target.messages.find((m) => m.raw.includes(reference))!;
    assert.deepEqual(message.to, ['sales@agency.test']);
    const headers = headersOf(message.raw);
    assert.match(headers, new RegExp(`^Subject: New enquiry: ${reference} \\(general\\)$`, 'm'));
    assert.match(headers, /^Content-Type: text\/plain/m);
    // No header carries the sender's words, and none was injected (a Bcc: line). Ids are random hex,
    // so "bcc" alone may occur in them; a header line is matched.
    assert.doesNotMatch(headers, /Mallory|evil|injected|^Bcc:/im);
    const [delivery] = await deliveriesFor(suite.services, reference);
    assert.match(headers, new RegExp(`^Message-ID: <${delivery!.id}@agentsite\\.invalid>$`, 'm'));
    assert.match(message.raw, /Hello <b>team<\/b>/);
    assert.equal(suite.target.messages.filter((m) => m.raw.includes(reference)).length, 1);
  });

  it('retries a temporary SMTP refusal (4xx) and delivers once the server accepts', async () => {
    suite.target.failWith = 451;
    const reference = await addEnquiry(suite.services, ['email']);
    suite.services.deliverySignal.notify();
    await waitFor('a failed attempt', async () => (await deliveriesFor(suite.services, reference))[0]!.attempts >= 2);
    assert.match((await deliveriesFor(suite.services, reference))[0]!.last_error!, /SMTP 451/);
    suite.target.failWith = undefined;
    await waitFor('delivered', async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'delivered');
  });

  it('ends dead on a permanent SMTP refusal (5xx)', async () => {
    suite.target.failWith = 550;
    const reference = await addEnquiry(suite.services, ['email']);
    suite.services.deliverySignal.notify();
    await waitFor('dead', async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'dead');
    const [delivery] = await deliveriesFor(suite.services, reference);
    assert.equal(delivery!.attempts, 1);
    assert.match(delivery!.last_error!, /^attempt 1: SMTP 550/);
    suite.target.failWith = undefined;
  });
});
