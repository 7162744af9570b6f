// The self-audit of a site's own address, made once per served site with SITES_DIR, each when its
// site first asks, inside that site's scope. It outlives its site's unloading (a report is small; a
// new audit would take its time again), and goes with the site's removal or a change of its site.yaml
// (its addresses), after which the next view audits it again. The language its findings are written
// in is read as each audit starts, as for the single site.
import type { SelfAudit } from '../../audit/self-audit.ts';
import { perServedSite } from './per-served-site.ts';
import type { LiveSites } from './registry.ts';

/** `make()` itself for one site; with many sites, one made per site as each first reads it. */
export function perSite(sites: LiveSites | undefined, make: () => SelfAudit): SelfAudit {
  if (!sites) return make();
  const audits = perServedSite(
    sites,
    () => make(),
    async (audit) => audit.close(),
    { keptWhileUnloaded: true },
  );
  return {
    latest: () => audits.current().latest(),
    settled: async () => {
      await Promise.all(audits.values().map((audit) => audit.settled()));
    },
    close: () => void audits.close(),
  };
}
