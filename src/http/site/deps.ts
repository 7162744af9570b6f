// What the site routes need: configuration, the validated content, the shared search and the
// capability catalogue the developer page and auth.md describe.
import type { Catalog } from '../../capabilities/catalog.ts';
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { SiteSearch } from '../../domain/search/index.ts';
import type { SelfAudit } from '../../domain/audit/self-audit.ts';

export interface SiteDeps {
  config: Config;
  content: ContentCatalog;
  search: SiteSearch;
  catalog: Catalog;
  /** The site's audit of itself, shown on /developers (left out where no server runs, e.g. a build). */
  selfAudit?: SelfAudit;
}
