import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { describe, it } from 'node:test';
import type { TestApp } from '../../helpers/app.ts';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';

const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

describe('server-side failures', () => {
  let app: TestApp;
  let api: ApiClient;
  startRecordedApp(
    { CRM_WEBHOOK_URL: 'http://127.0.0.1:2/hook', CRM_WEBHOOK_SECRET: 'whsec_dGVzdHNlY3JldA==' },
    (started, client) => {
      app = started;
      api = client;
    },
  );

  it('answers an unexpected error with a JSON 500 that reveals nothing about it', async () => {
    const content = app.app.services.content;
    const original = Object.getOwnPropertyDescriptor(content, 'caseStudies')!;
    Object.defineProperty(content, 'caseStudies', {
      configurable: true,
      get() {
        throw new TypeError('boom in /work/main/src/secret-file.ts:12');
      },
    });
    try {
      const response = await api.request('GET', '/agent/case-studies');
      assert.equal(response.status, 500);
      assert.equal(response.body.status, 'internal_error');
      assert.doesNotMatch(response.text, /boom|secret-file|TypeError|\.ts/);
      assert.equal(response.headers.get('api-version'), '1');
      assert.ok(response.headers.get('ratelimit'));
    } finally {
      Object.defineProperty(content, 'caseStudies', original);
    }
  });

  it('answers 502 and records nothing when the enquiry and its deliveries cannot be committed together', async () => {
    const db = app.app.services.store.db;
    const before = await db.selectFrom('enquiries').select('reference').execute();
    // Break the outbox: the enquiry insert succeeds inside the transaction, the delivery insert fails.
    await sql`ALTER TABLE deliveries RENAME TO deliveries_away`.execute(db);
    try {
      const response = await api.post('/agent/contact', valid, { 'idempotency-key': 'during-outage' });
      assert.equal(response.status, 502);
      assert.equal(response.body.status, 'upstream_error');
      assert.doesNotMatch(response.text, /deliveries|SQLITE|no such table/i);
    } finally {
      await sql`ALTER TABLE deliveries_away RENAME TO deliveries`.execute(db);
    }
    const afterRows = await db.selectFrom('enquiries').select('reference').execute();
    assert.equal(afterRows.length, before.length, 'the enquiry was rolled back with its deliveries');
    const retry = await api.post('/agent/contact', valid, { 'idempotency-key': 'during-outage' });
    assert.equal(retry.status, 202, 'the key was released, so the retry runs');
    assert.equal(retry.headers.get('idempotent-replayed'), null);
  });
});
