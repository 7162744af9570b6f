// POST /agent/contact: an enquiry accepted, and every way its fields are refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { client, rawPost, contactApp, valid } from './contact-app.ts';

describe('POST /agent/contact', () => {
  const { app, api, db } = contactApp();

  describe('happy path', () => {
    it('accepts a valid enquiry with 202, a reference and the contact budget headers', async () => {
      const response = await api().post('/agent/contact', valid, client());
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
      const response = await api().post(
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
      const response = await api().post('/agent/v1/contact', valid, client());
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
      const response = await api().post(
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
      const response = await api().post('/agent/contact', {}, client());
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.errors.map((e: { field: string }) => e.field).sort(), [
        'fromEmail',
        'fromName',
        'message',
      ]);
      assert.match(response.body.errors[0].message, /required/);
    });

    it('does not coerce types: a number is not a string and "true" is not a boolean', async () => {
      const response = await api().post('/agent/contact', { ...valid, fromName: 12345, organization: true }, client());
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
        const response = await api().post('/agent/contact', body, client());
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
      const response = await api().post('/agent/contact', '[1]', client());
      assert.deepEqual(response.body.errors, [{ field: 'body', message: 'must be an object, not an array' }]);
    });

    it('trims strings before checking lengths', async () => {
      const tooShort = await api().post('/agent/contact', { ...valid, message: '   123456789    ' }, client());
      assert.equal(tooShort.status, 400);
      assert.equal(tooShort.body.errors[0].field, 'message');
      const padded = await api().post('/agent/contact', { ...valid, fromName: `  ${'x'.repeat(100)}  ` }, client());
      assert.equal(padded.status, 202);
    });

    it('refuses a body that is not an object', async () => {
      for (const body of ['[]', '"text"', '42', 'null']) {
        const response = await api().post('/agent/contact', body, client());
        assert.equal(response.status, 400, body);
        assert.equal(response.body.errors[0].field, 'body');
      }
    });

    it('refuses malformed JSON with 400 naming the body', async () => {
      const response = await api().post('/agent/contact', '{"fromName": "A",', client());
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.errors, [{ field: 'body', message: 'is not valid JSON' }]);
    });

    it('refuses an empty body', async () => {
      const response = await api().post('/agent/contact', '', client());
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].field, 'body');
    });

    it('refuses invalid UTF-8 with 400', async () => {
      const bytes = Buffer.concat([Buffer.from('{"fromName":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
      const response = await rawPost(app().baseUrl, '/agent/contact', bytes, {
        'content-type': 'application/json',
        ...client(),
      });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.errors, [{ field: 'body', message: 'is not valid UTF-8' }]);
    });

    it('treats a __proto__ key as an unknown field and pollutes nothing', async () => {
      const response = await api().post(
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
      const response = await api().post('/agent/contact', `{"fromName":${deep}}`, client());
      assert.equal(response.status, 400);
      const health = await api().request('GET', '/agent/health');
      assert.equal(health.status, 200);
    });

    it('refuses an Idempotency-Key over 200 characters alongside every body problem', async () => {
      const response = await api().post(
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
});
