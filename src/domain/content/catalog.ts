// The validated content with the lookups every adapter needs. Built once at start-up; requests only
// read from these maps, so no request can reach a file on disk.
import { compileFitRule, type FitCheck } from '../agency/fit.ts';
import type { UiText } from '../language/ui-text.ts';
import type { LocalizedEntries } from './entry-translations.ts';
import type { ContentGap } from './gaps.ts';
import type { UiOverrides } from './language-files.ts';
import { languageView } from './language-view.ts';
import type {
  CaseStudy,
  ContactDetails,
  Page,
  ProofPoint,
  Reason,
  Service,
  SiteConfig,
  SiteSection,
  SkillFile,
} from './types.ts';

export interface ContentParts {
  dir: string;
  site: SiteConfig;
  sections: SiteSection[];
  /** Absent while a gap (see gaps.ts), like `proofPointsIntro`. */
  valueProposition?: string;
  contact: ContactDetails;
  services: Service[];
  reasons: Reason[];
  proofPointsIntro?: string;
  proofPoints: ProofPoint[];
  caseStudies: CaseStudy[];
  pages: Page[];
  skills: SkillFile[];
  /** Groups of words the content says mean the same (synonyms.yaml, optional): the ask counts each for the others. */
  synonyms: string[][];
  /** What each optional field the content leaves out means for the site (content:check prints them). */
  notes: string[];
  /** The gaps the import left, each taken out of the content (content:check and the dashboard list them). */
  gaps: ContentGap[];
  /** The site's words in its language (the catalogue with ui.yaml over it), dates and numbers. */
  ui: UiText;
  /** The words ui.yaml and each ui.<language>.yaml replace, by language. */
  uiWords: Record<string, UiOverrides>;
  /** Each other language's services and case studies (entry-translations.ts). */
  localized: LocalizedEntries;
  /** The agency's own logo (an SVG file named by site.yaml `logo`), when it has one. */
  logo?: string;
}

export interface ContentCatalog extends ContentParts {
  pageBySlug(slug: string): Page | undefined;
  /** `path` is a URL path such as "/" or "/services/paid-media" (no trailing slash). */
  pageByPath(path: string): Page | undefined;
  caseStudyBySlug(slug: string): CaseStudy | undefined;
  serviceBySlug(slug: string): Service | undefined;
  pagesInSection(sectionId: string): Page[];
  /** Slugs of the pages whose last path segment is `tail` ("beacon-fleet" → "case-studies/beacon-fleet"). */
  slugsEndingIn(tail: string): readonly string[] | undefined;
  /** Whether a query is inside the agency's fit, by the content's fit rule (compiled once). */
  fitCheck: FitCheck;
  /**
   * The content as a page in `language` shows it: that language's words, navigation, footer, services,
   * case studies and pages (language-view.ts; the catalogue itself for the default language or one the
   * site does not have).
   */
  inLanguage(language: string | undefined): ContentCatalog;
  /** A page and its translations, in the site's language order; empty for a page with none. */
  translationsOf(page: Page): Page[];
  /**
   * What is made from this catalog and kept with it (live-content.ts, perContent), each maker's in its
   * own slot: read from the catalog a request already holds, where a table keyed by catalog read one
   * more object of its site out of the processor's caches with many sites.
   */
  derived: unknown[];
}

/** Orders case studies newest first, then by slug (the order of every index and listing). */
export function compareCaseStudies(a: CaseStudy, b: CaseStudy): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

export function buildCatalog(parts: ContentParts): ContentCatalog {
  const caseStudies = [...parts.caseStudies].sort(compareCaseStudies);
  const sectionOrder = new Map(parts.sections.map((section, index) => [section.id, index]));
  const caseOrder = new Map(caseStudies.map((cs, index) => [cs.slug, index]));
  const pages = [...parts.pages].sort(
    (a, b) =>
      (sectionOrder.get(a.section) ?? 99) - (sectionOrder.get(b.section) ?? 99) ||
      Number(Boolean(a.caseStudySlug)) - Number(Boolean(b.caseStudySlug)) ||
      (a.order ?? 1000) - (b.order ?? 1000) ||
      (caseOrder.get(a.caseStudySlug ?? '') ?? 0) - (caseOrder.get(b.caseStudySlug ?? '') ?? 0) ||
      a.slug.localeCompare(b.slug),
  );
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const caseBySlug = new Map(caseStudies.map((cs) => [cs.slug, cs]));
  const serviceBySlug = new Map(parts.services.map((service) => [service.slug, service]));
  const bySection = new Map<string, Page[]>();
  for (const page of pages) bySection.set(page.section, [...(bySection.get(page.section) ?? []), page]);
  // Built on first use (a mistyped slug): start-up need not pay for it with 10 000 studies.
  let byTail: Map<string, string[]> | undefined;
  const tails = (): Map<string, string[]> => {
    if (byTail) return byTail;
    byTail = new Map();
    for (const page of pages) {
      const tail = page.slug.slice(page.slug.lastIndexOf('/') + 1);
      byTail.set(tail, [...(byTail.get(tail) ?? []), page.slug]);
    }
    return byTail;
  };
  const groups = new Map<string, Page[]>();
  for (const page of pages) {
    const key = page.translationOf ?? page.slug;
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  const languageOrder = (page: Page): number => parts.site.languages.indexOf(page.language ?? parts.site.language);
  const views = new Map<string, ContentCatalog>();
  const catalog: ContentCatalog = {
    ...parts,
    caseStudies,
    pages,
    pageBySlug: (slug) => bySlug.get(slug),
    pageByPath: (path) => byPath.get(path),
    caseStudyBySlug: (slug) => caseBySlug.get(slug),
    serviceBySlug: (slug) => serviceBySlug.get(slug),
    pagesInSection: (sectionId) => bySection.get(sectionId) ?? [],
    slugsEndingIn: (tail) => tails().get(tail),
    fitCheck: compileFitRule(parts.site.fitRule, parts.site.language),
    inLanguage: (language) => {
      const links = language === undefined ? undefined : parts.site.translations[language];
      if (!links || language === undefined) return catalog;
      let view = views.get(language);
      if (!view) {
        view = { ...catalog, ...languageView(catalog, language, compareCaseStudies), derived: [] };
        views.set(language, view);
      }
      return view;
    },
    translationsOf: (page) => {
      const group = groups.get(page.translationOf ?? page.slug) ?? [];
      return group.length > 1 ? [...group].sort((a, b) => languageOrder(a) - languageOrder(b)) : [];
    },
    derived: [],
  };
  return catalog;
}
