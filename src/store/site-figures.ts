// What the dashboard shows of each site of SITES_DIR: for a page of the index, every site's requests,
// enquiries and delivery states in one grouped query per table (never one query per site); for one
// site's page, its deliveries by target and state. Counts come back as numbers on both back-ends
// (PostgreSQL returns count() and sum() as text).
import { sql, type Kysely } from 'kysely';
import { type DayRange, nextDay } from './analytics-queries.ts';
import type { Tables } from './schema.ts';

/** One site's line of the index. */
export interface SiteFigures {
  /** Requests recorded by agent insight in the range. */
  requests: number;
  /** Enquiries received in the range. */
  enquiries: number;
  /** When its last enquiry was received (ISO), whatever the range; undefined when it has none. */
  lastEnquiryAt?: string;
  /** Deliveries now queued, given up (dead) and sent, whatever the range. */
  pending: number;
  failed: number;
  delivered: number;
}

const noFigures = (): SiteFigures => ({ requests: 0, enquiries: 0, pending: 0, failed: 0, delivered: 0 });

/** The figures of each site in `sites` (keys), every one present (zeros when it has no rows). */
export async function siteFigures(
  db: Kysely<Tables>,
  sites: readonly string[],
  range: DayRange,
): Promise<Map<string, SiteFigures>> {
  const figures = new Map(sites.map((site) => [site, noFigures()]));
  if (sites.length === 0) return figures;
  const keys = [...sites];
  const end = nextDay(range.to);
  const [visits, enquiries, deliveries] = await Promise.all([
    db
      .selectFrom('insight_visits')
      .select(['site', sql<string>`sum(count)`.as('requests')])
      .where('site', 'in', keys)
      .where('hour', '>=', range.from)
      .where('hour', '<', end)
      .groupBy('site')
      .execute(),
    db
      .selectFrom('enquiries')
      .select([
        'site',
        sql<string>`sum(case when received_at >= ${range.from} and received_at < ${end} then 1 else 0 end)`.as(
          'in_range',
        ),
        sql<string>`max(received_at)`.as('last_at'),
      ])
      .where('site', 'in', keys)
      .groupBy('site')
      .execute(),
    db
      .selectFrom('deliveries')
      .select(['site', 'state', sql<string>`count(*)`.as('n')])
      .where('site', 'in', keys)
      .groupBy(['site', 'state'])
      .execute(),
  ]);
  for (const row of visits) figures.get(row.site)!.requests = Number(row.requests);
  for (const row of enquiries) {
    const site = figures.get(row.site)!;
    site.enquiries = Number(row.in_range);
    site.lastEnquiryAt = row.last_at;
  }
  for (const row of deliveries) {
    const site = figures.get(row.site)!;
    if (row.state === 'pending') site.pending += Number(row.n);
    else if (row.state === 'dead') site.failed += Number(row.n);
    else if (row.state === 'delivered') site.delivered += Number(row.n);
  }
  return figures;
}

/** One site's deliveries counted per target and state. */
export interface TargetStates {
  target: string;
  pending: number;
  failed: number;
  delivered: number;
}

/** The deliveries of `site` per target (webhook, hubspot, email), in target order. */
export async function deliveryStatesOf(db: Kysely<Tables>, site: string): Promise<TargetStates[]> {
  const rows = await db
    .selectFrom('deliveries')
    .select(['target', 'state', sql<string>`count(*)`.as('n')])
    .where('site', '=', site)
    .groupBy(['target', 'state'])
    .orderBy('target')
    .execute();
  const byTarget = new Map<string, TargetStates>();
  for (const row of rows) {
    let target = byTarget.get(row.target);
    if (!target) byTarget.set(row.target, (target = { target: row.target, pending: 0, failed: 0, delivered: 0 }));
    if (row.state === 'pending') target.pending += Number(row.n);
    else if (row.state === 'dead') target.failed += Number(row.n);
    else if (row.state === 'delivered') target.delivered += Number(row.n);
  }
  return [...byTarget.values()];
}
