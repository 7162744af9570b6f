// Reports of the public agent-readiness audit, kept for people and agents to read back at
// /audits/<id> on any instance. A row is found by its id (unguessable, handed to whoever ran the
// audit) and deleted once expired (src/store/audit-reports.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The report as the JSON every surface returns (src/audit/report.ts).
    .addColumn('body', 'text', (c) => c.notNull())
    // ISO 8601 instants: sortable as text on both back-ends.
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_reports_expiry').on('audit_reports').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_reports').execute();
}
