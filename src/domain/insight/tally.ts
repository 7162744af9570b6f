// Agent insight's asks and enquiries between two writes: plain maps keyed by the joined dimensions,
// swapped out whole by each write (`drain`), so recording one is one map update and no allocation
// beyond the key. Distinct queries are bounded per day, so a caller sending endless new text cannot
// grow the tables: past the bound, new queries are counted under one marker. One tally counts one
// site's (site-tallies.ts keeps one per site), and every row it drains names that site. Visits,
// counted on every request, are every site's in one tally (visit-tally.ts).
import { dayOf, type Ask, type EnquiryEvent } from './dimensions.ts';
import type { AskRow, Drained } from '../../store/analytics-rows.ts';
import type { QueryReading } from './query-text.ts';
import { callerFamily as family, periodLabel } from './periods.ts';

/** Distinct query texts kept per day, instance and site. */
export const maxQueriesPerDay = 5_000;
export const overflowQuery = '(other queries: daily limit reached)';

const sep = '\u0001';
const dayMs = 24 * 3_600_000;

/** What a tally drains: its asks and enquiries (visits are drained by the visit tally). */
export type DrainedRequests = Omit<Drained, 'visits'>;

export class Tally {
  /** The key of the site whose requests this tally counts. */
  readonly site: string;
  #asks = new Map<string, AskRow>();
  #enquiries = new Map<string, number>();
  #queryDay = '';
  // Formatting the day is a good part of an ask's cost; it changes once a day.
  readonly #day = periodLabel(dayMs, dayOf);
  readonly #queriesToday = new Set<string>();

  constructor(site = '') {
    this.site = site;
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

  /** Every ask and enquiry counted since the last drain, as rows; the tally starts again from zero. */
  drain(): DrainedRequests {
    const asks = this.#asks;
    const enquiries = this.#enquiries;
    this.#asks = new Map();
    this.#enquiries = new Map();
    return {
      asks: [...asks.values()],
      enquiries: [...enquiries].map(([key, count]) => {
        const [day, channel, fam, kind] = key.split(sep) as string[];
        return { site: this.site, day: day!, channel: channel!, family: fam!, kind: kind!, count };
      }),
    };
  }

  /** Puts rows back after a failed write, so the next write carries them. */
  restore(rows: DrainedRequests): void {
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
    return this.#asks.size + this.#enquiries.size;
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
