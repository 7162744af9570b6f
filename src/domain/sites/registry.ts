// The sites one deployment serves (SITES_DIR), as every layer reads them: which site a host names,
// every site's public addresses, and a signal when the set changes. The registry itself (scanning the
// folder, loading each site's content) lives in the composition root (src/app/sites/).
import type { SiteDelivery } from './site-delivery.ts';

/** One site of SITES_DIR, as its site.yaml describes where it is served. */
export interface ServedSite {
  /** The site's key: its folder's name in SITES_DIR (the single site's key is ''). */
  key: string;
  /** The host names it answers for, lower case, without port (the first is its main one). */
  hosts: readonly string[];
  /** Public base address used in every document and link, without a trailing slash. */
  baseUrl: string;
  /** Public MCP endpoint address. */
  mcpUrl: string;
  /** Front mode: the origin this site stands in front of. */
  origin?: string;
  /** The site's content folder. */
  dir: string;
  /** site.yaml `delivery` (its own delivery targets, `env:` values read), when it has one. */
  delivery?: SiteDelivery;
}

export interface SiteRegistry {
  /** The site that answers for `host` (a Host header: case and port are ignored), if any. */
  siteOfHost(host: string | undefined): ServedSite | undefined;
  /** The site whose key is `key`, if it is served. */
  site(key: string): ServedSite | undefined;
  /** Every site served now, ordered by key. */
  sites(): readonly ServedSite[];
  /** Calls `listener` after each change of the set of sites (added, changed, removed); returns the unsubscribe. */
  onChange(listener: (sites: readonly ServedSite[]) => void): () => void;
}
