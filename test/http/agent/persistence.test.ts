import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { apiClient } from './contract-recorder.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';

const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

describe('restart persistence', () => {
  let app: TestApp | undefined;
  after(async () => {
    await app?.stop();
  });

  it('keeps enquiries, idempotency records and contact counts across a restart on the same database', async () => {
    // Fixed windows reset on the minute: run well inside one.
    await awayFromMinuteBoundary();
    app = await startTestApp();
    let api = apiClient(app.baseUrl);
    const headers = { 'idempotency-key': 'survives-restart' };
    const first = await api.post('/agent/contact', valid, headers);
    assert.equal(first.status, 202);
    for (let i = 0; i < 3; i++) assert.equal((await api.post('/agent/contact', valid)).status, 202);
    await api.assertRecordedMatchContract();
    const databaseUrl = app.databaseUrl;
    await app.stop();

    app = await startTestApp({ DATABASE_URL: databaseUrl });
    api = apiClient(app.baseUrl);
    const row = await app.app.services.store.db
      .selectFrom('enquiries')
      .selectAll()
      .where('reference', '=', first.body.reference)
      .executeTakeFirst();
    assert.equal(row?.from_email, 'ada@example.com');
    const replay = await api.post('/agent/contact', valid, headers);
    assert.equal(replay.status, 202);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.reference, first.body.reference);
    // The 4 enquiries above were counted before the restart.
    assert.equal(replay.headers.get('ratelimit-remaining'), '1');
    assert.match(replay.headers.get('ratelimit') ?? '', /"contact-day";r=46;/);
    assert.equal((await api.post('/agent/contact', valid)).status, 202);
    const refused = await api.post('/agent/contact', valid);
    assert.equal(refused.status, 429);
    await api.assertRecordedMatchContract();
  });
});
