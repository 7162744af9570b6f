// Batched rate-limit counter writes for the buffered limiter: many counters added to in one
// upsert statement (SQLite and PostgreSQL), returning each counter's new total across instances.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
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

/** Rows per statement: each flush chunk is one statement whose only parameter is a JSON array. */
export const rowsPerStatement = 1_000;

// The rows travel as one JSON parameter, so the SQL text never changes: the statement is prepared
// once and nothing is built per row. Building a 5-parameters-a-row VALUES list (Kysely nodes, SQL
// text, a fresh prepare) cost more than the insert itself when every request is a new client
// (bench/). Rows are [policy, client, window_start, count, expires_at], in key order.
const upsertSqlite = (rows: string): RawBuilder<CounterRow> => sql<CounterRow>`
  INSERT INTO rate_limit_counters (policy, client, window_start, count, expires_at)
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(${rows}) WHERE true
  ON CONFLICT (policy, client, window_start) DO UPDATE SET count = rate_limit_counters.count + excluded.count
  RETURNING policy, client, window_start, count`;

// ORDER BY keeps the key order the rows were sorted in (see addToCounters).
const upsertPostgres = (rows: string): RawBuilder<CounterRow> => sql<CounterRow>`
  INSERT INTO rate_limit_counters (policy, client, window_start, count, expires_at)
  SELECT value ->> 0, value ->> 1, (value ->> 2)::bigint, (value ->> 3)::integer, (value ->> 4)::bigint
  FROM jsonb_array_elements(${rows}::jsonb) WITH ORDINALITY AS r(value, ord) ORDER BY ord
  ON CONFLICT (policy, client, window_start) DO UPDATE SET count = rate_limit_counters.count + excluded.count
  RETURNING policy, client, window_start, count`;

interface CounterRow {
  policy: string;
  client: string;
  window_start: number;
  count: number;
}

/** Adds each delta to its counter (creating it) and returns the new totals. */
export async function addToCounters(db: Kysely<Tables>, deltas: CounterDelta[]): Promise<CounterTotal[]> {
  if (deltas.length === 0) return [];
  // One key order for every instance: on PostgreSQL, two flushes locking the same counters in
  // different orders would deadlock (and one of them be aborted).
  const ordered = [...deltas].sort((a, b) => compareKeys(a, b));
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    const totals: CounterTotal[] = [];
    for (let i = 0; i < ordered.length; i += rowsPerStatement) {
      const json = JSON.stringify(
        ordered.slice(i, i + rowsPerStatement).map((d) => [d.window, d.client, d.windowStart, d.add, d.expiresAt]),
      );
      const { rows } = await (postgres ? upsertPostgres(json) : upsertSqlite(json)).execute(trx);
      for (const row of rows) {
        totals.push({
          window: row.policy,
          client: row.client,
          windowStart: Number(row.window_start),
          count: Number(row.count),
        });
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

/** Counters a start-up preloads at most: the largest, which matter most for the limits. */
const preloadLimit = 50_000;

/** Counters of the given windows still running at `nowSeconds`, largest first (a start-up preload). */
export async function currentCounters(
  db: Kysely<Tables>,
  windows: string[],
  nowSeconds: number,
): Promise<CounterTotal[]> {
  const rows = await db
    .selectFrom('rate_limit_counters')
    .select(['policy', 'client', 'window_start', 'count'])
    .where('policy', 'in', windows)
    .where('expires_at', '>', nowSeconds)
    .orderBy('count', 'desc')
    .limit(preloadLimit)
    .execute();
  return rows.map((row) => ({
    window: row.policy,
    client: row.client,
    windowStart: Number(row.window_start),
    count: Number(row.count),
  }));
}
