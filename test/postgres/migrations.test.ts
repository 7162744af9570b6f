// Instances starting together on one empty PostgreSQL database must not race on the schema: the
// migrator's advisory lock lets one create it while the others wait, then find it up to date.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { contactPolicy, createRateLimiter } from '../../src/domain/rate-limit/rate-limit.ts';
import { migrationProvider } from '../../src/store/migrations/index.ts';
import { openStore } from '../../src/store/store.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';

const migrations = await migrationProvider.getMigrations();

test('four stores opening one empty database at once all succeed and migrate it exactly once', async () => {
  const url = await freshPostgresUrl();
  const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ kind: 'postgres', url })));
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
      stores[0]!.db,
    );
    assert.deepEqual(
      rows.map((row) => row.name),
      Object.keys(migrations),
    );
    for (const store of stores) {
      const count = await store.db
        .selectFrom('enquiries')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 0);
    }
  } finally {
    await Promise.all(stores.map((store) => store.close()));
  }
});

test('a store reopening an already migrated database leaves the schema as it is', async () => {
  const url = await freshPostgresUrl();
  const first = await openStore({ kind: 'postgres', url });
  await first.close();
  const second = await openStore({ kind: 'postgres', url });
  try {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM kysely_migration`.execute(second.db);
    assert.equal(Number(rows[0]!.n), Object.keys(migrations).length);
  } finally {
    await second.close();
  }
});

test('a store waits for another instance holding the migration lock longer than the statement timeout', async () => {
  const url = await freshPostgresUrl();
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  // Kysely's PostgreSQL migration lock id; another instance migrating holds exactly this lock.
  await holder.query('SELECT pg_advisory_lock(3853314791062309107)');
  const opening = openStore({ kind: 'postgres', url });
  await sleep(6_000); // longer than the pool's 5 s statement_timeout
  await holder.query('SELECT pg_advisory_unlock(3853314791062309107)');
  await holder.end();
  const store = await opening;
  try {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM kysely_migration`.execute(store.db);
    assert.ok(Number(rows[0]!.n) >= 1);
  } finally {
    await store.close();
  }
});

test('counts rate-limit windows past January 2038 and returns bigint values as numbers', async () => {
  const store = await openStore({ kind: 'postgres', url: await freshPostgresUrl() });
  try {
    const limiter = createRateLimiter(store.db);
    const state = await limiter.take(contactPolicy, '192.0.2.38', new Date('2040-06-01T12:00:30Z'));
    assert.equal(state.allowed, true);
    const row = await store.db
      .selectFrom('rate_limit_counters')
      .select(['window_start', 'expires_at'])
      .executeTakeFirstOrThrow();
    assert.equal(typeof row.window_start, 'number');
    const count = await store.db
      .selectFrom('rate_limit_counters')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(count.n, 2);
  } finally {
    await store.close();
  }
});
