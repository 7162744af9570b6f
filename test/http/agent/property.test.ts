import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';

const fields = [
  'fromName',
  'fromEmail',
  'organization',
  'topic',
  'message',
  'agentId',
  '__proto__',
  'constructor',
  'extra',
];

/** Bodies near the valid shape (known keys, wrong or right values) and far from it (any JSON, raw text). */
const nearValue = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ minLength: 10, maxLength: 40 }),
  fc.constantFrom('ada@example.com', 'general', 'assessment', '   ', '', 'x'.repeat(2001)),
  fc.emailAddress(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const nearBody = fc
  .dictionary(fc.constantFrom(...fields), nearValue, { maxKeys: fields.length })
  .map((value) => JSON.stringify(value));
const anyJson = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null');
const rawText = fc.string({ maxLength: 200, unit: 'binary' });
const body = fc.oneof(nearBody, nearBody, anyJson, rawText);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  '',
);
const idempotencyKey = fc.option(fc.constantFrom('k1', 'k2', '"k1"', '', 'x'.repeat(201)), { nil: undefined });

const documented = new Set([202, 400, 409, 413, 415, 429]);

describe('submitEnquiry under generated input', () => {
  let api: ApiClient;
  startRecordedApp({ TRUST_PROXY: 'loopback' }, (_started, client) => {
    api = client;
  });

  it('answers only documented statuses with JSON bodies, and keeps serving', async () => {
    let client = 0;
    await fc.assert(
      fc.asyncProperty(body, contentType, idempotencyKey, async (text, type, key) => {
        const headers: Record<string, string> = { 'x-forwarded-for': `192.0.2.${client++ % 250}` };
        if (type) headers['content-type'] = type;
        if (key !== undefined) headers['idempotency-key'] = key;
        const response = await api.request('POST', '/agent/contact', { headers, body: text });
        assert.ok(documented.has(response.status), `status ${response.status} for ${text.slice(0, 80)}`);
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
        assert.equal(typeof response.body?.status, 'string');
        assert.doesNotMatch(response.text, /at \w+ \(|node_modules|\.ts:\d+|SQLITE|Error:/);
      }),
      { numRuns: 300 },
    );
    const health = await api.request('GET', '/agent/health');
    assert.equal(health.status, 200);
  });
});
