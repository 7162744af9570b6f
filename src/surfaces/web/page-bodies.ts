// The bodies the site serves, as FixedBody values kept in the response cache's `body` namespace:
// each page's HTML and markdown made on first request (rendering all up front made start-up grow
// with the number of case studies), and the site's fixed documents encoded on first request.
import { FixedBody, fixedBodies } from '../../http/fixed-body.ts';
import { absolutizeLinks } from './html.ts';
import type { ServedPage } from './served-pages.ts';
import type { CacheNamespace, ResponseCache } from '../../cache/response-cache.ts';

export const markdownType = 'text/markdown; charset=utf-8';
export const htmlType = 'text/html; charset=utf-8';

/** The namespace of the site's bodies (pages, their twins, documents, search results) in `cache`. */
export function siteBodies(cache: ResponseCache, name: 'body' | 'search' = 'body'): CacheNamespace<FixedBody> {
  return fixedBodies(cache, name);
}

type HtmlBody = (served: ServedPage) => FixedBody | Promise<FixedBody>;

// A page's HTML body reads nothing of its site but the page, so every site shares one function per
// cache: with many sites, each site's own would be one more object a page reads out of the caches.
const htmlBodies = new WeakMap<ResponseCache, HtmlBody>();

/**
 * A page's HTML body: a first render may wait (a case study's charts), and concurrent first requests
 * share it; later requests find the body at once, held on the page itself (kept-slot.ts). A failed render is
 * not kept.
 */
function htmlBodyIn(cache: ResponseCache): HtmlBody {
  let html = htmlBodies.get(cache);
  if (!html) {
    const bodies = siteBodies(cache);
    html = (served) =>
      bodies.rememberAsyncIn(served, served.htmlKey, async () => new FixedBody(await served.html(), htmlType, cache));
    htmlBodies.set(cache, html);
  }
  return html;
}

/** The HTML and markdown bodies of each served page, made on first request and kept in `cache`. */
export function pageBodies(
  baseUrl: string,
  cache: ResponseCache,
): {
  html: HtmlBody;
  markdown: (served: ServedPage) => FixedBody;
} {
  const bodies = siteBodies(cache);
  return {
    html: htmlBodyIn(cache),
    markdown: (served) =>
      bodies.remember(
        served.markdownKey,
        () => new FixedBody(absolutizeLinks(served.markdown, baseUrl), markdownType, cache),
      ),
  };
}
