// Agent insight's counts kept apart per site: one tally per site key, so every drained row names
// the site whose requests it counts and one site's distinct-query bound is not spent by another.
import type { Drained } from '../../store/analytics-rows.ts';
import { Tally } from './tally.ts';

export class SiteTallies {
  readonly #tallies = new Map<string, Tally>();

  /** The tally of the site named `site`, made on its first request. */
  of(site: string): Tally {
    let tally = this.#tallies.get(site);
    if (!tally) this.#tallies.set(site, (tally = new Tally(site)));
    return tally;
  }

  get pending(): number {
    let sum = 0;
    for (const tally of this.#tallies.values()) sum += tally.pending;
    return sum;
  }

  /** Every site's counts since the last drain, as rows. */
  drain(): Drained {
    const all: Drained = { visits: [], asks: [], enquiries: [] };
    for (const tally of this.#tallies.values()) {
      if (tally.pending === 0) continue;
      const rows = tally.drain();
      all.visits.push(...rows.visits);
      all.asks.push(...rows.asks);
      all.enquiries.push(...rows.enquiries);
    }
    return all;
  }

  /** Puts rows back after a failed write, each into the tally of the site it names. */
  restore(rows: Drained): void {
    const bySite = new Map<string, Drained>();
    const group = (site: string): Drained => {
      let drained = bySite.get(site);
      if (!drained) bySite.set(site, (drained = { visits: [], asks: [], enquiries: [] }));
      return drained;
    };
    for (const row of rows.visits) group(row.site).visits.push(row);
    for (const row of rows.asks) group(row.site).asks.push(row);
    for (const row of rows.enquiries) group(row.site).enquiries.push(row);
    for (const [site, drained] of bySite) this.of(site).restore(drained);
  }
}
