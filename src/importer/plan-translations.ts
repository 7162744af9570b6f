// Pages in another language than the site's (an English mirror under /en/ of a German site) are
// translations, not more of the site: each is a page in its own language, in the section its
// counterpart has (a translated service page stays in "services", never a section called "En"), and
// never a second service or case study. Its counterpart is the page its hreflang alternates name in
// the site's language; the loader groups the two, and site mode links them with hreflang. A case
// study's translation is written as one (case-studies/<language>/<slug>.md), with its own wording.
import { type LocalPath, normalisePath, place, plainPage, type Placement } from './layout.ts';
import { primaryLanguage } from './language.ts';
import type { CrawledPage } from './page-reader.ts';

/** The page's language when it is another than the site's, else undefined. */
export function otherLanguage(page: CrawledPage, siteLanguage: string | undefined): string | undefined {
  if (!siteLanguage || !page.language) return undefined;
  const language = primaryLanguage(page.language);
  return language === siteLanguage ? undefined : language;
}

/**
 * A translation at its own address, in the section its address would have without the language's
 * folder: /en/services/seo is pages/en/services/seo.md in section "services".
 */
export function translationPlacement(page: CrawledPage, language: string): Placement {
  const path = normalisePath(page.url.pathname);
  const [first, ...rest] = path.slice(1).split('/');
  const within = first === language ? `/${rest.join('/')}` : path;
  const kind = place(within);
  const section = kind.kind === 'case-study' ? 'case-studies' : kind.kind === 'service' ? 'services' : kind.section;
  return { ...plainPage(path), section };
}

/**
 * The slug of the page a translation translates: its hreflang alternate in the site's language, as
 * a planned page (a case study by its page slug, case-studies/<slug>).
 */
export function counterpartSlug(
  page: CrawledPage,
  siteLanguage: string,
  localPath: LocalPath,
  bySlugOfPath: Map<string, Placement>,
): string | undefined {
  for (const alternate of page.facts.alternates) {
    if (primaryLanguage(alternate.language) !== siteLanguage) continue;
    const path = localPath(alternate.url);
    const placement = path === undefined ? undefined : bySlugOfPath.get(path);
    if (!placement) continue;
    return placement.kind === 'case-study' ? `case-studies/${placement.slug}` : placement.file.slice(6, -3);
  }
  return undefined;
}

/** Where a case study's translation is written: case-studies/<language>/<the last part of its address>.md. */
export function caseStudyTranslationFile(placement: Placement, language: string): string {
  return `case-studies/${language}/${placement.path.slice(placement.path.lastIndexOf('/') + 1)}.md`;
}
