// Agent insight: aggregated counts only. Visits per hour, searches and asks per day, enquiries per
// day, each keyed by its dimensions so every instance adds into the same rows (upsert). No column
// holds an address, an e-mail, a name or message text.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insight_visits')
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('surface', 'text', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('status_class', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_visits_pk', [
      'hour',
      'surface',
      'item',
      'family',
      'kind',
      'verified',
      'status_class',
    ])
    .execute();
  await db.schema
    .createTable('insight_asks')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('asks', 'bigint', (c) => c.notNull())
    .addColumn('no_result', 'bigint', (c) => c.notNull())
    .addColumn('results', 'bigint', (c) => c.notNull())
    .addColumn('out_of_fit', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_asks_pk', ['day', 'source', 'query', 'family'])
    .execute();
  await db.schema
    .createTable('insight_enquiries')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_enquiries_pk', ['day', 'channel', 'family', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['insight_enquiries', 'insight_asks', 'insight_visits'])
    await db.schema.dropTable(table).execute();
}
