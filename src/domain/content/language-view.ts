// The content as a page in one of the site's other languages shows it: that language's words (the
// shipped catalogue with ui.<language>.yaml over it), links and paths, and every service, case study
// and page once, in that language where it has a translation, else in the default language.
import { createUiText } from '../language/ui-text.ts';
import type { LocalizedEntries } from './entry-translations.ts';
import type { UiOverrides } from './language-files.ts';
import type { CaseStudy, Page, ProofPoint, Service, SiteConfig } from './types.ts';

/** What of the catalog a view is made from. */
interface Viewed {
  site: SiteConfig;
  services: Service[];
  caseStudies: CaseStudy[];
  proofPoints: ProofPoint[];
  pages: Page[];
  uiWords: Record<string, UiOverrides>;
  localized: LocalizedEntries;
  translationsOf(page: Page): Page[];
}

/** The fields of the catalog a page in `language` sees otherwise (the rest are the catalog's). */
export function languageView(catalog: Viewed, language: string, compare: (a: CaseStudy, b: CaseStudy) => number) {
  const links = catalog.site.translations[language]!;
  const entries = catalog.localized[language];
  const services = entries?.services ?? catalog.services;
  const caseStudies = [...(entries?.caseStudies ?? catalog.caseStudies)].sort(compare);
  const serviceBySlug = new Map(services.map((service) => [service.slug, service]));
  const caseBySlug = new Map(caseStudies.map((cs) => [cs.slug, cs]));
  const pages = pagesIn(catalog, language);
  const bySection = Map.groupBy(pages, (page) => page.section);
  return {
    ui: createUiText(language, catalog.uiWords[language]),
    site: { ...catalog.site, language, ...links },
    services,
    caseStudies,
    proofPoints: catalog.proofPoints.map((point) => ({ ...point, caseStudy: caseBySlug.get(point.caseStudy.slug)! })),
    pages,
    serviceBySlug: (slug: string) => serviceBySlug.get(slug),
    caseStudyBySlug: (slug: string) => caseBySlug.get(slug),
    pagesInSection: (section: string) => bySection.get(section) ?? [],
  };
}

/** Each page once: its translation in `language` where it has one, else the default language's. */
function pagesIn(catalog: Viewed, language: string): Page[] {
  return catalog.pages
    .filter((page) => page.translationOf === undefined)
    .map((page) => catalog.translationsOf(page).find((other) => other.language === language) ?? page);
}
