// Every capability's public name under the site's tool prefix, known before the capabilities are
// built: descriptions name each other ("get slugs from service_get_site_index"). The keys are the
// catalogue's own (catalog.ts fills CapabilityKeys in), so a capability added there needs no edit here.
import type { SiteConfig } from '../domain/content/types.ts';

/** One member per key of the catalogue, which declares them (catalog.ts); nothing is listed here. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the catalogue's declaration merging
export interface CapabilityKeys {}

export type CapabilityKey = keyof CapabilityKeys;

export type CapabilityNames = Readonly<Record<CapabilityKey, string>>;

/** What a name is made of. */
export type NamingSite = Pick<SiteConfig, 'brandName' | 'toolPrefix'>;

/** A capability's name unless the catalogue gives it another: its key in snake case under the tool prefix ("getPage" → "service_get_page"). */
export function prefixedName(site: NamingSite, key: string): string {
  return `${site.toolPrefix}_${key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
}
