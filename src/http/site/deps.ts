// What the site routes need: configuration, the validated content, the shared search and the
// capability catalogue the developer page and auth.md describe.
import type { Catalog } from '../../capabilities/catalog.ts';
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { SiteSearch } from '../../domain/search/index.ts';

export interface SiteDeps {
  config: Config;
  content: ContentCatalog;
  search: SiteSearch;
  catalog: Catalog;
}
