// Agent insight's counts between two writes: plain maps keyed by the joined dimensions, swapped out
// whole by each write (`drain`), so recording a request is one map update and no allocation beyond
// the key. Distinct queries are bounded per day, so a caller sending endless new text cannot grow
// the tables: past the bound, new queries are counted under one marker. One tally counts one site's
// requests (sites.ts keeps one per site), and every row it drains names that site.
import {
  dayOf,
  hourOf,
  type Ask,
  type CallerDims,
  type EnquiryEvent,
  type StatusClass,
  type Visit,
} from './dimensions.ts';
import type { AskRow, Drained, VisitRow } from '../../store/analytics-rows.ts';
import { storableText } from '../../store/storable-text.ts';
import type { QueryReading } from './query-text.ts';

/** Distinct query texts kept per day, instance and site. */
export const maxQueriesPerDay = 5_000;
export const overflowQuery = '(other queries: daily limit reached)';

const sep = '\u0001';
const statusClasses: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];
type VisitCells = Map<string, Map<string, Map<string, Map<CallerDims, number[]>>>>;

function statusIndex(status: number): number {
  return status >= 500 ? 3 : status >= 400 ? 2 : status >= 300 ? 1 : 0;
}
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const maxFamilyLength = 40;

export class Tally {
  /** The key of the site whose requests this tally counts. */
  readonly site: string;
  #visits: VisitCells = new Map();
  #visitCount = 0;
  #asks = new Map<string, AskRow>();
  #enquiries = new Map<string, number>();
  #queryDay = '';
  // Formatting the hour is most of a visit's cost, and the day a good part of an ask's; each
  // changes once a period.
  readonly #hour = periodLabel(hourMs, hourOf);
  readonly #day = periodLabel(dayMs, dayOf);
  readonly #queriesToday = new Set<string>();

  constructor(site = '') {
    this.site = site;
  }

  addVisit(visit: Visit, at = Date.now()): void {
    this.#cell(this.#hour(at), visit.surface, visit.item, visit.caller)[statusIndex(visit.status)]! += 1;
    this.#visitCount += 1;
  }

  /** `reading` is the ask's query as insight keeps it (query-text.ts) and whether it is out of fit. */
  addAsk(ask: Ask, reading: QueryReading, at = Date.now()): void {
    const day = this.#day(at);
    const query = this.#keptQuery(reading.query, day);
    const { outOfFit } = reading;
    const key = [day, ask.source, query, family(ask.caller)].join(sep);
    let row = this.#asks.get(key);
    if (!row) {
      row = {
        site: this.site,
        day,
        source: ask.source,
        query,
        family: family(ask.caller),
        asks: 0,
        noResult: 0,
        results: 0,
        outOfFit: 0,
      };
      this.#asks.set(key, row);
    }
    row.asks += 1;
    row.results += ask.results;
    if (ask.results === 0) row.noResult += 1;
    if (outOfFit) row.outOfFit += 1;
  }

  addEnquiry(event: EnquiryEvent, at = Date.now()): void {
    const key = [this.#day(at), event.channel, family(event.caller), event.caller.kind].join(sep);
    this.#enquiries.set(key, (this.#enquiries.get(key) ?? 0) + 1);
  }

  /** Everything counted since the last drain, as rows; the tally starts again from zero. */
  drain(): Drained {
    const visits = this.#visits;
    const asks = this.#asks;
    const enquiries = this.#enquiries;
    this.#visits = new Map();
    this.#visitCount = 0;
    this.#asks = new Map();
    this.#enquiries = new Map();
    // Callers with the same dimensions (distinct objects) add into one row.
    const rows = new Map<string, VisitRow>();
    for (const [hour, bySurface] of visits) {
      for (const [surface, byItem] of bySurface) {
        for (const [item, byCaller] of byItem) {
          for (const [caller, counts] of byCaller) {
            counts.forEach((count, index) => {
              if (count === 0) return;
              const row: VisitRow = {
                site: this.site,
                hour,
                surface,
                item,
                family: family(caller),
                kind: caller.kind,
                verified: caller.verified ? 1 : 0,
                statusClass: statusClasses[index]!,
                count,
              };
              const key = [hour, surface, item, row.family, row.kind, row.verified, row.statusClass].join(sep);
              const same = rows.get(key);
              if (same) same.count += count;
              else rows.set(key, row);
            });
          }
        }
      }
    }
    return {
      visits: [...rows.values()],
      asks: [...asks.values()],
      enquiries: [...enquiries].map(([key, count]) => {
        const [day, channel, fam, kind] = key.split(sep) as string[];
        return { site: this.site, day: day!, channel: channel!, family: fam!, kind: kind!, count };
      }),
    };
  }

  /** Puts rows back after a failed write, so the next write carries them. */
  restore(rows: Drained): void {
    for (const r of rows.visits) {
      const caller: CallerDims = { family: r.family, kind: r.kind as CallerDims['kind'], verified: r.verified === 1 };
      this.#cell(r.hour, r.surface, r.item, caller)[statusClasses.indexOf(r.statusClass as StatusClass)]! += r.count;
      this.#visitCount += 1;
    }
    for (const r of rows.asks) {
      const key = [r.day, r.source, r.query, r.family].join(sep);
      const row = this.#asks.get(key);
      if (!row) this.#asks.set(key, { ...r });
      else
        Object.assign(row, {
          asks: row.asks + r.asks,
          noResult: row.noResult + r.noResult,
          results: row.results + r.results,
          outOfFit: row.outOfFit + r.outOfFit,
        });
    }
    for (const r of rows.enquiries) {
      const key = [r.day, r.channel, r.family, r.kind].join(sep);
      this.#enquiries.set(key, (this.#enquiries.get(key) ?? 0) + r.count);
    }
  }

  get pending(): number {
    return this.#visitCount + this.#asks.size + this.#enquiries.size;
  }

  // Nested maps keyed by the values themselves (the caller by object identity: recognition hands
  // out shared objects), so counting a visit builds no key string; rows are made when drained.
  #cell(hour: string, surface: string, item: string, caller: CallerDims): number[] {
    let bySurface = this.#visits.get(hour);
    if (!bySurface) this.#visits.set(hour, (bySurface = new Map()));
    let byItem = bySurface.get(surface);
    if (!byItem) bySurface.set(surface, (byItem = new Map()));
    let byCaller = byItem.get(item);
    if (!byCaller) byItem.set(item, (byCaller = new Map()));
    let counts = byCaller.get(caller);
    if (!counts) byCaller.set(caller, (counts = [0, 0, 0, 0]));
    return counts;
  }

  #keptQuery(query: string, day: string): string {
    if (day !== this.#queryDay) {
      this.#queryDay = day;
      this.#queriesToday.clear();
    }
    if (this.#queriesToday.has(query)) return query;
    if (this.#queriesToday.size >= maxQueriesPerDay) return overflowQuery;
    this.#queriesToday.add(query);
    return query;
  }
}

/** The label of the period (of `ms`, from the epoch, so UTC) holding a time, formatted once a period. */
function periodLabel(ms: number, format: (at: Date) => string): (at: number) => string {
  let start = Number.NEGATIVE_INFINITY;
  let text = '';
  return (at) => {
    if (at < start || at >= start + ms) {
      start = at - (at % ms);
      text = format(new Date(at));
    }
    return text;
  };
}

function family(caller: CallerDims): string {
  return storableText(caller.family.slice(0, maxFamilyLength)) || 'Other';
}
