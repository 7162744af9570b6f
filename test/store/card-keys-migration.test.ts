// The migration that keeps the agent card's keys by site, on the back-end chosen by
// AGENTSITE_TEST_STORE: the key set stored before sites existed becomes the single site's, which
// goes on signing with the same key, and another site gets a key of its own.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { loadConfig } from '../../src/config/config.ts';
import { createCardKeys } from '../../src/domain/card-signing/card-keys.ts';
import { runInSite } from '../../src/domain/sites/site-scope.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { migrationProvider } from '../../src/store/migrations/index.ts';
import { openSqlite } from '../../src/store/node-sqlite-dialect.ts';
import { openStore } from '../../src/store/store.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';

function unmigrated(url: string): Kysely<unknown> {
  if (url.startsWith('sqlite:')) return new Kysely({ dialect: openSqlite(url.slice('sqlite:'.length)).dialect });
  return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
}

test('the card keys stored before sites existed become the single site’s and go on signing', async () => {
  const url = await freshDatabaseUrl();
  const before = unmigrated(url);
  const { error } = await new Migrator({ db: before, provider: migrationProvider }).migrateTo('013-site-keys');
  assert.equal(error, undefined);
  // A key set as the product stored it then: one signing key.
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const keySet = JSON.stringify({ keys: [{ kid: 'kid-before-sites', createdAt: '2026-11-01T00:00:00.000Z', jwk }] });
  await sql`INSERT INTO secrets (name, value, created_at)
    VALUES ('agent-card-signing-keys', ${keySet}, '2026-11-01T00:00:00.000Z')`.execute(before);
  await before.destroy();

  const store = await openStore(loadConfig({ DATABASE_URL: url }).database);
  try {
    const keys = createCardKeys({ db: store.db, logger: createLogger('silent') });
    assert.equal((await keys.current()).signing.kid, 'kid-before-sites', 'the single site signs with its key');
    const other = await runInSite('a.example', () => keys.current());
    assert.notEqual(other.signing.kid, 'kid-before-sites', 'another site gets a key of its own');
    const left = await store.db.selectFrom('secrets').select('name').execute();
    assert.ok(!left.some((row) => row.name === 'agent-card-signing-keys'), 'the old row is gone');
  } finally {
    await store.close();
  }
});
