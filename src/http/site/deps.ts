// What the site routes need: configuration, the validated content and the shared search.
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { SiteSearch } from '../../domain/search/index.ts';
import type { SelfAudit } from '../../domain/audit/self-audit.ts';

export interface SiteDeps {
  config: Config;
  content: ContentCatalog;
  search: SiteSearch;
  /** The site's audit of itself, shown on /developers (left out where no server runs, e.g. a build). */
  selfAudit?: SelfAudit;
}
