// The agent-insight figures, computed once from the stored aggregates for a day range (and
// optionally one caller family): the dashboard pages and `agentsite report` both render this.
import type { Kysely } from 'kysely';
import {
  askSums,
  enquirySums,
  visitSums,
  type AskSum,
  type DayRange,
  type EnquirySum,
  type VisitSum,
} from '../../store/analytics-queries.ts';
import type { Tables } from '../../store/schema.ts';

/** Callers grouped for the traffic-over-time view. */
export type TrafficGroup = 'agents' | 'people' | 'other';

export interface Totals {
  requests: number;
  agents: number;
  people: number;
  other: number;
  verifiedAgents: number;
  declaredAgents: number;
  asks: number;
  noResultAsks: number;
  outOfFitAsks: number;
  enquiries: number;
}

export interface InsightReport {
  range: DayRange;
  totals: Totals;
  /** Requests per day and group, every day of the range present (zeros included). */
  trafficByDay: { day: string; group: TrafficGroup; requests: number }[];
  families: { family: string; requests: number; verified: number; declared: number; people: number; other: number }[];
  surfaces: { surface: string; requests: number }[];
  items: { surface: string; item: string; requests: number; errors: number }[];
  enquiries: EnquirySum[];
  queries: AskSum[];
  /** Asks that found nothing at least once: content the site lacks. */
  gaps: AskSum[];
  outOfFit: AskSum[];
}

/** Rows each list keeps at most (families, items, queries). */
export const listLimit = 25;

export async function buildReport(db: Kysely<Tables>, range: DayRange): Promise<InsightReport> {
  const [visits, asks, enquiries] = await Promise.all([
    visitSums(db, range),
    askSums(db, range),
    enquirySums(db, range),
  ]);
  return {
    range,
    totals: totalsOf(visits, asks, enquiries),
    trafficByDay: trafficByDay(visits, range),
    families: families(visits),
    surfaces: sumBy(visits, (v) => v.surface).map(([surface, requests]) => ({ surface, requests })),
    items: items(visits),
    enquiries: [...enquiries].sort((a, b) => b.enquiries - a.enquiries || a.channel.localeCompare(b.channel)),
    queries: asks.slice(0, listLimit),
    gaps: asks
      .filter((a) => a.noResult > 0)
      .sort((a, b) => b.noResult - a.noResult)
      .slice(0, listLimit),
    outOfFit: asks
      .filter((a) => a.outOfFit > 0)
      .sort((a, b) => b.outOfFit - a.outOfFit)
      .slice(0, listLimit),
  };
}

export function groupOf(kind: string): TrafficGroup {
  if (kind === 'verified-agent' || kind === 'declared-agent') return 'agents';
  return kind === 'browser' ? 'people' : 'other';
}

function totalsOf(visits: VisitSum[], asks: AskSum[], enquiries: EnquirySum[]): Totals {
  const t: Totals = {
    requests: 0,
    agents: 0,
    people: 0,
    other: 0,
    verifiedAgents: 0,
    declaredAgents: 0,
    asks: 0,
    noResultAsks: 0,
    outOfFitAsks: 0,
    enquiries: 0,
  };
  for (const v of visits) {
    t.requests += v.requests;
    t[groupOf(v.kind)] += v.requests;
    if (v.kind === 'verified-agent') t.verifiedAgents += v.requests;
    if (v.kind === 'declared-agent') t.declaredAgents += v.requests;
  }
  for (const a of asks) {
    t.asks += a.asks;
    t.noResultAsks += a.noResult;
    t.outOfFitAsks += a.outOfFit;
  }
  for (const e of enquiries) t.enquiries += e.enquiries;
  return t;
}

function trafficByDay(visits: VisitSum[], range: DayRange): InsightReport['trafficByDay'] {
  const sums = new Map<string, number>();
  for (const v of visits) {
    const key = `${v.day}|${groupOf(v.kind)}`;
    sums.set(key, (sums.get(key) ?? 0) + v.requests);
  }
  const rows: InsightReport['trafficByDay'] = [];
  for (let day = range.from; day <= range.to; day = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10)) {
    for (const group of ['agents', 'people', 'other'] as const)
      rows.push({ day, group, requests: sums.get(`${day}|${group}`) ?? 0 });
  }
  return rows;
}

function families(visits: VisitSum[]): InsightReport['families'] {
  const byFamily = new Map<string, InsightReport['families'][number]>();
  for (const v of visits) {
    const row = byFamily.get(v.family) ?? {
      family: v.family,
      requests: 0,
      verified: 0,
      declared: 0,
      people: 0,
      other: 0,
    };
    row.requests += v.requests;
    if (v.kind === 'verified-agent') row.verified += v.requests;
    else if (v.kind === 'declared-agent') row.declared += v.requests;
    else if (v.kind === 'browser') row.people += v.requests;
    else row.other += v.requests;
    byFamily.set(v.family, row);
  }
  return [...byFamily.values()]
    .sort((a, b) => b.requests - a.requests || a.family.localeCompare(b.family))
    .slice(0, listLimit);
}

function items(visits: VisitSum[]): InsightReport['items'] {
  const byItem = new Map<string, InsightReport['items'][number]>();
  for (const v of visits) {
    const key = `${v.surface}|${v.item}`;
    const row = byItem.get(key) ?? { surface: v.surface, item: v.item, requests: 0, errors: 0 };
    row.requests += v.requests;
    if (v.statusClass === '4xx' || v.statusClass === '5xx') row.errors += v.requests;
    byItem.set(key, row);
  }
  return [...byItem.values()]
    .sort((a, b) => b.requests - a.requests || a.item.localeCompare(b.item))
    .slice(0, listLimit);
}

function sumBy(visits: VisitSum[], key: (v: VisitSum) => string): [string, number][] {
  const sums = new Map<string, number>();
  for (const v of visits) sums.set(key(v), (sums.get(key(v)) ?? 0) + v.requests);
  return [...sums].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
