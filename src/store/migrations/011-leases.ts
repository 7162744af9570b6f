// Named leases shared by every instance on one database: a job only one instance should run at a
// time (importing the origin again into the shared content folder) holds its lease while it runs;
// a holder that dies lets it go when its time runs out (src/store/leases.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    // Epoch milliseconds: the lease is free after `held_until`; the job last finished at `finished_at`.
    .addColumn('held_until', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leases').execute();
}
