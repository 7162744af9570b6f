// The filtered and paged variants of the case-study index: each distinct selection is rendered once
// and kept in the response cache; a query that names no real filter gets a clear 400 page.
import { FixedBody } from '../../http/fixed-body.ts';
import { htmlType } from './page-bodies.ts';
import { textBytes } from '../../cache/response-cache.ts';
import type { Page } from '../../domain/content/types.ts';
import { parseQuery, selectionKey, selectionUrl } from './case-study-filters.ts';
import { badFilterMain, caseStudyIndexMain } from './case-study-index.ts';
import type { SiteDeps } from './deps.ts';
import { pageLayout, type ServedPages } from './served-pages.ts';

export interface IndexVariant {
  status: number;
  /** The selection's canonical URL (the page's own path when the query named no real filter). */
  url: string;
  html: string;
  /** `html` as it is sent (encoded and compressed once). */
  body: FixedBody;
}

export function caseStudyIndexHtml(
  deps: SiteDeps,
  pages: ServedPages,
  page: Page,
  query: Record<string, unknown>,
): IndexVariant {
  const { ui } = deps.content;
  const parsed = parseQuery(query, pages.facets, ui);
  if (!parsed.ok) {
    const html = pageLayout(deps, page, badFilterMain(pages.facets, parsed.problems, ui), {
      title: ui.text('index.badPageTitle'),
      path: page.path,
    });
    return { status: 400, url: page.path, html, body: new FixedBody(html, htmlType, deps.responseCache) };
  }
  // Under the one bound, so a caller cycling through invented page numbers cannot grow memory.
  const cache = deps.responseCache;
  const key = selectionKey(parsed.selection);
  const kept = cache.get<IndexVariant>('filter', key);
  if (kept) return kept;
  const { status, main, title } = caseStudyIndexMain(deps.content, page, pages.facets, parsed.selection);
  const url = selectionUrl(parsed.selection);
  const html = pageLayout(deps, page, main, { title, path: url });
  const body = new FixedBody(html, htmlType, cache);
  // The HTML text and its encoded bytes are both held.
  return cache.set('filter', key, { status, url, html, body }, textBytes(html) + body.identity.length);
}
