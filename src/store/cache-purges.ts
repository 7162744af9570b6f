// The purge log of front mode's HTTP cache: `agentsite cache purge` appends a row, every instance
// reads the rows after the last one it applied. Rows older than a day are swept when a purge is
// written: an instance polls every few seconds, and one away longer starts again with an empty cache.
import type { Kysely } from 'kysely';
import type { Tables } from './schema.ts';

/** How long a purge row is kept for instances to read it, in seconds. */
const keptSeconds = 24 * 3600;

/** What a purge drops: the answers of `path` (every path when undefined), of `site` (every site's when undefined). */
export interface CachePurge {
  path?: string | undefined;
  site?: string | undefined;
}

/** Records a purge; the row's id. */
export async function recordCachePurge(
  db: Kysely<Tables>,
  { path, site }: CachePurge,
  now = Date.now(),
): Promise<number> {
  const at = Math.floor(now / 1000);
  await db
    .deleteFrom('origin_cache_purges')
    .where('created_at', '<', at - keptSeconds)
    .execute();
  const row = await db
    .insertInto('origin_cache_purges')
    .values({ path: path ?? null, site: site ?? null, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The purges after `afterId`, oldest first. */
export async function cachePurgesAfter(
  db: Kysely<Tables>,
  afterId: number,
): Promise<{ id: number; path: string | null; site: string | null }[]> {
  const rows = await db
    .selectFrom('origin_cache_purges')
    .select(['id', 'path', 'site'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), path: row.path, site: row.site }));
}

/** The id of the latest purge (0 when none): an instance starting with an empty cache begins after it. */
export async function latestCachePurge(db: Kysely<Tables>): Promise<number> {
  const row = await db
    .selectFrom('origin_cache_purges')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
