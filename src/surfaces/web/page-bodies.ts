// The bodies the site serves, as FixedBody values: each page's HTML and markdown made on first
// request (rendering all up front made start-up grow with the number of case studies) and kept in
// the response cache.
import { FixedBody } from '../../http/fixed-body.ts';
import { absolutizeLinks } from './html.ts';
import type { ServedPage } from './served-pages.ts';
import type { ResponseCache } from '../../cache/response-cache.ts';

export const markdownType = 'text/markdown; charset=utf-8';
export const htmlType = 'text/html; charset=utf-8';

/** The HTML and markdown bodies of each served page, made on first request and kept in `cache`. */
export function pageBodies(
  baseUrl: string,
  cache: ResponseCache,
): {
  html: (served: ServedPage) => FixedBody | Promise<FixedBody>;
  markdown: (served: ServedPage) => FixedBody;
} {
  const size = (body: FixedBody): number => body.identity.length;
  return {
    // A page's first render may wait (a case study's charts); later requests find the body at once.
    html: (served) => {
      const key = `html ${served.page.path}`;
      const kept = cache.get<FixedBody>('body', key);
      if (kept) return kept;
      const rendered = served.html();
      const keep = (html: string): FixedBody => {
        const body = new FixedBody(html, htmlType, cache);
        return cache.set('body', key, body, size(body));
      };
      return typeof rendered === 'string' ? keep(rendered) : rendered.then(keep);
    },
    markdown: (served) =>
      cache.remember(
        'body',
        `markdown ${served.page.path}`,
        () => new FixedBody(absolutizeLinks(served.markdown, baseUrl), markdownType, cache),
        size,
      ),
  };
}

/** A value made on first call and kept. */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
