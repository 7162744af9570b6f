// The store's view of a PostgreSQL outage: connection failures surface as upstream_error (never
// driver text), health flips to down and back, and committed rows survive.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { AppError } from '../../src/kernel/errors.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { adminQuery, freshPostgresUrl } from '../helpers/postgres.ts';
import { proxyDatabase, type TcpProxy } from '../helpers/tcp-proxy.ts';

let proxy: TcpProxy;
let store: Store;

before(async () => {
  const proxied = await proxyDatabase(await freshPostgresUrl());
  proxy = proxied.proxy;
  store = await openStore({ kind: 'postgres', url: proxied.url });
});

after(async () => {
  await store.close();
  await proxy.close();
});

const row = (reference: string) => ({
  site: '',
  reference,
  received_at: new Date().toISOString(),
  kind: 'enquiry',
  topic: 'general',
  channel: 'rest',
  from_name: null,
  from_email: null,
  organization: null,
  message: null,
  agent_id: null,
  erased_at: null,
});

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(50);
  }
}

test('a cut connection makes writes fail with upstream_error and health go down, then both recover', async () => {
  await store.db.insertInto('enquiries').values(row('enq_0000000000000001')).execute();
  assert.equal(store.health.status(), 'up');

  await proxy.cut();
  const failure = await store.db
    .insertInto('enquiries')
    .values(row('enq_0000000000000002'))
    .execute()
    .catch((e: unknown) => e);
  assert.ok(failure instanceof AppError, `expected AppError, got ${String(failure)}`);
  assert.equal(failure.code, 'upstream_error');
  assert.doesNotMatch(failure.message, /ECONN|127\.0\.0\.1|postgres/i);
  await until(() => store.health.status() === 'down');

  // While down, a second write fails fast instead of waiting for a connect timeout.
  const started = Date.now();
  await assert.rejects(store.db.selectFrom('enquiries').selectAll().execute(), { code: 'upstream_error' });
  assert.ok(Date.now() - started < 500);

  await proxy.restore();
  await until(() => store.health.status() === 'up');
  const rows = await store.db.selectFrom('enquiries').select('reference').execute();
  assert.deepEqual(
    rows.map((r) => r.reference),
    ['enq_0000000000000001'],
  );
});

test('a query error of its own (a duplicate key) is passed through untouched and keeps health up', async () => {
  await store.db.insertInto('enquiries').values(row('enq_00000000000000aa')).execute();
  const failure = await store.db
    .insertInto('enquiries')
    .values(row('enq_00000000000000aa'))
    .execute()
    .catch((e: unknown) => e);
  assert.ok(!(failure instanceof AppError));
  assert.equal((failure as { code?: string }).code, '23505');
  assert.equal(store.health.status(), 'up');
});

test('a statement over the 5 s timeout fails with upstream_error without marking the database down', async () => {
  const failure = await sql`SELECT pg_sleep(6)`.execute(store.db).catch((e: unknown) => e);
  assert.ok(failure instanceof AppError && failure.code === 'upstream_error', String(failure));
  assert.equal(store.health.status(), 'up');
  await store.db.selectFrom('enquiries').select('reference').execute();
});

test('waiting over 2 s for a free pooled connection fails with upstream_error without marking the database down', async () => {
  // Ten statements hold the pool's ten connections for 3 s; the eleventh waits for one.
  const holders = Array.from({ length: 10 }, () => sql`SELECT pg_sleep(3)`.execute(store.db));
  const failure = await sql`SELECT 1`.execute(store.db).catch((e: unknown) => e);
  assert.ok(failure instanceof AppError && failure.code === 'upstream_error', String(failure));
  assert.equal(store.health.status(), 'up');
  await Promise.all(holders);
});

test('one connection lost mid-query fails that query but leaves health up while the database answers', async () => {
  const running = sql`SELECT pg_sleep(2)`.execute(store.db).catch((e: unknown) => e);
  await sleep(300);
  // As a server restart or a firewall's idle timeout would: this one backend goes away.
  await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(2)'`);
  const failure = await running;
  assert.ok(failure instanceof AppError && failure.code === 'upstream_error', String(failure));
  await sleep(300); // the probe it started connects afresh and finds the database answering
  assert.equal(store.health.status(), 'up');
  await store.db.selectFrom('enquiries').select('reference').execute();
});
