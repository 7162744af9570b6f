// What the site routes need: configuration, the validated content, the shared search and the
// capability catalogue the developer page and auth.md describe, and the response cache pages are kept in.
import type { Catalog } from '../../capabilities/catalog.ts';
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { SiteSearch } from '../../domain/search/index.ts';
import type { SelfAudit } from '../../audit/self-audit.ts';
import type { ResponseCache } from '../../cache/response-cache.ts';

export interface SiteDeps {
  config: Config;
  content: ContentCatalog;
  search: SiteSearch;
  catalog: Catalog;
  /** Where rendered pages, their bodies and compressed variants are kept (one bound for the service). */
  responseCache: ResponseCache;
  /** The site's audit of itself, shown on /developers (left out where no server runs, e.g. a build). */
  selfAudit?: SelfAudit;
}
