// Where a page's main content is: what is left of its <main> (else its body) once the site's chrome
// (navigation, footer, forms, a header of links, scripts) and what lies over the page (not-content.ts)
// are taken away. The extraction starts from it and the coverage of a twin is measured against it.
import { parseHTML } from 'linkedom';
import { visibleText } from './coverage.ts';
import { removeOverlays } from './not-content.ts';

const chrome =
  'script, style, noscript, template, iframe, form, nav, footer, [role=navigation], [role=contentinfo], [aria-hidden=true], .navbar, .breadcrumb';

interface Document {
  querySelectorAll(selector: string): Iterable<{ remove(): void; querySelector(selector: string): unknown }>;
  querySelector(selector: string): unknown;
  body: unknown;
}

/** Removes the chrome from `document` and answers the element holding the main content. */
export function mainContent<Root>(document: unknown): Root | null {
  const page = document as Document;
  for (const element of page.querySelectorAll(chrome)) element.remove();
  removeOverlays(page as unknown as Parameters<typeof removeOverlays>[0]);
  // A header holding the site navigation is chrome too; a page header with the page's title is not.
  for (const header of page.querySelectorAll('header'))
    if (header.querySelector('a[href]') && !header.querySelector('h1')) header.remove();
  return (page.querySelector('main, [role=main]') ?? page.body ?? null) as Root | null;
}

/** The main visible text of a page's HTML: what its twin is measured against. */
export function mainText(html: string): string {
  const { document } = parseHTML(html);
  return visibleText(mainContent(document));
}
