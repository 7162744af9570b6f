// POST /agent/contact: text that cannot be stored faithfully or shown safely, what the transport
// refuses (size, method, headers, CORS), and idempotency keys.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { client, contactApp, valid } from './contact-app.ts';

describe('POST /agent/contact: text, transport and idempotency', () => {
  const { api, db } = contactApp();

  describe('text that cannot be stored faithfully or shown safely', () => {
    const refused: [field: string, value: string, message: RegExp][] = [
      ['fromName', '\u0000', /control characters/],
      ['fromName', '\u200b\u200b', /visible characters/],
      ['fromName', '\u001b[31mAda\u001b[0m', /control characters/],
      ['fromName', '\u00ad\u2060\ufeff\u3164', /visible characters/],
      ['fromName', '\u0301\u0301', /visible characters/],
      ['fromName', 'Ada\nLovelace', /single line/],
      ['fromName', 'Ada\u202eecalevoL', /bidirectional/],
      ['fromName', 'Ada\ud800', /unpaired surrogate/],
      ['organization', 'Analytical\r\nEngines', /single line/],
      ['organization', 'Engines\u2028Ltd', /single line/],
      ['organization', '\u200b', /visible characters/],
      ['agentId', 'bot\tone', /control characters|single line/],
      ['message', 'Hello there\u0000, about pipeline', /control characters/],
      ['message', 'Hello \u001b[2J about our pipeline', /control characters/],
      ['message', '\udc00 about our pipeline goals', /unpaired surrogate/],
      ['message', '\u200b'.repeat(12), /visible characters/],
    ];
    for (const [field, value, message] of refused) {
      it(`refuses ${field} ${JSON.stringify(value)} with a field error and stores nothing`, async () => {
        const before = await db()
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        const response = await api().post('/agent/contact', { ...valid, [field]: value }, client());
        assert.equal(response.status, 400);
        assert.equal(response.body.errors.length, 1);
        assert.equal(response.body.errors[0].field, field);
        assert.match(response.body.errors[0].message, message);
        const after = await db()
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(after.n), Number(before.n));
      });
    }

    it('stores accepted text exactly as accepted: other scripts, emoji, joiners, and line breaks in the message', async () => {
      const text = {
        fromName: 'Zoë 李 محمد 👩‍💻',
        organization: 'क्‍ष Ltd · Ελληνικά',
        message: 'First line,\r\nsecond line,\n\ttabbed line: U+FFFD \ufffd is a real character.',
        agentId: 'agent/1 (test)',
      };
      const response = await api().post('/agent/contact', { ...valid, ...text }, client());
      assert.equal(response.status, 202);
      const row = await db()
        .selectFrom('enquiries')
        .selectAll()
        .where('reference', '=', response.body.reference)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [row.from_name, row.organization, row.message, row.agent_id],
        [text.fromName, text.organization, text.message, text.agentId],
      );
    });
  });

  describe('transport errors', () => {
    it('refuses a body over 16 KiB with 413 and the standard headers', async () => {
      const response = await api().post('/agent/contact', { ...valid, message: 'x'.repeat(17_000) }, client());
      assert.equal(response.status, 413);
      assert.equal(response.body.status, 'payload_too_large');
      assert.equal(response.headers.get('api-version'), '1');
      assert.ok(response.headers.get('ratelimit'));
    });

    it('accepts a body just under 16 KiB far enough to validate it', async () => {
      const response = await api().post('/agent/contact', { ...valid, message: 'x'.repeat(16_000) }, client());
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].field, 'message');
    });

    it('refuses a non-JSON content type with 415', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const response = await api().request('POST', '/agent/contact', {
          headers: { 'content-type': type, ...client() },
          body: 'fromName=x',
        });
        assert.equal(response.status, 415, type);
        assert.equal(response.body.status, 'unsupported_media_type');
      }
    });

    it('refuses GET with 405 and Allow: POST, OPTIONS', async () => {
      const response = await api().request('GET', '/agent/contact');
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
      assert.ok(response.headers.get('ratelimit'));
    });

    it('survives a 10 000-character header', async () => {
      const response = await api().post('/agent/contact', valid, { ...client(), 'x-padding': 'p'.repeat(10_000) });
      assert.equal(response.status, 202);
    });

    it('answers a CORS preflight for POST with the headers a browser needs', async () => {
      const response = await api().request('OPTIONS', '/agent/contact', {
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, idempotency-key',
        },
      });
      assert.equal(response.status, 204);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.match(response.headers.get('access-control-allow-headers') ?? '', /Idempotency-Key/i);
    });
  });

  describe('idempotency', () => {
    it('replays an identical request with Idempotent-Replayed and creates no second enquiry', async () => {
      const headers = { ...client(), 'idempotency-key': 'replay-1' };
      const first = await api().post('/agent/contact', valid, headers);
      // Same JSON value with other key order and white space.
      const reordered = `{ "message": ${JSON.stringify(valid.message)},  "fromEmail": "ada@example.com", "fromName": "Ada Lovelace" }`;
      const second = await api().post('/agent/contact', reordered, headers);
      assert.equal(first.status, 202);
      assert.equal(second.status, 202);
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(second.body, first.body);
      const rows = await db()
        .selectFrom('enquiries')
        .select('reference')
        .where('reference', '=', first.body.reference)
        .execute();
      assert.equal(rows.length, 1);
    });

    it('spends no contact quota on a replay', async () => {
      const headers = { ...client(), 'idempotency-key': 'replay-quota' };
      const first = await api().post('/agent/contact', valid, headers);
      const second = await api().post('/agent/contact', valid, headers);
      assert.equal(first.headers.get('ratelimit-remaining'), '4');
      assert.equal(second.headers.get('ratelimit-remaining'), '4');
    });

    it('accepts the key as a quoted structured-field string', async () => {
      const headers = client();
      const first = await api().post('/agent/contact', valid, { ...headers, 'idempotency-key': 'quoted-1' });
      const second = await api().post('/agent/contact', valid, { ...headers, 'idempotency-key': '"quoted-1"' });
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.equal(second.body.reference, first.body.reference);
    });

    it('answers 409 when the same key comes with a different body', async () => {
      const headers = { ...client(), 'idempotency-key': 'conflict-1' };
      await api().post('/agent/contact', valid, headers);
      const response = await api().post('/agent/contact', { ...valid, topic: 'press' }, headers);
      assert.equal(response.status, 409);
      assert.equal(response.body.status, 'idempotency_conflict');
      assert.equal(response.headers.get('api-version'), '1');
    });

    it('stores no response for a 400, so the key stays usable', async () => {
      const headers = { ...client(), 'idempotency-key': 'after-400' };
      const bad = await api().post('/agent/contact', { ...valid, message: 'short' }, headers);
      const good = await api().post('/agent/contact', valid, headers);
      assert.equal(bad.status, 400);
      assert.equal(good.status, 202);
      assert.equal(good.headers.get('idempotent-replayed'), null);
    });

    it('turns 20 concurrent identical requests into exactly one enquiry', async () => {
      const headers = { ...client(), 'idempotency-key': 'race-20' };
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => api().post('/agent/contact', valid, headers)),
      );
      const accepted = responses.filter((r) => r.status === 202);
      const conflicts = responses.filter((r) => r.status === 409);
      assert.equal(accepted.length + conflicts.length, 20, JSON.stringify(responses.map((r) => r.status)));
      assert.ok(accepted.length >= 1);
      assert.equal(new Set(accepted.map((r) => r.body.reference)).size, 1);
      assert.equal(accepted.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1);
      for (const conflict of conflicts) assert.match(conflict.body.message, /still being processed/);
      const reference = accepted[0]!.body.reference;
      const count = await db().selectFrom('enquiries').select('reference').where('reference', '=', reference).execute();
      assert.equal(count.length, 1);
      const after = await api().post('/agent/contact', valid, headers);
      assert.equal(after.body.reference, reference);
      assert.equal(after.headers.get('idempotent-replayed'), 'true');
    });
  });
});
