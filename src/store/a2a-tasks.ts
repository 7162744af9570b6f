// A2A task rows: saved as the task changes, read by id or by the digest of the message that created
// it, listed by context newest first, and deleted when expired or beyond its site's newest `keep` rows.
import type { Kysely, Selectable } from 'kysely';
import type { A2aTasksTable, Tables } from './schema.ts';

export type TaskRow = Selectable<A2aTasksTable>;

/** Saves a task: updates the row with its id, else inserts it (a digest already taken is left to its first task). */
export async function saveTaskRow(db: Kysely<Tables>, row: TaskRow): Promise<void> {
  const { id, site, request_digest: _digest, context_id: _context, ...changed } = row;
  const updated = await db
    .updateTable('a2a_tasks')
    .set(changed)
    .where('id', '=', id)
    .where('site', '=', site)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  // Two retries of one message racing: the second task is kept without the digest, never an error.
  const inserted = await db
    .insertInto('a2a_tasks')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0 && row.request_digest !== null) {
    await db
      .insertInto('a2a_tasks')
      .values({ ...row, request_digest: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * Whether `value` can name a row at all: PostgreSQL text holds no NUL (a query with one fails), and
 * no id or context id this service gives out has one, so such a value names nothing on either store.
 */
const storable = (value: string): boolean => !value.includes('\0');

export async function findTaskRow(
  db: Kysely<Tables>,
  site: string,
  id: string,
  now: string,
): Promise<TaskRow | undefined> {
  if (!storable(id)) return undefined;
  return db
    .selectFrom('a2a_tasks')
    .selectAll()
    .where('site', '=', site)
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function findTaskRowByRequest(
  db: Kysely<Tables>,
  site: string,
  digest: string,
  now: string,
): Promise<TaskRow | undefined> {
  if (!storable(digest)) return undefined;
  return db
    .selectFrom('a2a_tasks')
    .selectAll()
    .where('site', '=', site)
    .where('request_digest', '=', digest)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export interface TaskRowFilter {
  site: string;
  contextId: string;
  state?: string | undefined;
  /** Only tasks whose status changed after this instant (ISO). */
  statusAfter?: string | undefined;
  now: string;
}

/** Rows of one context, newest status first (then id), after the cursor, at most `limit`; and how many match. */
export async function listTaskRows(
  db: Kysely<Tables>,
  filter: TaskRowFilter,
  limit: number,
  cursor?: { statusAt: string; id: string },
): Promise<{ rows: TaskRow[]; total: number }> {
  if (!storable(filter.contextId)) return { rows: [], total: 0 };
  let query = db
    .selectFrom('a2a_tasks')
    .where('site', '=', filter.site)
    .where('context_id', '=', filter.contextId)
    .where('expires_at', '>', filter.now);
  if (filter.state !== undefined) query = query.where('state', '=', filter.state);
  if (filter.statusAfter !== undefined) query = query.where('status_at', '>', filter.statusAfter);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const page =
    cursor === undefined
      ? query
      : query.where((eb) =>
          eb.or([
            eb('status_at', '<', cursor.statusAt),
            eb.and([eb('status_at', '=', cursor.statusAt), eb('id', '<', cursor.id)]),
          ]),
        );
  const rows = await page.selectAll().orderBy('status_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return { rows, total: Number(total.n) };
}

/**
 * Deletes expired rows and, in each site, all but the `keepPerSite` last saved; returns how many went.
 * Each site keeps its own newest rows, so a busy site never pushes out another's tasks.
 */
export async function deleteOldTaskRows(db: Kysely<Tables>, now: string, keepPerSite: number): Promise<number> {
  const expired = await db.deleteFrom('a2a_tasks').where('expires_at', '<=', now).executeTakeFirst();
  // One grouped count finds the few sites over their cap; only those are trimmed, one at a time.
  const crowded = await db
    .selectFrom('a2a_tasks')
    .select('site')
    .groupBy('site')
    .having((eb) => eb.fn.countAll(), '>', keepPerSite)
    .execute();
  let trimmed = 0;
  for (const { site } of crowded) trimmed += await trimSite(db, site, keepPerSite);
  return Number(expired.numDeletedRows) + trimmed;
}

/** Deletes all but the `keep` rows of `site` saved last; returns how many went. */
async function trimSite(db: Kysely<Tables>, site: string, keep: number): Promise<number> {
  // Newest by last save (expires_at is the save time plus the retention). Rows saved in the same
  // millisecond are told apart by id, as list pages are: the cut removes the row at the edge and
  // those before it, never a tied row among the `keep` newest.
  const edge = await db
    .selectFrom('a2a_tasks')
    .select(['expires_at', 'id'])
    .where('site', '=', site)
    .orderBy('expires_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keep)
    .executeTakeFirst();
  if (!edge) return 0;
  const trimmed = await db
    .deleteFrom('a2a_tasks')
    .where('site', '=', site)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', edge.expires_at),
        eb.and([eb('expires_at', '=', edge.expires_at), eb('id', '<=', edge.id)]),
      ]),
    )
    .executeTakeFirst();
  return Number(trimmed.numDeletedRows);
}
