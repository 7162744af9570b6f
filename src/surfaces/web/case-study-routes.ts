// The filtered and paged variants of the case-study index: each distinct selection is rendered once
// and kept in the response cache; a query that names no real filter gets a clear 400 page.
import { FixedBody } from '../../http/fixed-body.ts';
import { htmlType } from './page-bodies.ts';
import type { ResponseCache } from '../../cache/response-cache.ts';
import type { Page } from '../../domain/content/types.ts';
import { parseQuery, selectionKey, selectionUrl } from './case-study-filters.ts';
import { badFilterMain, caseStudyIndexMain } from './case-study-index.ts';
import type { SiteDeps } from './deps.ts';
import { pageLayout, type ServedPages } from './served-pages.ts';

export interface IndexVariant {
  status: number;
  /** The selection's canonical URL (the page's own path when the query named no real filter). */
  url: string;
  /** The page as it is sent (encoded and compressed once). */
  body: FixedBody;
}

/** A variant is sized by its page's bytes. */
const variantBytes = (variant: IndexVariant): number => variant.body.identity.length;

/** The kept variants of the index, by selection. */
const variantsIn = (cache: ResponseCache) => cache.namespace('filter', variantBytes);

export function caseStudyIndexHtml(
  deps: SiteDeps,
  pages: ServedPages,
  page: Page,
  query: Record<string, unknown>,
): IndexVariant {
  const { ui } = deps.content;
  const parsed = parseQuery(query, pages.facets, ui);
  if (!parsed.ok) {
    const html = pageLayout(deps, page, badFilterMain(page.path, pages.facets, parsed.problems, ui), {
      title: ui.text('index.badPageTitle'),
      path: page.path,
    });
    return { status: 400, url: page.path, body: new FixedBody(html, htmlType, deps.responseCache) };
  }
  // Under the one bound, so a caller cycling through invented page numbers cannot grow memory.
  const { selection } = parsed;
  return variantsIn(deps.responseCache).remember(selectionKey(selection), () => {
    const { status, main, title } = caseStudyIndexMain(deps.content, page, pages.facets, selection);
    const url = selectionUrl(page.path, selection);
    const html = pageLayout(deps, page, main, { title, path: url });
    return { status, url, body: new FixedBody(html, htmlType, deps.responseCache) };
  });
}
