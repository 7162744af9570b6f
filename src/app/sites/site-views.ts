// With SITES_DIR, the services every surface holds read the site of the work in hand (site-scope.ts)
// instead of one site's: the configuration's per-site values (addresses, content folder, front mode)
// and the loaded content with its search, ask and import record. Nothing is threaded through calls,
// and a value read outside any site's work is a mistake said at once rather than another site's.
import type { Config } from '../../config/config.ts';
import { contentView } from '../../domain/content/live-content.ts';
import type { ServedSite } from '../../domain/sites/registry.ts';
import { currentSiteKey } from '../../domain/sites/site-scope.ts';
import type { SiteContent } from '../site-content.ts';
import type { LiveSites } from './registry.ts';
import { currentServedSite, siteRecordInScope } from './site-record.ts';

function siteInScope(sites: LiveSites, what: string): ServedSite {
  const site = currentServedSite(sites);
  if (!site) throw new Error(`${what} was read outside the work of a served site (site "${currentSiteKey()}")`);
  return site;
}

function contentInScope(sites: LiveSites): SiteContent {
  const record = siteRecordInScope();
  if (record) return record.content;
  const key = currentSiteKey();
  const content = sites.loadedContent(key);
  if (!content) throw new Error(`the content of site "${key}" was read before it was loaded`);
  return content;
}

/** The configuration whose per-site values read the current site; every other value is the instance's. */
export function siteScopedConfig(base: Config, sites: LiveSites): Config {
  const config: Config = { ...base };
  const perSite = {
    baseUrl: () => siteInScope(sites, 'config.baseUrl').baseUrl,
    mcpUrl: () => siteInScope(sites, 'config.mcpUrl').mcpUrl,
    contentDir: () => siteInScope(sites, 'config.contentDir').dir,
    // A request's record carries its site's front; background work reads it by the site's key.
    front: () => {
      const record = siteRecordInScope();
      return record ? record.front : sites.frontOf(siteInScope(sites, 'config.front'));
    },
  };
  for (const [name, get] of Object.entries(perSite)) {
    Object.defineProperty(config, name, { enumerable: true, configurable: true, get });
  }
  return config;
}

/** The content of the current site, as the single site's SiteContent shows the folder loaded last. */
export function siteScopedContent(sites: LiveSites): SiteContent {
  const now = (): SiteContent => contentInScope(sites);
  return {
    content: contentView(() => now().catalog),
    search: {
      search: (query, options) => now().search.search(query, options),
      searchWithTotal: (query, options) => now().search.searchWithTotal(query, options),
      listCaseStudies: (caseStudy, limit, skip) => now().search.listCaseStudies(caseStudy, limit, skip),
      inLanguage: (language) => now().search.inLanguage(language),
    },
    ask: (input) => now().ask(input),
    get addresses() {
      return now().addresses;
    },
    get catalog() {
      return now().catalog;
    },
    imported: {
      originOf: (path) => now().addresses.originOf(path),
      contentOf: (path) => now().addresses.contentOf(path),
      moved: () => now().addresses.moved(),
    },
    validatorsOf: (originPath) => now().validatorsOf(originPath),
    reload: () => now().reload(),
    look: () => now().look(),
    // Each site's content is closed by the registry.
    close: () => {},
  };
}
