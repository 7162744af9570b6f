// Rate-limit window times are epoch seconds. PostgreSQL's `integer` is 32-bit and overflows on
// 19 January 2038; SQLite integers are already 64-bit, so only PostgreSQL columns change.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('rate_limit_counters')
    .alterColumn('window_start', (c) => c.setDataType('bigint'))
    .alterColumn('expires_at', (c) => c.setDataType('bigint'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('rate_limit_counters')
    .alterColumn('window_start', (c) => c.setDataType('integer'))
    .alterColumn('expires_at', (c) => c.setDataType('integer'))
    .execute();
}
