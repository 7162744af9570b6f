// A keyed assessment request keeps which partner's key sent it: the stored enquiry and every
// delivery (webhook body, e-mail) carry the key's id (`key_` and 12 hex digits of its SHA-256),
// never the key; the same id whether the key or its sha256: digest is configured. An enquiry sent
// without a key has none.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { modern, textOf } from '../mcp/clients.ts';
import {
  startMailServer,
  startWebhookReceiver,
  waitFor,
  webhookSecret,
  type MailServer,
  type Receiver,
} from '../delivery/doubles.ts';
import { fastDelivery } from '../delivery/fixture.ts';

const plainKey = 'partner-one-key-0123456789';
const hashedKey = 'partner-two-key-abcdefghij';
const sha = (value: string): string => createHash('sha256').update(value).digest('hex');
const idOf = (key: string): string => `key_${sha(key).slice(0, 12)}`;
const request = {
  fromName: 'Katherine Johnson',
  fromEmail: 'katherine@example.com',
  organization: 'Orbital SaaS',
  message: 'Our partner client would like an assessment in May.',
};

describe('the partner key of an assessment request', () => {
  let app: TestApp;
  let receiver: Receiver;
  let mail: MailServer;
  before(async () => {
    [receiver, mail] = await Promise.all([startWebhookReceiver(), startMailServer()]);
    app = await startTestApp({
      ...fastDelivery,
      ASSESSMENT_API_KEYS: `${plainKey}, sha256:${sha(hashedKey).toUpperCase()}`,
      CRM_WEBHOOK_URL: receiver.url,
      CRM_WEBHOOK_SECRET: webhookSecret,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: 'sales@agency.test',
      NOTIFY_EMAIL_FROM: 'site@agency.test',
    });
  });
  after(async () => {
    await app.stop();
    await Promise.all([receiver.close(), mail.close()]);
  });

  const send = async (tool: string, headers: Record<string, string>): Promise<string> => {
    const client = await modern.connect(app.mcpUrl, headers);
    try {
      const result = await client.callTool(tool, request);
      assert.equal(result.isError, undefined, textOf(result));
      return String((result.structuredContent as { reference: string }).reference);
    } finally {
      await client.close();
    }
  };
  const keyIdStored = async (reference: string): Promise<string | null> =>
    (
      await app.app.services.store.db
        .selectFrom('enquiries')
        .select('key_id')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
    ).key_id;

  it('keeps the id of the key that sent it with the enquiry, for a plain and a sha256: entry', async () => {
    for (const key of [plainKey, hashedKey]) {
      const reference = await send('service_request_assessment', { authorization: `Bearer ${key}` });
      assert.equal(await keyIdStored(reference), idOf(key));
    }
    assert.notEqual(idOf(plainKey), idOf(hashedKey));
  });

  it('delivers the key id, never the key, to the webhook and the inbox', async () => {
    const reference = await send('service_request_assessment', { authorization: `Bearer ${plainKey}` });
    await waitFor('the webhook delivery', () => receiver.bodies.some((b) => b.data.reference === reference));
    await waitFor('the e-mail', () => mail.messages.some((m) => m.raw.includes(reference)));
    const body = receiver.bodies.find((b) => b.data.reference === reference)!;
    assert.equal(body.data.keyId, idOf(plainKey));
    const raw = mail.messages.find((m) => m.raw.includes(reference))!.raw;
    assert.match(raw, new RegExp(`Partner key: ${idOf(plainKey)}`));
    assert.ok(!JSON.stringify(body).includes(plainKey) && !raw.includes(plainKey), 'the key itself is never sent');
  });

  it('keeps no key id for an enquiry sent without a key', async () => {
    const reference = await send('service_send_enquiry', {});
    assert.equal(await keyIdStored(reference), null);
  });
});
