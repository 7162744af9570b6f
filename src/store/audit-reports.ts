// Rows of public audit reports: written once, read by id while unexpired, deleted when expired.
import type { Kysely } from 'kysely';
import type { Tables } from './schema.ts';

export interface AuditReportRow {
  /** The site the audit was run on (its key; '' for the single site). */
  site: string;
  id: string;
  /** The report's JSON. */
  body: string;
  createdAt: string;
  expiresAt: string;
}

export async function insertAuditReport(db: Kysely<Tables>, row: AuditReportRow): Promise<void> {
  await db
    .insertInto('audit_reports')
    .values({ site: row.site, id: row.id, body: row.body, created_at: row.createdAt, expires_at: row.expiresAt })
    .execute();
}

/** The report's JSON and expiry (ISO), or undefined when there is none with that id or it has expired by `now` (ISO). */
export async function findAuditReport(
  db: Kysely<Tables>,
  site: string,
  id: string,
  now: string,
): Promise<{ body: string; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('audit_reports')
    .select(['body', 'expires_at'])
    .where('site', '=', site)
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { body: row.body, expiresAt: row.expires_at };
}

/** Deletes the reports expired by `now` (ISO); returns how many went. */
export async function deleteExpiredAuditReports(db: Kysely<Tables>, now: string): Promise<number> {
  const result = await db.deleteFrom('audit_reports').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
