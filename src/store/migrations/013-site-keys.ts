// One deployment, many sites (SITES_DIR): every row a site's request writes carries the key of its
// site (its folder's name; '' for the single site), and reads filter by it, so one site never sees
// another's enquiries, replayed answers, tasks, reports or counts. Every existing row becomes the
// single site's ('' by default). Tables whose primary key must now include the site (idempotency
// keys, the insight aggregates) are rebuilt, which works alike on SQLite (no ALTER of a primary key)
// and PostgreSQL. Rate-limit counters need no column: their client key names the site (see
// src/domain/rate-limit/site-budgets.ts), and the single site's keys are those stored before.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['enquiries', 'deliveries', 'a2a_tasks', 'audit_reports']) {
    await db.schema
      .alterTable(table)
      .addColumn('site', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema.createIndex('enquiries_site_received_at').on('enquiries').columns(['site', 'received_at']).execute();
  // A retried message finds its task again only within its own site.
  await db.schema.dropIndex('a2a_tasks_request').execute();
  await db.schema
    .createIndex('a2a_tasks_site_request')
    .unique()
    .on('a2a_tasks')
    .columns(['site', 'request_digest'])
    .execute();
  await db.schema.dropIndex('a2a_tasks_context').execute();
  await db.schema
    .createIndex('a2a_tasks_site_context')
    .on('a2a_tasks')
    .columns(['site', 'context_id', 'status_at'])
    .execute();

  await rebuild(db, 'idempotency_keys', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_site_pk', ['site', 'key'])
      .execute();
  });
  await db.schema.createIndex('idempotency_keys_site_expires').on('idempotency_keys').column('expires_at').execute();

  await rebuild(db, 'insight_visits', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('surface', 'text', (c) => c.notNull())
      .addColumn('item', 'text', (c) => c.notNull())
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull())
      .addColumn('status_class', 'text', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_visits_site_pk', [
        'site',
        'hour',
        'surface',
        'item',
        'family',
        'kind',
        'verified',
        'status_class',
      ])
      .execute();
  });
  await rebuild(db, 'insight_asks', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('asks', 'bigint', (c) => c.notNull())
      .addColumn('no_result', 'bigint', (c) => c.notNull())
      .addColumn('results', 'bigint', (c) => c.notNull())
      .addColumn('out_of_fit', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_asks_site_pk', ['site', 'day', 'source', 'query', 'family'])
      .execute();
  });
  await rebuild(db, 'insight_enquiries', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_enquiries_site_pk', ['site', 'day', 'channel', 'family', 'kind'])
      .execute();
  });
}

/**
 * Replaces `table` by a new one that `create` makes under a temporary name: every row is copied over
 * (its columns as they were, `site` by its default), then the old table goes and the new takes its name.
 */
async function rebuild(db: Kysely<unknown>, table: string, create: (name: string) => Promise<void>): Promise<void> {
  const fresh = `${table}_with_site`;
  await create(fresh);
  const columns = await columnsOf(db, table);
  const list = sql.join(columns.map((column) => sql.id(column)));
  await sql`INSERT INTO ${sql.table(fresh)} (${list}) SELECT ${list} FROM ${sql.table(table)}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(fresh).renameTo(table).execute();
}

async function columnsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const tables = await db.introspection.getTables();
  const found = tables.find((t) => t.name === table);
  if (!found) throw new Error(`table ${table} not found`);
  return found.columns.map((column) => column.name);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one site: only the single site's rows fit the keys without a site.
  for (const table of ['idempotency_keys', 'insight_visits', 'insight_asks', 'insight_enquiries']) {
    await sql`DELETE FROM ${sql.table(table)} WHERE site <> ''`.execute(db);
  }
  await db.schema.dropIndex('idempotency_keys_site_expires').execute();
  await db.schema.dropIndex('enquiries_site_received_at').execute();
  await db.schema.dropIndex('a2a_tasks_site_request').execute();
  await db.schema.dropIndex('a2a_tasks_site_context').execute();
  await sql`DELETE FROM a2a_tasks WHERE site <> ''`.execute(db);
  await db.schema.createIndex('a2a_tasks_request').unique().on('a2a_tasks').column('request_digest').execute();
  await db.schema.createIndex('a2a_tasks_context').on('a2a_tasks').columns(['context_id', 'status_at']).execute();
  for (const table of ['enquiries', 'deliveries', 'a2a_tasks', 'audit_reports']) {
    await db.schema.alterTable(table).dropColumn('site').execute();
  }
  // The rebuilt tables keep their site column, '' on every row left: up copies it over again.
}
