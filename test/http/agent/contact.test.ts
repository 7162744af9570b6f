import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import type { TestApp } from '../../helpers/app.ts';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';

const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};
let ip = 0;
/** A fresh client address per test (the app trusts loopback as a proxy), so budgets do not interfere. */
const client = (): Record<string, string> => ({ 'x-forwarded-for': `198.51.100.${++ip}` });

/** Sends raw bytes, for bodies fetch cannot produce (invalid UTF-8). */
function rawPost(
  baseUrl: string,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('POST /agent/contact', () => {
  let app: TestApp;
  let api: ApiClient;
  startRecordedApp(
    {
      TRUST_PROXY: 'loopback',
      CRM_WEBHOOK_URL: 'http://127.0.0.1:2/hook',
      CRM_WEBHOOK_SECRET: 'whsec_dGVzdHNlY3JldA==',
    },
    (started, client) => {
      app = started;
      api = client;
    },
  );
  const db = () => app.app.services.store.db;

  describe('happy path', () => {
    it('accepts a valid enquiry with 202, a reference and the contact budget headers', async () => {
      const response = await api.post('/agent/contact', valid, client());
      assert.equal(response.status, 202);
      assert.equal(response.body.status, 'accepted');
      assert.match(response.body.reference, /^enq_[0-9a-f]{16}$/);
      assert.ok(Math.abs(Date.parse(response.body.receivedAt) - Date.now()) < 10_000);
      assert.equal(response.headers.get('api-version'), '1');
      assert.equal(response.headers.get('idempotent-replayed'), null);
      assert.equal(response.headers.get('ratelimit-policy'), '"contact-minute";q=5;w=60, "contact-day";q=50;w=86400');
      assert.match(response.headers.get('ratelimit') ?? '', /^"contact-minute";r=4;t=\d+, "contact-day";r=49;t=\d+$/);
      assert.equal(response.headers.get('ratelimit-limit'), '5');
      assert.equal(response.headers.get('ratelimit-remaining'), '4');
    });

    it('has committed the enquiry and one pending delivery per target before answering', async () => {
      const response = await api.post(
        '/agent/contact',
        { ...valid, organization: ' Analytical Engines ', topic: 'press', agentId: 'bot/1' },
        client(),
      );
      const row = await db()
        .selectFrom('enquiries')
        .selectAll()
        .where('reference', '=', response.body.reference)
        .executeTakeFirstOrThrow();
      assert.equal(row.organization, 'Analytical Engines');
      assert.equal(row.topic, 'press');
      assert.equal(row.agent_id, 'bot/1');
      assert.equal(row.channel, 'rest');
      const deliveries = await db()
        .selectFrom('deliveries')
        .selectAll()
        .where('enquiry_reference', '=', response.body.reference)
        .execute();
      assert.equal(deliveries.length, 1);
      assert.equal(deliveries[0]!.target, 'webhook');
    });

    it('defaults the topic to general and answers the same at the pinned path', async () => {
      const response = await api.post('/agent/v1/contact', valid, client());
      assert.equal(response.status, 202);
      const row = await db()
        .selectFrom('enquiries')
        .select('topic')
        .where('reference', '=', response.body.reference)
        .executeTakeFirstOrThrow();
      assert.equal(row.topic, 'general');
    });
  });

  describe('validation', () => {
    it('lists every failing field, one entry each, including each unknown field', async () => {
      const response = await api.post(
        '/agent/contact',
        { fromName: '', fromEmail: 'not-an-email', message: 'short', topic: 'gossip', extra: 1, other: 'x' },
        client(),
      );
      assert.equal(response.status, 400);
      assert.equal(response.body.status, 'invalid_request');
      const fields = response.body.errors.map((e: { field: string }) => e.field).sort();
      assert.deepEqual(fields, ['extra', 'fromEmail', 'fromName', 'message', 'other', 'topic']);
      assert.ok(response.headers.get('ratelimit-policy')?.includes('contact-minute'));
    });

    it('names missing required fields', async () => {
      const response = await api.post('/agent/contact', {}, client());
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.errors.map((e: { field: string }) => e.field).sort(), [
        'fromEmail',
        'fromName',
        'message',
      ]);
      assert.match(response.body.errors[0].message, /required/);
    });

    it('does not coerce types: a number is not a string and "true" is not a boolean', async () => {
      const response = await api.post('/agent/contact', { ...valid, fromName: 12345, organization: true }, client());
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.errors.map((e: { field: string }) => e.field).sort(), [
        'fromName',
        'organization',
      ]);
    });

    it('says which JSON type each field must be, for every wrong type, instead of "is required"', async () => {
      const wrong: [value: unknown, name: string][] = [
        [null, 'null'],
        [123, 'a number'],
        [true, 'a boolean'],
        [[], 'an array'],
        [{}, 'an object'],
      ];
      const textFields = ['fromName', 'fromEmail', 'organization', 'message', 'agentId'];
      for (const [value, name] of wrong) {
        const body = Object.fromEntries([...textFields, 'topic'].map((field) => [field, value]));
        const response = await api.post('/agent/contact', body, client());
        assert.equal(response.status, 400, name);
        const errors = new Map(
          response.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        );
        for (const field of textFields)
          assert.equal(errors.get(field), `must be a string, not ${name}`, `${field}: ${name}`);
        assert.match(errors.get('topic') as string, /^must be one of "assessment", /, `topic: ${name}`);
      }
    });

    it('says the body must be an object, naming what it is', async () => {
      const response = await api.post('/agent/contact', '[1]', client());
      assert.deepEqual(response.body.errors, [{ field: 'body', message: 'must be an object, not an array' }]);
    });

    it('trims strings before checking lengths', async () => {
      const tooShort = await api.post('/agent/contact', { ...valid, message: '   123456789    ' }, client());
      assert.equal(tooShort.status, 400);
      assert.equal(tooShort.body.errors[0].field, 'message');
      const padded = await api.post('/agent/contact', { ...valid, fromName: `  ${'x'.repeat(100)}  ` }, client());
      assert.equal(padded.status, 202);
    });

    it('refuses a body that is not an object', async () => {
      for (const body of ['[]', '"text"', '42', 'null']) {
        const response = await api.post('/agent/contact', body, client());
        assert.equal(response.status, 400, body);
        assert.equal(response.body.errors[0].field, 'body');
      }
    });

    it('refuses malformed JSON with 400 naming the body', async () => {
      const response = await api.post('/agent/contact', '{"fromName": "A",', client());
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.errors, [{ field: 'body', message: 'is not valid JSON' }]);
    });

    it('refuses an empty body', async () => {
      const response = await api.post('/agent/contact', '', client());
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].field, 'body');
    });

    it('refuses invalid UTF-8 with 400', async () => {
      const bytes = Buffer.concat([Buffer.from('{"fromName":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
      const response = await rawPost(app.baseUrl, '/agent/contact', bytes, {
        'content-type': 'application/json',
        ...client(),
      });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.errors, [{ field: 'body', message: 'is not valid UTF-8' }]);
    });

    it('treats a __proto__ key as an unknown field and pollutes nothing', async () => {
      const response = await api.post(
        '/agent/contact',
        `{"__proto__":{"polluted":true},${JSON.stringify(valid).slice(1)}`,
        client(),
      );
      assert.equal(response.status, 400);
      assert.deepEqual(
        response.body.errors.map((e: { field: string }) => e.field),
        ['__proto__'],
      );
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    it('refuses deeply nested values without crashing', async () => {
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const response = await api.post('/agent/contact', `{"fromName":${deep}}`, client());
      assert.equal(response.status, 400);
      const health = await api.request('GET', '/agent/health');
      assert.equal(health.status, 200);
    });

    it('refuses an Idempotency-Key over 200 characters alongside every body problem', async () => {
      const response = await api.post(
        '/agent/contact',
        { ...valid, message: 'short' },
        { ...client(), 'idempotency-key': 'k'.repeat(10_000) },
      );
      assert.equal(response.status, 400);
      assert.deepEqual(
        response.body.errors.map((e: { field: string }) => e.field),
        ['Idempotency-Key', 'message'],
      );
    });
  });

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
        const response = await api.post('/agent/contact', { ...valid, [field]: value }, client());
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
      const response = await api.post('/agent/contact', { ...valid, ...text }, client());
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
      const response = await api.post('/agent/contact', { ...valid, message: 'x'.repeat(17_000) }, client());
      assert.equal(response.status, 413);
      assert.equal(response.body.status, 'payload_too_large');
      assert.equal(response.headers.get('api-version'), '1');
      assert.ok(response.headers.get('ratelimit'));
    });

    it('accepts a body just under 16 KiB far enough to validate it', async () => {
      const response = await api.post('/agent/contact', { ...valid, message: 'x'.repeat(16_000) }, client());
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].field, 'message');
    });

    it('refuses a non-JSON content type with 415', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const response = await api.request('POST', '/agent/contact', {
          headers: { 'content-type': type, ...client() },
          body: 'fromName=x',
        });
        assert.equal(response.status, 415, type);
        assert.equal(response.body.status, 'unsupported_media_type');
      }
    });

    it('refuses GET with 405 and Allow: POST, OPTIONS', async () => {
      const response = await api.request('GET', '/agent/contact');
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
      assert.ok(response.headers.get('ratelimit'));
    });

    it('survives a 10 000-character header', async () => {
      const response = await api.post('/agent/contact', valid, { ...client(), 'x-padding': 'p'.repeat(10_000) });
      assert.equal(response.status, 202);
    });

    it('answers a CORS preflight for POST with the headers a browser needs', async () => {
      const response = await api.request('OPTIONS', '/agent/contact', {
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
      const first = await api.post('/agent/contact', valid, headers);
      // Same JSON value with other key order and white space.
      const reordered = `{ "message": ${JSON.stringify(valid.message)},  "fromEmail": "ada@example.com", "fromName": "Ada Lovelace" }`;
      const second = await api.post('/agent/contact', reordered, headers);
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
      const first = await api.post('/agent/contact', valid, headers);
      const second = await api.post('/agent/contact', valid, headers);
      assert.equal(first.headers.get('ratelimit-remaining'), '4');
      assert.equal(second.headers.get('ratelimit-remaining'), '4');
    });

    it('accepts the key as a quoted structured-field string', async () => {
      const headers = client();
      const first = await api.post('/agent/contact', valid, { ...headers, 'idempotency-key': 'quoted-1' });
      const second = await api.post('/agent/contact', valid, { ...headers, 'idempotency-key': '"quoted-1"' });
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.equal(second.body.reference, first.body.reference);
    });

    it('answers 409 when the same key comes with a different body', async () => {
      const headers = { ...client(), 'idempotency-key': 'conflict-1' };
      await api.post('/agent/contact', valid, headers);
      const response = await api.post('/agent/contact', { ...valid, topic: 'press' }, headers);
      assert.equal(response.status, 409);
      assert.equal(response.body.status, 'idempotency_conflict');
      assert.equal(response.headers.get('api-version'), '1');
    });

    it('stores no response for a 400, so the key stays usable', async () => {
      const headers = { ...client(), 'idempotency-key': 'after-400' };
      const bad = await api.post('/agent/contact', { ...valid, message: 'short' }, headers);
      const good = await api.post('/agent/contact', valid, headers);
      assert.equal(bad.status, 400);
      assert.equal(good.status, 202);
      assert.equal(good.headers.get('idempotent-replayed'), null);
    });

    it('turns 20 concurrent identical requests into exactly one enquiry', async () => {
      const headers = { ...client(), 'idempotency-key': 'race-20' };
      const responses = await Promise.all(Array.from({ length: 20 }, () => api.post('/agent/contact', valid, headers)));
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
      const after = await api.post('/agent/contact', valid, headers);
      assert.equal(after.body.reference, reference);
      assert.equal(after.headers.get('idempotent-replayed'), 'true');
    });
  });
});
