// What one HTML page gives the import: its head (title, description, canonical, og:site_name), its
// JSON-LD, its links (to crawl, and mailto:/tel: for the contact details) and its main content as
// HTML, found by Mozilla Readability over a linkedom DOM. Template sites put little prose between
// much navigation, where Readability can pick the footer: the site's chrome (nav, footer, forms) is
// removed first, and when Readability keeps less than half of what remains, the remaining main
// element (or body) is the content instead.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { type Menus, readMenus } from './menus.ts';
import { coverage, visibleText, wantedCoverage } from './coverage.ts';
import { mainContent } from './main-content.ts';

export interface PageFacts {
  title: string;
  description?: string;
  canonical?: string;
  siteName?: string;
  /** Every href of the page, resolved against its URL (fragments dropped). */
  links: URL[];
  jsonLd: unknown[];
  mailto: string[];
  tel: string[];
  /** The main content's HTML (links still as written) and plain text. */
  contentHtml: string;
  text: string;
  /** The page's main visible text, word by word (main-content.ts): what its twin's coverage is measured against. */
  mainText: string;
  published?: string;
  /** The main content's first h1 (else h2): the page's own title when every page has the same <title>. */
  heading?: string;
  /** `<html lang>` as written. */
  lang?: string;
  /** The page's `hreflang` alternates: the same page in another language, at its path on this origin
   * (sites name their production host there, which a staging copy or a local test does not have). */
  alternates: { language: string; url: URL }[];
  /** The site's navigation and footer links as this page shows them. */
  menus: Menus;
}

export function extractPage(html: string, url: URL): PageFacts {
  const { document } = parseHTML(html);
  const meta = (selector: string): string | undefined =>
    document.querySelector(selector)?.getAttribute('content')?.trim() || undefined;
  const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!.trim());
  const facts = {
    title: (meta('meta[property="og:title"]') ?? document.querySelector('title')?.textContent ?? '').trim(),
    description: meta('meta[name="description"]') ?? meta('meta[property="og:description"]'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    siteName: meta('meta[property="og:site_name"]') ?? meta('meta[name="application-name"]'),
    published: meta('meta[property="article:published_time"]'),
    lang: document.documentElement?.getAttribute('lang')?.trim() || undefined,
    alternates: alternatesOf(document as unknown as AlternatesDocument, url),
    menus: readMenus(document as unknown as Parameters<typeof readMenus>[0], url),
    links: resolveAll(
      hrefs.filter((href) => !/^(?:mailto|tel|javascript|data):/i.test(href)),
      url,
    ),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) =>
      parseJson(script.textContent ?? ''),
    ),
    mailto: hrefs
      .filter((href) => /^mailto:/i.test(href))
      .map((href) => decodeURIComponent(href.slice(7).split('?')[0]!)),
    tel: hrefs.filter((href) => /^tel:/i.test(href)).map((href) => decodeURIComponent(href.slice(4))),
  };
  const root = mainContent<typeof document.body>(document);
  const rootText = squash(root?.textContent ?? '');
  const mainText = visibleText(root);
  const heading = squash(root?.querySelector('h1')?.textContent ?? root?.querySelector('h2')?.textContent ?? '');
  const elements = document.querySelectorAll('*').length;
  // A page of more elements than any article (a 5 MiB page of links) keeps its text, not its markup:
  // a second DOM of it for the markdown would double the import's memory.
  const rootHtml = elements > maxArticleElements ? plainParagraph(mainText) : (root?.innerHTML ?? '');
  const article = elements > maxArticleElements ? null : readArticle(document);
  const articleText = squash(article?.textContent ?? '');
  // Readability drops what does not read as the article (testimonials, bios, cards, a closing call to
  // action): its choice stands only while it keeps the main text a twin must keep (coverage.ts).
  const useArticle = article?.content && coverage(rootText, articleText) >= wantedCoverage;
  return {
    ...withoutUndefined(facts),
    ...(heading && { heading }),
    contentHtml: useArticle ? article.content! : rootHtml,
    text: useArticle ? articleText : rootText,
    mainText,
  } as PageFacts;
}

/**
 * Elements of a page read as an article at most: Readability's scoring grows much faster than the
 * page (a 5 MiB page of links cost it 1.2 GB and two and a half minutes), and a bigger page is read
 * as the text of its main element instead.
 */
const maxArticleElements = 20_000;

function readArticle(document: unknown): ReturnType<Readability['parse']> {
  // The bound is checked by the caller: Readability's own maxElemsToParse counts
  // getElementsByTagName('*'), which linkedom answers with none.
  return new Readability(document as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
}

function plainParagraph(text: string): string {
  return `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;
}

/** Links of one page followed at most: a real page has far fewer, a page of nothing but links no more. */
const maxLinks = 5_000;

function resolveAll(hrefs: string[], base: URL): URL[] {
  const seen = new Map<string, URL>();
  for (const href of hrefs) {
    if (seen.size >= maxLinks) break;
    if (!href || href.startsWith('#') || !URL.canParse(href, base.href)) continue;
    const url = new URL(href, base);
    url.hash = '';
    seen.set(url.href, url);
  }
  return [...seen.values()];
}

function parseJson(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [value];
  } catch {
    return [];
  }
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

interface AlternatesDocument {
  querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }>;
  documentElement?: { getAttribute(name: string): string | null } | null;
}

/** A language's home: "/", "/en/", "/en/index.html". */
const languageRoot = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:index\.html?)?$/i;

/**
 * The page in other languages: its `<link rel="alternate" hreflang>`, else its language switcher's
 * links (`<a hreflang>` to another language than the page's), as a site without the link elements
 * marks them. A switcher that leads every page to the other language's home names no counterpart,
 * so such a link counts only on a home page.
 */
function alternatesOf(document: AlternatesDocument, url: URL): PageFacts['alternates'] {
  const resolve = (element: { getAttribute(name: string): string | null }) => {
    const href = element.getAttribute('href')!;
    if (!URL.canParse(href, url.href)) return [];
    const { pathname, search } = new URL(href, url);
    return [{ language: element.getAttribute('hreflang')!, url: new URL(`${pathname}${search}`, url) }];
  };
  const linked = [...document.querySelectorAll('link[rel~="alternate"][hreflang][href]')].flatMap(resolve);
  if (linked.length > 0) return linked;
  const own = document.documentElement?.getAttribute('lang')?.trim().toLowerCase().split('-')[0];
  const isHome = languageRoot.test(url.pathname);
  return [...document.querySelectorAll('a[hreflang][href]')]
    .flatMap(resolve)
    .filter(
      (alternate) =>
        alternate.url.origin === url.origin &&
        alternate.language.toLowerCase().split('-')[0] !== own &&
        languageRoot.test(alternate.url.pathname) === isHome,
    );
}
