// Agent insight's visit counts between two writes, for every site at once. The site is the innermost
// key: the hour, surface, item and caller levels are shared by every site that had such a visit, so
// counting one reads few objects of the site's own. Spread over a thousand sites, a tally per site
// read a dozen objects out of the processor's caches on every request (docs/benchmarks.md, many sites
// in one process); here it is the last map's entry and its counts.
import type { VisitRow } from '../../store/analytics-rows.ts';
import { hourOf, type CallerDims, type StatusClass, type Visit } from './dimensions.ts';
import { callerFamily, periodLabel } from './periods.ts';

const sep = '\u0001';
const statusClasses: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];
const hourMs = 3_600_000;
type Counts = [number, number, number, number];
type VisitCells = Map<string, Map<string, Map<string, Map<CallerDims, Map<string, Counts>>>>>;

function statusIndex(status: number): number {
  return status >= 500 ? 3 : status >= 400 ? 2 : status >= 300 ? 1 : 0;
}

/** Nested maps with a level made on first use: `child(map, key)` is the map under `key`. */
function child<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

export class VisitTally {
  #cells: VisitCells = new Map();
  #count = 0;
  // Formatting the hour is most of a visit's cost; it changes once an hour.
  readonly #hour = periodLabel(hourMs, hourOf);

  /** Counts one visit to the site keyed `site` (the single site's key is ''). */
  add(site: string, visit: Visit, at = Date.now()): void {
    this.#cell(this.#hour(at), visit.surface, visit.item, visit.caller, site)[statusIndex(visit.status)]! += 1;
    this.#count += 1;
  }

  get pending(): number {
    return this.#count;
  }

  /** Every visit counted since the last drain, as rows (callers with the same dimensions in one row). */
  drain(): VisitRow[] {
    const cells = this.#cells;
    this.#cells = new Map();
    this.#count = 0;
    const rows = new Map<string, VisitRow>();
    for (const [hour, bySurface] of cells)
      for (const [surface, byItem] of bySurface)
        for (const [item, byCaller] of byItem)
          for (const [caller, bySite] of byCaller)
            for (const [site, counts] of bySite)
              counts.forEach((count, index) => {
                if (count === 0) return;
                const row: VisitRow = {
                  site,
                  hour,
                  surface,
                  item,
                  family: callerFamily(caller),
                  kind: caller.kind,
                  verified: caller.verified ? 1 : 0,
                  statusClass: statusClasses[index]!,
                  count,
                };
                const key = [site, hour, surface, item, row.family, row.kind, row.verified, row.statusClass].join(sep);
                const same = rows.get(key);
                if (same) same.count += count;
                else rows.set(key, row);
              });
    return [...rows.values()];
  }

  /** Puts rows back after a failed write, so the next write carries them. */
  restore(rows: readonly VisitRow[]): void {
    for (const r of rows) {
      const caller: CallerDims = { family: r.family, kind: r.kind as CallerDims['kind'], verified: r.verified === 1 };
      this.#cell(r.hour, r.surface, r.item, caller, r.site)[statusClasses.indexOf(r.statusClass as StatusClass)]! +=
        r.count;
      this.#count += 1;
    }
  }

  // Keyed by the values themselves (the caller by object identity: recognition hands out shared
  // objects), so counting a visit builds no key string; rows are made when drained.
  #cell(hour: string, surface: string, item: string, caller: CallerDims, site: string): Counts {
    const byCaller = child(
      child(
        child(this.#cells, hour, () => new Map()),
        surface,
        () => new Map(),
      ),
      item,
      () => new Map(),
    );
    return child(
      child(byCaller, caller, () => new Map<string, Counts>()),
      site,
      (): Counts => [0, 0, 0, 0],
    );
  }
}
