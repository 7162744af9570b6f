// The senders of each site's delivery targets, built when a site's first delivery is sent and built
// again when its targets change (its site.yaml edited). Senders replaced by a change keep their
// pooled connections until the worker stops, so a send under way is never cut off.
import type { SiteRegistry } from '../domain/sites/registry.ts';
import { singleSiteKey } from '../domain/sites/site-scope.ts';
import type { DeliveryTargetsOf } from './site-targets.ts';
import type { Senders } from './senders/sender.ts';
import { buildSenders, closeSenders } from './senders/senders.ts';
import { configuredTargets, type DeliveryTarget } from './targets.ts';

export class SiteSenders {
  readonly #bySite = new Map<string, { fingerprint: string; senders: Senders }>();
  readonly #retired: Senders[] = [];
  readonly #targetsOf: DeliveryTargetsOf;
  readonly #sendTimeoutMs: number;
  readonly #fixed: Senders | undefined;

  /** `fixed`: the same senders for every site (tests of the worker loop itself). */
  constructor(targetsOf: DeliveryTargetsOf, sendTimeoutMs: number, fixed?: Senders) {
    this.#targetsOf = targetsOf;
    this.#sendTimeoutMs = sendTimeoutMs;
    this.#fixed = fixed;
  }

  /** The senders of the site whose key is given; undefined when that site is not served. */
  of(site: string): Senders | undefined {
    if (this.#fixed) return this.#fixed;
    const targets = this.#targetsOf(site);
    if (!targets) return undefined;
    const fingerprint = JSON.stringify(targets);
    const held = this.#bySite.get(site);
    if (held?.fingerprint === fingerprint) return held.senders;
    if (held) this.#retired.push(held.senders);
    const senders = buildSenders(targets, this.#sendTimeoutMs);
    this.#bySite.set(site, { fingerprint, senders });
    return senders;
  }

  /**
   * The targets this worker claims deliveries for: the kinds some served site can send through now.
   * A delivery of another kind waits unclaimed until a site has that kind again; with none at all, a
   * poll runs no query (as for one site without targets).
   */
  claimable(sites: SiteRegistry | undefined): DeliveryTarget[] {
    if (this.#fixed) return Object.keys(this.#fixed) as DeliveryTarget[];
    const keys = sites ? sites.sites().map((site) => site.key) : [singleSiteKey];
    const kinds = new Set<DeliveryTarget>();
    for (const key of keys) {
      const targets = this.#targetsOf(key);
      if (targets) for (const kind of configuredTargets(targets)) kinds.add(kind);
    }
    return [...kinds];
  }

  close(): void {
    for (const { senders } of this.#bySite.values()) closeSenders(senders);
    for (const senders of this.#retired) closeSenders(senders);
    this.#bySite.clear();
  }
}
