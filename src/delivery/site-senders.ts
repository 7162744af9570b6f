// The senders of each site's delivery targets, built when a site's first delivery is sent and built
// again when its targets change (its site.yaml edited). Senders replaced by a change keep their
// pooled connections until the worker stops, so a send under way is never cut off.
import type { DeliveryTargetsOf } from './site-targets.ts';
import type { Senders } from './senders/sender.ts';
import { buildSenders, closeSenders } from './senders/senders.ts';
import type { DeliveryTarget } from './targets.ts';

const everyTarget: DeliveryTarget[] = ['webhook', 'hubspot', 'email'];

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

  /** The targets this worker claims deliveries for: those it can send for `site`, or every kind with many sites. */
  claimable(manySites: boolean, site: string): string[] {
    if (this.#fixed) return Object.keys(this.#fixed);
    return manySites ? everyTarget : Object.keys(this.of(site) ?? {});
  }

  close(): void {
    for (const { senders } of this.#bySite.values()) closeSenders(senders);
    for (const senders of this.#retired) closeSenders(senders);
    this.#bySite.clear();
  }
}
