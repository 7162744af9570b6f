// Agent insight's counts kept apart per site: every drained row names the site whose requests it
// counts. Asks and enquiries have one tally per site key, so one site's distinct-query bound is not
// spent by another; visits, counted on every request, are every site's in one tally keyed by site.
import type { Drained } from '../../store/analytics-rows.ts';
import type { Visit } from './dimensions.ts';
import { Tally, type DrainedRequests } from './tally.ts';
import { VisitTally } from './visit-tally.ts';

export class SiteTallies {
  readonly #tallies = new Map<string, Tally>();
  readonly #visits = new VisitTally();

  /** Counts a visit to the site named `site`. */
  addVisit(site: string, visit: Visit, at?: number): void {
    this.#visits.add(site, visit, at);
  }

  /** The tally of the site named `site`, made on its first request. */
  of(site: string): Tally {
    let tally = this.#tallies.get(site);
    if (!tally) this.#tallies.set(site, (tally = new Tally(site)));
    return tally;
  }

  get pending(): number {
    let sum = this.#visits.pending;
    for (const tally of this.#tallies.values()) sum += tally.pending;
    return sum;
  }

  /** Every site's counts since the last drain, as rows. */
  drain(): Drained {
    const all: Drained = { visits: this.#visits.drain(), asks: [], enquiries: [] };
    for (const tally of this.#tallies.values()) {
      if (tally.pending === 0) continue;
      const rows = tally.drain();
      all.asks.push(...rows.asks);
      all.enquiries.push(...rows.enquiries);
    }
    return all;
  }

  /** Puts rows back after a failed write, each ask and enquiry into the tally of the site it names. */
  restore(rows: Drained): void {
    this.#visits.restore(rows.visits);
    const bySite = new Map<string, DrainedRequests>();
    const group = (site: string): DrainedRequests => {
      let drained = bySite.get(site);
      if (!drained) bySite.set(site, (drained = { asks: [], enquiries: [] }));
      return drained;
    };
    for (const row of rows.asks) group(row.site).asks.push(row);
    for (const row of rows.enquiries) group(row.site).enquiries.push(row);
    for (const [site, drained] of bySite) this.of(site).restore(drained);
  }
}
