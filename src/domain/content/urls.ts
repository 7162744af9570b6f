// Public URLs of pages and case studies, built from the configured base address so that changing
// BASE_URL changes every link. One place for the URL scheme of the site and its markdown mirror.
import type { CaseStudy, Page } from './types.ts';

/** Path of a page's markdown twin: "/markdown/<slug>.md" (the home page is "/markdown/home.md"). */
export function markdownPath(slug: string): string {
  return `/markdown/${slug}.md`;
}

/**
 * The page address a twin beside it stands for (llms.txt v2: "page.md" and "page.html.md" next to
 * the page, "index.html.md" for a directory), or undefined when `path` is no such twin.
 * @example twinBase('/about.html.md') // '/about'; twinBase('/index.md') // '/'
 */
export function twinBase(path: string): string | undefined {
  const twin = /^(\/.*?)(?:\.html?)?\.md$/.exec(path);
  if (!twin) return undefined;
  return twin[1]!.replace(/(?:^|\/)index$/, '') || '/';
}

/**
 * Absolute HTML and markdown URLs of a page.
 * @example pageUrls('https://agency.example', page) // { url: 'https://agency.example/about', markdown_url: '…/markdown/about.md' }
 */
export function pageUrls(baseUrl: string, page: Pick<Page, 'slug' | 'path'>): { url: string; markdown_url: string } {
  return {
    url: `${baseUrl}${page.path === '/' ? '/' : page.path}`,
    markdown_url: `${baseUrl}${markdownPath(page.slug)}`,
  };
}

/**
 * An entry's translations as agents get them: each language's absolute page URL, or nothing for an
 * entry without translations (so the field is left out).
 * @example translationUrls('https://a.example', { en: '/en/projects/acme' }) // { translations: { en: 'https://a.example/en/projects/acme' } }
 */
export function translationUrls(
  baseUrl: string,
  entry: { translations?: Record<string, string> },
): { translations?: Record<string, string> } {
  if (!entry.translations) return {};
  const urls = Object.entries(entry.translations).map(([language, path]) => [language, `${baseUrl}${path}`]);
  return { translations: Object.fromEntries(urls) };
}

/**
 * Absolute URLs of a case study's HTML page and markdown twin, for /agent/case-studies entries.
 * Accepts a Config (or anything with baseUrl).
 */
export function caseStudyUrls(
  config: { baseUrl: string },
  cs: Pick<CaseStudy, 'slug' | 'path' | 'pageSlug'>,
): { url: string; markdown_url: string } {
  return pageUrls(config.baseUrl, { slug: cs.pageSlug ?? `case-studies/${cs.slug}`, path: cs.path });
}
