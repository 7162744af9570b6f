// Turns the crawled pages into planned content files: each page placed (layout.ts) under a unique
// name, titled, described, and its main content as markdown whose links lead to the new addresses.
import type { CrawledPage } from './page-reader.ts';
import { siteNameOfTitle } from './agency.ts';
import { type LocalPath, normalisePath, place, plainPage, type Placement } from './layout.ts';
import { coverage } from './coverage.ts';
import { toMarkdown } from './markdown.ts';
import { isUtilityPage } from './not-content.ts';
import { caseStudyTranslationFile, counterpartSlug, otherLanguage, translationPlacement } from './plan-translations.ts';

export interface PlannedPage extends Placement {
  page: CrawledPage;
  title: string;
  description: string;
  body: string;
  /** The share of the page's main text its twin (title and body) keeps (coverage.ts). */
  coverage: number;
  /** A translation's language (another than the site's) and the slug of the page it translates. */
  language?: string;
  translationOf?: string;
}

/**
 * `home`: the page the start URL led to, the home page whatever its address (/, /en/, /index.php);
 * `siteLanguage`: its primary language, when known (pages in another are translations).
 */
export function planPages(pages: CrawledPage[], home: URL, brand: string, siteLanguage?: string): PlannedPage[] {
  const placed = underListing(uniquePlacements(pages, home, siteLanguage));
  const localPath = localPaths(placed.map(([page, placement]) => ({ page, path: placement.path })));
  const byPath = new Map(placed.map(([, placement]) => [placement.path, placement]));
  // Titles are compared within one language: a page and its translation may share a <title>.
  const titleKey = (facts: CrawledPage['facts']): string => `${facts.lang?.toLowerCase() ?? ''} ${facts.title}`;
  const titleCount = countBy(pages.map((page) => titleKey(page.facts)));
  const descriptionCount = countBy(pages.map((page) => page.facts.description ?? ''));
  return placed.map(([page, placement]) => {
    const { facts } = page;
    // A <title> every page shares is the site's name, not the page's: its first heading is.
    const shared = pages.length > 1 && (titleCount.get(titleKey(facts)) ?? 0) > 1;
    const title =
      (shared ? facts.heading : undefined) ?? withoutBrand(facts.title, brand) ?? facts.heading ?? placement.slug;
    const ownDescription = facts.description && (descriptionCount.get(facts.description) ?? 0) === 1;
    const markdown = toMarkdown(facts.contentHtml, page.url, localPath);
    const lead = firstParagraph(markdown);
    const description = (ownDescription ? facts.description : lead && firstSentences(lead)) || title;
    // Readability turns the page's h1 into an h2: the title becomes the h1 again, not a second heading.
    const heading = /^#{2,6} (.+)\n*/.exec(markdown);
    const rest = heading && oneLine(heading[1]!) === oneLine(title) ? markdown.slice(heading[0].length) : markdown;
    const body = /^# /m.test(markdown) ? markdown : `# ${title}\n\n${rest}`;
    const language = otherLanguage(page, siteLanguage);
    const translationOf = language && counterpartSlug(page, siteLanguage!, localPath, byPath);
    return {
      ...placement,
      // A case study's translation is a file of its own beside it, not a page (entry-translations.ts).
      ...(language &&
        translationOf?.startsWith('case-studies/') && { file: caseStudyTranslationFile(placement, language) }),
      page,
      title: oneLine(title),
      description: oneLine(description),
      body: `${body.trim()}\n`,
      coverage: coverage(facts.mainText, `${title}\n${body}`),
      ...(language && { language }),
      ...(translationOf && { translationOf }),
    };
  });
}

/** Looks an origin address up among the pages (by its own address and the one it was asked by). */
export function localPaths(pages: readonly { page: CrawledPage; path: string }[]): LocalPath {
  const byAddress = new Map<string, string>();
  for (const { page, path } of pages) {
    for (const url of [page.url, new URL(page.source, page.url)]) byAddress.set(addressKey(url), path);
  }
  return (url) => byAddress.get(addressKey(url));
}

/**
 * Case studies are served beneath their listing page (the loader's rule): beneath the site's own
 * listing (/projekte), else beneath the folder they share on the site, else /case-studies.
 */
function underListing(placed: [CrawledPage, Placement][]): [CrawledPage, Placement][] {
  const studies = placed.filter(([, placement]) => placement.kind === 'case-study');
  if (studies.length === 0) return placed;
  const base = caseStudyBase(placed.map(([, placement]) => placement));
  const taken = new Set(placed.filter(([, p]) => p.kind !== 'case-study').map(([, p]) => p.path));
  return placed.map(([page, placement]) => {
    if (placement.kind !== 'case-study') return [page, placement];
    const path = `${base === '/' ? '' : base}/${placement.slug}`;
    return [page, { ...placement, path: taken.has(path) ? `/case-studies/${placement.slug}` : path }];
  });
}

/** Where the case studies live: the listing page's address, or the one folder they all sit in. */
export function caseStudyBase(placements: readonly Placement[]): string {
  const listing = placements.find((placement) => placement.kind === 'page' && placement.slug === 'case-studies');
  if (listing) return listing.path;
  const folders = new Set(
    placements
      .filter((placement) => placement.kind === 'case-study')
      .map((placement) => placement.path.slice(0, placement.path.lastIndexOf('/'))),
  );
  const [folder] = folders;
  return folders.size === 1 && folder ? folder : '/case-studies';
}

/** Every page's placement, a second page wanting a taken file or address getting "-2", "-3"… */
function uniquePlacements(pages: CrawledPage[], home: URL, siteLanguage?: string): [CrawledPage, Placement][] {
  const files = new Set<string>();
  const paths = new Set<string>();
  // The home page first, then shorter addresses: /about gets pages/about.md before /about-us.
  const rank = (page: CrawledPage): number => (page.url.href === home.href ? -1 : page.url.pathname.length);
  const ordered = [...pages].sort((a, b) => rank(a) - rank(b));
  const result: [CrawledPage, Placement][] = [];
  const free = (placement: Placement): boolean => !files.has(placement.file) && !paths.has(placement.path);
  for (const page of ordered) {
    const language = otherLanguage(page, siteLanguage);
    let wanted =
      page.url.href === home.href
        ? place('/')
        : language
          ? translationPlacement(page, language)
          : place(page.url.pathname);
    // A second "about" or home page (/about-us beside /about) is a page of its own at its own address.
    const plain = plainPage(normalisePath(page.url.pathname));
    const entry = wanted.kind === 'service' || wanted.kind === 'case-study';
    // An Impressum or a "Service Agreement" under /services is a page, never a service or case study.
    if (entry && isUtilityPage(page.url, page.facts.title))
      wanted = { ...plainPage(normalisePath(page.url.pathname)), section: 'company' };
    const base = free(wanted) || wanted.kind === 'service' || wanted.kind === 'case-study' ? wanted : plain;
    let placement = base;
    for (let n = 2; !free(placement); n += 1) {
      const slug = `${base.slug}-${n}`;
      const file = base.file.replace(/\.md$/, `-${n}.md`);
      const path = base.path === '/' ? `/home-${n}` : `${base.path}-${n}`;
      placement = { ...base, kind: base.kind === 'home' ? 'page' : base.kind, slug, file, path };
      if (base.keptPath) placement.keptPath = path;
      if (base.kind === 'case-study') placement.path = `/case-studies/${slug}`;
    }
    files.add(placement.file);
    paths.add(placement.path);
    result.push([page, placement]);
  }
  return result.sort((a, b) => a[1].file.localeCompare(b[1].file));
}

/** The same page whatever its trailing slash or ".html": what a link's address is looked up by. */
function addressKey(url: URL): string {
  return `${url.pathname.replace(/\/(?:index\.html?)?$/, '') || '/'}${url.search}`.toLowerCase();
}

function withoutBrand(title: string, brand: string): string | undefined {
  if (!title) return undefined;
  const parts = title.split(/\s+[-|–—:·•]\s+/);
  const rest = parts.filter((part) => part.trim().toLowerCase() !== brand.toLowerCase());
  if (rest.length === 0) return undefined;
  return rest.length === parts.length && parts.length > 1 && siteNameOfTitle(title) === brand
    ? rest.slice(1).join(' – ')
    : rest.join(' – ');
}

/** The first paragraph of prose (six words or more, not a heading, list, image or table). */
export function firstParagraph(markdown: string): string | undefined {
  return markdown
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .find((block) => /^[^#\-*>|!\d[]/.test(block) && block.split(/\s+/).length >= 6);
}

export function firstSentences(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > 40 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
