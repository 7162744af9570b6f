// A PostgreSQL database that answers but refuses the service: revoked rights, a read-only server, a
// dropped database. Health reports degraded whenever the enquiry path cannot commit (enquiries get
// 502 meanwhile), and ok again once it can.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { adminQuery, adminUrl, databasePrefix, freshPostgresUrl } from '../helpers/postgres.ts';

const enquiry = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

describe('a database that refuses the service', () => {
  const role = `${databasePrefix}_refusal_role`;
  let database: string;
  let app: TestApp;
  let client = 0;

  /** Runs `text` as the superuser inside the app's database. */
  const inDatabase = async (text: string): Promise<void> => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    try {
      await admin.query(text);
    } finally {
      await admin.end();
    }
  };
  const health = async (): Promise<string> =>
    ((await (await fetch(`${app.baseUrl}/agent/health`)).json()) as { status: string }).status;
  const until = async (what: string, check: () => Promise<boolean>): Promise<void> => {
    const end = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > end) assert.fail(`${what} did not happen within 20 s`);
      await sleep(200);
    }
  };
  // A new client address per enquiry, so the 5/min contact budget never decides the status.
  const submit = async (): Promise<number> =>
    (
      await fetch(`${app.baseUrl}/agent/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(client += 1)}` },
        body: JSON.stringify(enquiry),
      })
    ).status;

  before(async () => {
    // The service's own role, not a superuser (whose rights cannot be revoked); it owns the database.
    await adminQuery(`DROP ROLE IF EXISTS "${role}"`).catch(() => {});
    await adminQuery(`CREATE ROLE "${role}" LOGIN`);
    const url = new URL(await freshPostgresUrl());
    database = url.pathname.slice(1);
    await adminQuery(`ALTER DATABASE "${database}" OWNER TO "${role}"`);
    await inDatabase(`ALTER SCHEMA public OWNER TO "${role}"`);
    url.username = role;
    app = await startTestApp({ DATABASE_URL: url.href, TRUST_PROXY: 'loopback' });
  });
  after(async () => {
    await app.stop();
    await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await adminQuery(`DROP ROLE IF EXISTS "${role}"`);
  });

  it('reports degraded while the right to write enquiries is revoked, and ok once it is granted again', async () => {
    assert.equal(await health(), 'ok');
    assert.equal(await submit(), 202);
    await inDatabase(`REVOKE INSERT ON enquiries FROM "${role}"`);
    // Found by health alone, before any enquiry fails.
    await until('health degraded', async () => (await health()) === 'degraded');
    assert.equal(await submit(), 502);
    await inDatabase(`GRANT INSERT ON enquiries TO "${role}"`);
    await until('health ok', async () => (await health()) === 'ok');
    assert.equal(await submit(), 202);
  });

  it('reports degraded at once when an enquiry is refused, before the next check of the rights', async () => {
    assert.equal(await health(), 'ok', 'the rights were checked a moment ago');
    await inDatabase(`REVOKE INSERT ON enquiries FROM "${role}"`);
    try {
      assert.equal(await submit(), 502);
      assert.equal(await health(), 'degraded', 'the refused enquiry itself marks the store refusing');
    } finally {
      await inDatabase(`GRANT INSERT ON enquiries TO "${role}"`);
    }
    await until('health ok', async () => (await health()) === 'ok');
  });

  it('reports degraded while the server is read-only', async () => {
    await adminQuery(`ALTER DATABASE "${database}" SET default_transaction_read_only = on`);
    try {
      await until('health degraded', async () => (await health()) === 'degraded');
    } finally {
      await adminQuery(`ALTER DATABASE "${database}" RESET default_transaction_read_only`);
    }
    await until('health ok', async () => (await health()) === 'ok');
  });

  it('reports degraded once the database is dropped', async () => {
    await adminQuery(`DROP DATABASE "${database}" WITH (FORCE)`);
    await until('health degraded', async () => (await health()) === 'degraded');
    assert.equal(await submit(), 502);
  });
});
