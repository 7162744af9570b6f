// Writes agent insight's aggregated counts: one transaction per write, each row added to its
// counter (created on first sight), so instances sharing PostgreSQL sum into the same rows; and the
// retention delete. Reads are in analytics-queries.ts.
import { sql, type Kysely } from 'kysely';
import type { AskRow, Drained, EnquiryRow, VisitRow } from './analytics-rows.ts';
import { writeLeavingOutRefused, type Unwritten } from './refused-rows.ts';
import type { Tables } from './schema.ts';

/** Rows per statement: 8 parameters a row stays far below either back-end's bound. */
const chunk = 500;

/** Adds every drained count to its row. Rows are sorted so two instances lock them in one order. */
export async function addInsightCounts(db: Kysely<Tables>, rows: Drained): Promise<void> {
  const visits = [...rows.visits].sort(
    byKey((r: VisitRow) => [r.site, r.hour, r.surface, r.item, r.family, r.kind, String(r.verified), r.statusClass]),
  );
  const asks = [...rows.asks].sort(byKey((r: AskRow) => [r.site, r.day, r.source, r.query, r.family]));
  const enquiries = [...rows.enquiries].sort(byKey((r: EnquiryRow) => [r.site, r.day, r.channel, r.family, r.kind]));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < visits.length; i += chunk) {
      await trx
        .insertInto('insight_visits')
        .values(
          visits.slice(i, i + chunk).map((r) => ({
            site: r.site,
            hour: r.hour,
            surface: r.surface,
            item: r.item,
            family: r.family,
            kind: r.kind,
            verified: r.verified,
            status_class: r.statusClass,
            count: r.count,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['site', 'hour', 'surface', 'item', 'family', 'kind', 'verified', 'status_class'])
            .doUpdateSet({ count: sql`insight_visits.count + excluded.count` }),
        )
        .execute();
    }
    for (let i = 0; i < asks.length; i += chunk) {
      await trx
        .insertInto('insight_asks')
        .values(
          asks.slice(i, i + chunk).map((r) => ({
            site: r.site,
            day: r.day,
            source: r.source,
            query: r.query,
            family: r.family,
            asks: r.asks,
            no_result: r.noResult,
            results: r.results,
            out_of_fit: r.outOfFit,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['site', 'day', 'source', 'query', 'family']).doUpdateSet({
            asks: sql`insight_asks.asks + excluded.asks`,
            no_result: sql`insight_asks.no_result + excluded.no_result`,
            results: sql`insight_asks.results + excluded.results`,
            out_of_fit: sql`insight_asks.out_of_fit + excluded.out_of_fit`,
          }),
        )
        .execute();
    }
    for (let i = 0; i < enquiries.length; i += chunk) {
      await trx
        .insertInto('insight_enquiries')
        .values(
          enquiries.slice(i, i + chunk).map((r) => ({
            site: r.site,
            day: r.day,
            channel: r.channel,
            family: r.family,
            kind: r.kind,
            count: r.count,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['site', 'day', 'channel', 'family', 'kind'])
            .doUpdateSet({ count: sql`insight_enquiries.count + excluded.count` }),
        )
        .execute();
    }
  });
}

type InsightRow = { visit: VisitRow } | { ask: AskRow } | { enquiry: EnquiryRow };

/**
 * Adds the counts as addInsightCounts does; a row the database refuses is handed to `refused` and
 * left out while the others are written (refused-rows.ts). Resolves with the counts a failure other
 * than a refusal left unwritten, or undefined.
 */
export async function addInsightCountsLeavingOutRefused(
  db: Kysely<Tables>,
  rows: Drained,
  refused: (row: InsightRow, error: unknown) => void,
): Promise<{ rows: Drained; error: unknown } | undefined> {
  const flat: InsightRow[] = [
    ...rows.visits.map((visit) => ({ visit })),
    ...rows.asks.map((ask) => ({ ask })),
    ...rows.enquiries.map((enquiry) => ({ enquiry })),
  ];
  const unwritten: Unwritten<InsightRow> | undefined = await writeLeavingOutRefused(
    flat,
    (some) => addInsightCounts(db, gather(some)),
    refused,
  );
  return unwritten && { rows: gather(unwritten.rows), error: unwritten.error };
}

function gather(rows: readonly InsightRow[]): Drained {
  const drained: Drained = { visits: [], asks: [], enquiries: [] };
  for (const row of rows) {
    if ('visit' in row) drained.visits.push(row.visit);
    else if ('ask' in row) drained.asks.push(row.ask);
    else drained.enquiries.push(row.enquiry);
  }
  return drained;
}

/** Deletes insight rows from before `cutoffDay` (`YYYY-MM-DD`); returns how many went. */
export async function deleteInsightBefore(db: Kysely<Tables>, cutoffDay: string): Promise<number> {
  const [visits, asks, enquiries] = await Promise.all([
    db.deleteFrom('insight_visits').where('hour', '<', cutoffDay).executeTakeFirst(),
    db.deleteFrom('insight_asks').where('day', '<', cutoffDay).executeTakeFirst(),
    db.deleteFrom('insight_enquiries').where('day', '<', cutoffDay).executeTakeFirst(),
  ]);
  return [visits, asks, enquiries].reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}

function byKey<T>(key: (row: T) => string[]): (a: T, b: T) => number {
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) {
      if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
    }
    return 0;
  };
}
