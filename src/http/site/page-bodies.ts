// The bodies the site serves, as FixedBody values: each page's HTML and markdown made on first
// request (rendering all up front made start-up grow with the number of case studies) and kept.
import { FixedBody } from '../fixed-body.ts';
import { absolutizeLinks } from './html.ts';
import type { ServedPage } from './served-pages.ts';

export const markdownType = 'text/markdown; charset=utf-8';
export const htmlType = 'text/html; charset=utf-8';

/** The HTML and markdown bodies of each served page, made on first request and kept. */
export function pageBodies(baseUrl: string): {
  html: (served: ServedPage) => FixedBody | Promise<FixedBody>;
  markdown: (served: ServedPage) => FixedBody;
} {
  const html = new WeakMap<ServedPage, FixedBody>();
  const markdown = new WeakMap<ServedPage, FixedBody>();
  const of = (memo: WeakMap<ServedPage, FixedBody>, served: ServedPage, make: () => FixedBody): FixedBody => {
    let body = memo.get(served);
    if (!body) memo.set(served, (body = make()));
    return body;
  };
  return {
    // A page's first render may wait (a case study's charts); later requests find the body at once.
    html: (served) => {
      const kept = html.get(served);
      if (kept) return kept;
      const rendered = served.html();
      return typeof rendered === 'string'
        ? of(html, served, () => new FixedBody(rendered, htmlType))
        : rendered.then((done) => of(html, served, () => new FixedBody(done, htmlType)));
    },
    markdown: (served) =>
      of(markdown, served, () => new FixedBody(absolutizeLinks(served.markdown, baseUrl), markdownType)),
  };
}

/** A value made on first call and kept. */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
