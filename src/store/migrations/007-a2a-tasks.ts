// A2A tasks, shared by every instance on one database. A task is read by its id (an unguessable
// capability handed to the client that created it) or listed by its context id; a retried message
// finds its task again by request digest. Rows expire (expires_at) and are deleted by a purge.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('a2a_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('context_id', 'text', (c) => c.notNull())
    .addColumn('request_digest', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status_at', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('a2a_tasks_context').on('a2a_tasks').columns(['context_id', 'status_at']).execute();
  await db.schema.createIndex('a2a_tasks_request').unique().on('a2a_tasks').column('request_digest').execute();
  await db.schema.createIndex('a2a_tasks_expiry').on('a2a_tasks').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('a2a_tasks').execute();
}
