// Health on SQLite when the database file stops taking writes (read-only, disk full, I/O errors):
// degraded while the enquiry path cannot commit, ok again once a write succeeds. PostgreSQL's side
// (revoked rights, read-only server, dropped database) is test/postgres/refusal.test.ts.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { testStore } from '../helpers/postgres.ts';

const enquiry = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

describe('health when the SQLite file refuses writes', { skip: testStore() !== 'sqlite' && 'SQLite only' }, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  const health = async (): Promise<string> =>
    ((await (await fetch(`${app.baseUrl}/agent/health`)).json()) as { status: string }).status;
  const submit = async (): Promise<number> =>
    (
      await fetch(`${app.baseUrl}/agent/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(enquiry),
      })
    ).status;

  it('reports degraded once an enquiry cannot be written, and ok once writes succeed again', async () => {
    const { db } = app.app.services.store;
    assert.equal(await health(), 'ok');
    // query_only makes SQLite refuse every write with SQLITE_READONLY, as a read-only file would.
    await sql`PRAGMA query_only = ON`.execute(db);
    try {
      assert.equal(await submit(), 502);
      assert.equal(await health(), 'degraded');
      assert.equal(await health(), 'degraded', 'a PRAGMA or a rollback does not count as a write that worked');
    } finally {
      await sql`PRAGMA query_only = OFF`.execute(db);
    }
    assert.equal(await submit(), 202);
    assert.equal(await health(), 'ok');
  });
});
