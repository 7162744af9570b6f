// With many sites (SITES_DIR) a purge of front mode's HTTP cache may be one site's: its row names the
// site's key, and every instance drops that site's answers alone. A row without one (every row
// written before) drops the answers of every site, as it did.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('origin_cache_purges').addColumn('site', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('origin_cache_purges').dropColumn('site').execute();
}
