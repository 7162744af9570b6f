// The filtered and paged variants of the case-study index: each distinct selection is rendered once
// and kept in a bounded memo; a query that names no real filter gets a clear 400 page.
import { BoundedMemo } from '../../bounded-memo.ts';
import { FixedBody } from '../fixed-body.ts';
import { htmlType } from './page-bodies.ts';
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

// Industries × (services + 1) × pages stays far below this for real content; the bound only stops a
// caller cycling through invented page numbers from growing memory.
const memos = new WeakMap<ServedPages, BoundedMemo<string, IndexVariant>>();

export function caseStudyIndexHtml(
  deps: SiteDeps,
  pages: ServedPages,
  page: Page,
  query: Record<string, unknown>,
): IndexVariant {
  const parsed = parseQuery(query, pages.facets);
  if (!parsed.ok) {
    const html = pageLayout(deps, page, badFilterMain(pages.facets, parsed.problems), {
      title: 'Filter not applied',
      path: page.path,
    });
    return { status: 400, url: page.path, html, body: new FixedBody(html, htmlType) };
  }
  let memo = memos.get(pages);
  if (!memo) memos.set(pages, (memo = new BoundedMemo(512)));
  const key = selectionKey(parsed.selection);
  const kept = memo.get(key);
  if (kept) return kept;
  const { status, main, title } = caseStudyIndexMain(deps.content, page, pages.facets, parsed.selection);
  const url = selectionUrl(parsed.selection);
  const html = pageLayout(deps, page, main, { title, path: url });
  return memo.set(key, { status, url, html, body: new FixedBody(html, htmlType) });
}
