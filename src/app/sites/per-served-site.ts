// A value kept for each served site (SITES_DIR), made on the site's first use inside its scope, and
// closed once the site's settings change (the registry then serves a new ServedSite for it) or the
// site is no longer served; by default also when its content goes (unloaded for the bounds, or let go
// when the last request holding it ends): its next request makes it again. memoBy (site-memo.ts)
// keys a value by a setting; this one also lets go.
import type { ServedSite } from '../../domain/sites/registry.ts';
import { currentSiteKey } from '../../domain/sites/site-scope.ts';
import type { LiveSites } from './registry.ts';
import { currentServedSite } from './site-record.ts';

export interface PerServedSite<T> {
  /** The current site's value, made now if it has none (or one made for its former settings). */
  current(): T;
  /** Every value kept now. */
  values(): T[];
  /** Closes every value kept, and stops following the sites. */
  close(): Promise<void>;
}

/**
 * `close` is called in the background when a value is replaced or its site goes: it must not reject.
 * `keptWhileUnloaded` keeps a value through its site's unloading, for a value that is costly to make
 * again and small to keep (one per served site at most).
 */
export function perServedSite<T>(
  sites: LiveSites,
  make: (site: ServedSite) => T,
  close: (value: T) => Promise<void>,
  { keptWhileUnloaded = false } = {},
): PerServedSite<T> {
  const made = new Map<string, { site: ServedSite; value: T }>();
  const drop = (key: string): Promise<void> => {
    const entry = made.get(key);
    if (!entry) return Promise.resolve();
    made.delete(key);
    return close(entry.value);
  };
  const unsubscribeChange = sites.onChange((list) => {
    const served = new Set(list);
    for (const [key, entry] of made) if (!served.has(entry.site)) void drop(key);
  });
  const unsubscribeRelease = keptWhileUnloaded ? () => {} : sites.onRelease((key) => void drop(key));
  return {
    current() {
      const site = currentServedSite(sites);
      if (!site) {
        throw new Error(`a value of site "${currentSiteKey()}" was asked for outside the work of a served site`);
      }
      const key = site.key;
      const entry = made.get(key);
      if (entry?.site === site) return entry.value;
      if (entry) void drop(key);
      const value = make(site);
      made.set(key, { site, value });
      return value;
    },
    values: () => [...made.values()].map((entry) => entry.value),
    async close() {
      unsubscribeChange();
      unsubscribeRelease();
      await Promise.all([...made.keys()].map(drop));
    },
  };
}
