// Drops the expires_at index of rate_limit_counters. The table takes a row for every new client
// (the buffered limiter's flush), and keeping this index cost a quarter of each write; it only
// served the expired-counter purge, which runs every ten minutes and may scan (bench/).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rate_limit_counters_expires').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('rate_limit_counters_expires').on('rate_limit_counters').column('expires_at').execute();
}
