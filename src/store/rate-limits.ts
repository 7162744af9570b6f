// Rate-limit counters in the database, so counts survive restarts and are shared by every instance
// on one PostgreSQL database. Increments are single conditional upserts, atomic on both back-ends.
import { sql, type Kysely, type Transaction } from 'kysely';
import { preparedQuery } from './prepared-query.ts';
import type { Tables } from './schema.ts';

type Db = Kysely<Tables> | Transaction<Tables>;

export interface CounterKey {
  /** Window name, e.g. "contact-minute". */
  window: string;
  client: string;
  /** Epoch seconds at which the fixed window started. */
  windowStart: number;
}

/**
 * Adds one to a counter unless it already reached `limit`. Returns the new count, or undefined
 * when the counter was full (and is left unchanged).
 */
export async function incrementBelow(
  db: Db,
  key: CounterKey,
  limit: number,
  expiresAt: number,
): Promise<number | undefined> {
  const { rows } = await incrementQuery(db, {
    policy: key.window,
    client: key.client,
    windowStart: key.windowStart,
    expiresAt,
    limit,
  });
  return rows[0] === undefined ? undefined : Number(rows[0].count);
}

const incrementQuery = preparedQuery(
  ['policy', 'client', 'windowStart', 'expiresAt', 'limit'],
  (db, v: { policy: string; client: string; windowStart: number; expiresAt: number; limit: number }) =>
    db
      .insertInto('rate_limit_counters')
      .values({ policy: v.policy, client: v.client, window_start: v.windowStart, count: 1, expires_at: v.expiresAt })
      .onConflict((oc) =>
        oc
          .columns(['policy', 'client', 'window_start'])
          .doUpdateSet({ count: sql<number>`rate_limit_counters.count + 1` })
          .where('rate_limit_counters.count', '<', v.limit),
      )
      .returning('count'),
);

/** Current counts of the given counters (0 for a counter that does not exist yet). */
export async function readCounts(db: Db, keys: CounterKey[]): Promise<number[]> {
  return Promise.all(
    keys.map(async (key) => {
      const row = await db
        .selectFrom('rate_limit_counters')
        .select('count')
        .where('policy', '=', key.window)
        .where('client', '=', key.client)
        .where('window_start', '=', key.windowStart)
        .executeTakeFirst();
      return row === undefined ? 0 : Number(row.count);
    }),
  );
}

/** Deletes counters whose window has ended. */
export async function deleteExpiredCounters(db: Db, nowSeconds: number): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('expires_at', '<', nowSeconds).execute();
}
