// Reads agent insight's aggregates for the dashboard and the CLI report: sums over a day range,
// optionally for one caller family. Grouping happens in SQL; totals come back as numbers on both
// back-ends (PostgreSQL returns sum() of bigint as text).
import { sql, type Kysely } from 'kysely';
import type { Tables } from './schema.ts';

/** Days `from` to `to` inclusive, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
  /** Only this caller family. */
  family?: string;
  /** Only this site's counts (its key); every site's summed without it. */
  site?: string;
}

export interface VisitSum {
  day: string;
  surface: string;
  item: string;
  family: string;
  kind: string;
  verified: boolean;
  statusClass: string;
  requests: number;
}
export interface AskSum {
  source: string;
  query: string;
  asks: number;
  noResult: number;
  results: number;
  outOfFit: number;
}
export interface EnquirySum {
  channel: string;
  family: string;
  enquiries: number;
}

/** The day after `day`, for an exclusive upper bound. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Visits summed per day and every dimension. */
export async function visitSums(db: Kysely<Tables>, range: DayRange): Promise<VisitSum[]> {
  const day = sql<string>`substr(hour, 1, 10)`;
  let query = db
    .selectFrom('insight_visits')
    .select([
      day.as('day'),
      'surface',
      'item',
      'family',
      'kind',
      'verified',
      'status_class',
      sql<string>`sum(count)`.as('requests'),
    ])
    .where('hour', '>=', range.from)
    .where('hour', '<', nextDay(range.to))
    .groupBy([day, 'surface', 'item', 'family', 'kind', 'verified', 'status_class']);
  if (range.family !== undefined) query = query.where('family', '=', range.family);
  if (range.site !== undefined) query = query.where('site', '=', range.site);
  const rows = await query.execute();
  return rows.map((r) => ({
    day: r.day,
    surface: r.surface,
    item: r.item,
    family: r.family,
    kind: r.kind,
    verified: Number(r.verified) === 1,
    statusClass: r.status_class,
    requests: Number(r.requests),
  }));
}

/** Searches and asks summed per source and query text, most asked first. */
export async function askSums(db: Kysely<Tables>, range: DayRange): Promise<AskSum[]> {
  let query = db
    .selectFrom('insight_asks')
    .select([
      'source',
      'query',
      sql<string>`sum(asks)`.as('asks'),
      sql<string>`sum(no_result)`.as('no_result'),
      sql<string>`sum(results)`.as('results'),
      sql<string>`sum(out_of_fit)`.as('out_of_fit'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['source', 'query']);
  if (range.family !== undefined) query = query.where('family', '=', range.family);
  if (range.site !== undefined) query = query.where('site', '=', range.site);
  const rows = await query.execute();
  return rows
    .map((r) => ({
      source: r.source,
      query: r.query,
      asks: Number(r.asks),
      noResult: Number(r.no_result),
      results: Number(r.results),
      outOfFit: Number(r.out_of_fit),
    }))
    .sort((a, b) => b.asks - a.asks || (a.query < b.query ? -1 : 1));
}

/** Accepted enquiries summed per channel and caller family. */
export async function enquirySums(db: Kysely<Tables>, range: DayRange): Promise<EnquirySum[]> {
  let query = db
    .selectFrom('insight_enquiries')
    .select(['channel', 'family', sql<string>`sum(count)`.as('enquiries')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['channel', 'family']);
  if (range.family !== undefined) query = query.where('family', '=', range.family);
  if (range.site !== undefined) query = query.where('site', '=', range.site);
  const rows = await query.execute();
  return rows.map((r) => ({ channel: r.channel, family: r.family, enquiries: Number(r.enquiries) }));
}

/** Every caller family seen in the range, for the dashboard's family pages. */
export async function knownFamilies(db: Kysely<Tables>, range: DayRange): Promise<string[]> {
  const rows = await db
    .selectFrom('insight_visits')
    .select('family')
    .distinct()
    .where('hour', '>=', range.from)
    .where('hour', '<', nextDay(range.to))
    .$if(range.site !== undefined, (qb) => qb.where('site', '=', range.site!))
    .orderBy('family')
    .execute();
  return rows.map((r) => r.family);
}
