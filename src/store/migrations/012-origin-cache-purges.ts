// Purges of front mode's HTTP cache asked for by `agentsite cache purge`: the CLI is another process,
// so it writes a row here and every instance on the database applies the rows it has not seen yet.
// Rows are needed only until every instance has read them; old ones are swept (src/store/cache-purges.ts).
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('origin_cache_purges')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    // The path whose answers go (every query and variant of it); null: every answer.
    .addColumn('path', 'text')
    // Epoch seconds.
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('origin_cache_purges').execute();
}
