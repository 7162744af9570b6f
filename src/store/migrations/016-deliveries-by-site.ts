// Deliveries found by site and state (SITES_DIR): the dashboard counts each site's deliveries per
// state and lists a site's queued and given-up ones, which without this index read every site's rows.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('deliveries_site_state')
    .on('deliveries')
    .columns(['site', 'state', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deliveries_site_state').execute();
}
