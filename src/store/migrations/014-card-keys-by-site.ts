// The keys that sign the A2A agent card, one key set per site (SITES_DIR), so no two sites publish
// or sign with the same key. The set stored before sites existed (a row of the secrets table)
// becomes the single site's (key ''), so a deployment that upgrades keeps signing with its key.
import { sql, type Kysely } from 'kysely';

/** The secrets row that held the one key set before this migration. */
const secretName = 'agent-card-signing-keys';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_keys')
    .addColumn('site', 'text', (c) => c.primaryKey())
    // The key set as JSON (src/domain/card-signing/key-set.ts): the signing key first, then the
    // retired keys still published.
    .addColumn('key_set', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO card_keys (site, key_set, created_at)
    SELECT '', value, created_at FROM secrets WHERE name = ${secretName}`.execute(db);
  await sql`DELETE FROM secrets WHERE name = ${secretName}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one key set: the single site's; other sites' keys go.
  await sql`INSERT INTO secrets (name, value, created_at)
    SELECT ${secretName}, key_set, created_at FROM card_keys WHERE site = ''`.execute(db);
  await db.schema.dropTable('card_keys').execute();
}
