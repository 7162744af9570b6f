// Batched rate-limit counter writes for the buffered limiter: many counters added to in one
// multi-row upsert (SQLite and PostgreSQL), returning each counter's new total across instances.
import { sql, type Kysely } from 'kysely';
import type { Tables } from './schema.ts';

export interface CounterDelta {
  window: string;
  client: string;
  windowStart: number;
  expiresAt: number;
  add: number;
}

export interface CounterTotal {
  window: string;
  client: string;
  windowStart: number;
  count: number;
}

// 5 parameters a row keeps one statement well under SQLite's 32 766-parameter limit.
const rowsPerStatement = 500;

/** Adds each delta to its counter (creating it) and returns the new totals. */
export async function addToCounters(db: Kysely<Tables>, deltas: CounterDelta[]): Promise<CounterTotal[]> {
  if (deltas.length === 0) return [];
  // One key order for every instance: on PostgreSQL, two flushes locking the same counters in
  // different orders would deadlock (and one of them be aborted).
  const ordered = [...deltas].sort((a, b) => compareKeys(a, b));
  return db.transaction().execute(async (trx) => {
    const totals: CounterTotal[] = [];
    for (let i = 0; i < ordered.length; i += rowsPerStatement) {
      const rows = await trx
        .insertInto('rate_limit_counters')
        .values(ordered.slice(i, i + rowsPerStatement).map((d) => ({
          policy: d.window, client: d.client, window_start: d.windowStart, count: d.add, expires_at: d.expiresAt,
        })))
        .onConflict((oc) =>
          oc.columns(['policy', 'client', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_counters.count + excluded.count` }),
        )
        .returning(['policy', 'client', 'window_start', 'count'])
        .execute();
      for (const row of rows) {
        totals.push({ window: row.policy, client: row.client, windowStart: Number(row.window_start), count: Number(row.count) });
      }
    }
    return totals;
  });
}

function compareKeys(a: CounterDelta, b: CounterDelta): number {
  if (a.window !== b.window) return a.window < b.window ? -1 : 1;
  if (a.client !== b.client) return a.client < b.client ? -1 : 1;
  return a.windowStart - b.windowStart;
}

/** Counters of the given windows still running at `nowSeconds`, largest first (a start-up preload). */
export async function currentCounters(db: Kysely<Tables>, windows: string[], nowSeconds: number, limit: number): Promise<CounterTotal[]> {
  const rows = await db
    .selectFrom('rate_limit_counters')
    .select(['policy', 'client', 'window_start', 'count'])
    .where('policy', 'in', windows)
    .where('expires_at', '>', nowSeconds)
    .orderBy('count', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ window: row.policy, client: row.client, windowStart: Number(row.window_start), count: Number(row.count) }));
}
