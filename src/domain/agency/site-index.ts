// Site index and page lookup for agents (MCP get_site_index / get_page, resources site-index and page).
import { AppError, invalidRequest } from '../../kernel/errors.ts';
import type { ContentCatalog } from '../content/catalog.ts';
import type { Page } from '../content/types.ts';
import type { SearchHit, SiteSearch } from '../search/index.ts';
import { suggestSlug } from './slug-suggestion.ts';

export interface PageEntry {
  slug: string;
  path: string;
  title: string;
  description: string;
}

export interface SiteIndex {
  brandName: string;
  tagline: string;
  fit?: string;
  valueProposition?: string;
  sample: boolean;
  sections: { id: string; title: string; description: string; pages: PageEntry[] }[];
  /** Present when a query was given: ranked matches across pages and case studies. */
  matches?: SearchHit[];
}

/**
 * The site index, optionally limited to one section and/or searched by keyword.
 * Throws AppError invalid_request (field "section") for an unknown section.
 * @example getSiteIndex(catalog, search, { section: 'services', query: 'attribution' })
 */
export function getSiteIndex(
  catalog: ContentCatalog,
  search: SiteSearch,
  options: { section?: string; query?: string } = {},
): SiteIndex {
  const { section, query } = options;
  if (section && !catalog.sections.some((s) => s.id === section)) {
    // Worded as validation.ts words an enum, so every surface says it in the site's language.
    const ids = catalog.sections.map((s) => JSON.stringify(s.id));
    throw invalidRequest([{ field: 'section', message: `must be one of ${ids.join(', ')}` }]);
  }
  const index: SiteIndex = {
    brandName: catalog.site.brandName,
    tagline: catalog.site.tagline,
    ...(catalog.site.fit !== undefined && { fit: catalog.site.fit }),
    ...(catalog.valueProposition !== undefined && { valueProposition: catalog.valueProposition }),
    sample: catalog.site.sample,
    sections: catalog.sections
      .filter((s) => !section || s.id === section)
      .map((s) => ({ ...s, pages: catalog.pagesInSection(s.id).map(pageEntry) })),
  };
  if (query?.trim()) index.matches = search.search(query, section ? { section, limit: 20 } : { limit: 20 });
  return index;
}

/**
 * One page by slug ("about", "services/paid-media", "case-studies/northwind-ledger"). Also accepts
 * a URL path ("/about", "/") or a markdown path ("/markdown/about.md").
 * Throws AppError not_found, whose message tells the caller to use the site index.
 */
export function getPage(catalog: ContentCatalog, slugOrPath: string): Page {
  const raw = slugOrPath.trim();
  const slug = raw
    .replace(/^\/?markdown\//, '')
    .replace(/\.md$/, '')
    .replace(/^\/+|\/+$/g, '');
  const page = catalog.pageBySlug(slug) ?? catalog.pageByPath(raw === '' ? '/' : `/${slug}`);
  if (!page) throw new AppError('not_found', notFoundMessage(catalog, raw, 'get_site_index'));
  return page;
}

/** The not-found answer for a slug: the likely slug when there is one, and where to find them all. */
export function notFoundMessage(catalog: ContentCatalog, raw: string, indexTool: string): string {
  const suggestion = suggestSlug(catalog, raw);
  const { ui } = catalog;
  return ui.text('answers.noPage', {
    slug: raw.slice(0, 100),
    suggestion: suggestion ? ui.text('answers.didYouMean', { slug: suggestion }) : '',
    tool: indexTool,
  });
}

export function pageEntry(page: Page): PageEntry {
  return { slug: page.slug, path: page.path, title: page.title, description: page.description };
}
