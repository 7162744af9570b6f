// A service that holds one site's state (the self-audit of its own address), made once per site with
// SITES_DIR: each made when its site first asks, inside that site's scope.
import type { SelfAudit } from '../../audit/self-audit.ts';
import { currentSiteKey } from '../../domain/sites/site-scope.ts';
import type { LiveSites } from './registry.ts';

/** `make()` itself for one site; with many sites, one made per site as each first reads it. */
export function perSite(sites: LiveSites | undefined, make: () => SelfAudit): SelfAudit {
  if (!sites) return make();
  const bySite = new Map<string, SelfAudit>();
  const ofSite = (): SelfAudit => {
    const key = currentSiteKey();
    let made = bySite.get(key);
    if (!made) bySite.set(key, (made = make()));
    return made;
  };
  return {
    latest: () => ofSite().latest(),
    settled: async () => {
      await Promise.all([...bySite.values()].map((made) => made.settled()));
    },
    close: () => {
      for (const made of bySite.values()) made.close();
    },
  };
}
