// The migration that keys rows by site, on the back-end chosen by AGENTSITE_TEST_STORE: a database
// written before sites existed keeps every row, each now the single site's, and its keys still work.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { loadConfig } from '../../src/config/config.ts';
import { claimIdempotencyKey } from '../../src/domain/idempotency.ts';
import { runInSite } from '../../src/domain/sites/site-scope.ts';
import { migrationProvider } from '../../src/store/migrations/index.ts';
import { openSqlite } from '../../src/store/node-sqlite-dialect.ts';
import { openStore } from '../../src/store/store.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';

function unmigrated(url: string): Kysely<unknown> {
  if (url.startsWith('sqlite:')) return new Kysely({ dialect: openSqlite(url.slice('sqlite:'.length)).dialect });
  return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
}

test('rows stored before sites existed become the single site’s, and their keys still answer', async () => {
  const url = await freshDatabaseUrl();
  const before = unmigrated(url);
  const { error } = await new Migrator({ db: before, provider: migrationProvider }).migrateTo(
    '012-origin-cache-purges',
  );
  assert.equal(error, undefined);
  const at = new Date().toISOString();
  const later = new Date(Date.now() + 86_400_000).toISOString();
  await sql`INSERT INTO enquiries (reference, received_at, kind, topic, channel)
    VALUES ('enq_0000000000000001', ${at}, 'enquiry', 'general', 'rest')`.execute(before);
  await sql`INSERT INTO deliveries (id, enquiry_reference, target, state, attempts, next_attempt_at, created_at, updated_at)
    VALUES ('dlv_1', 'enq_0000000000000001', 'webhook', 'pending', 0, ${at}, ${at}, ${at})`.execute(before);
  await sql`INSERT INTO idempotency_keys (key, request_hash, state, status_code, response_body, created_at, expires_at)
    VALUES ('k1', 'h1', 'completed', 202, '{"status":"accepted"}', ${at}, ${later})`.execute(before);
  await sql`INSERT INTO insight_visits (hour, surface, item, family, kind, verified, status_class, count)
    VALUES ('2026-11-29T07', 'llms', '/llms.txt', 'OpenAI', 'declared-agent', 0, '2xx', 4)`.execute(before);
  await sql`INSERT INTO insight_asks (day, source, query, family, asks, no_result, results, out_of_fit)
    VALUES ('2026-11-29', 'mcp-search', 'abm', 'OpenAI', 2, 0, 3, 0)`.execute(before);
  await sql`INSERT INTO insight_enquiries (day, channel, family, kind, count)
    VALUES ('2026-11-29', 'rest', 'OpenAI', 'declared-agent', 1)`.execute(before);
  await sql`INSERT INTO a2a_tasks (id, context_id, request_digest, state, status_at, body, expires_at)
    VALUES ('t1', 'c1', 'd1', 'TASK_STATE_COMPLETED', ${at}, '{}', ${later})`.execute(before);
  await sql`INSERT INTO audit_reports (id, body, created_at, expires_at) VALUES ('r1', '{}', ${at}, ${later})`.execute(
    before,
  );
  await before.destroy();

  const store = await openStore(loadConfig({ DATABASE_URL: url }).database);
  try {
    for (const table of [
      'enquiries',
      'deliveries',
      'idempotency_keys',
      'insight_visits',
      'insight_asks',
      'insight_enquiries',
      'a2a_tasks',
      'audit_reports',
    ] as const) {
      const rows = await store.db.selectFrom(table).select('site').execute();
      assert.deepEqual(
        rows.map((row) => row.site),
        [''],
        `${table} keeps its row as the single site's`,
      );
    }
    const visits = await store.db.selectFrom('insight_visits').select('count').executeTakeFirstOrThrow();
    assert.equal(Number(visits.count), 4);
    // The stored key still replays for the single site, and is unknown to another.
    assert.equal((await claimIdempotencyKey(store.db, 'k1', 'h1', new Date())).kind, 'replay');
    assert.equal(
      (await runInSite('a.example', () => claimIdempotencyKey(store.db, 'k1', 'h1', new Date()))).kind,
      'claimed',
    );
  } finally {
    await store.close();
  }
});
