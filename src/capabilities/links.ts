// What tool output names and links: absolute URLs built with the site's own URL scheme
// (domain/content/urls.ts), and one slug form everywhere, the page slug that get_page takes as is
// ("case-studies/beacon-fleet", "services/paid-media"), in structured content and text alike.
import type { CaseStudySummary } from '../domain/agency/case-studies.ts';
import type { ContentCatalog } from '../domain/content/catalog.ts';
import type { ServiceMatch } from '../domain/agency/match.ts';
import { pageUrls, translationUrls } from '../domain/content/urls.ts';

const caseStudyPrefix = 'case-studies/';

/** `{ url, markdownUrl }` of a page, e.g. links(base, 'about', '/about'). */
export function links(baseUrl: string, slug: string, path: string): { url: string; markdownUrl: string } {
  const { url, markdown_url: markdownUrl } = pageUrls(baseUrl, { slug, path });
  return { url, markdownUrl };
}

/** Page slug of a case study: "beacon-fleet" → "case-studies/beacon-fleet". */
export function caseStudyPageSlug(slug: string): string {
  return `${caseStudyPrefix}${slug}`;
}

export type ChainableCaseStudy<T extends CaseStudySummary> = Omit<T, 'path' | 'pageSlug'> & {
  url: string;
  markdownUrl: string;
};

/** Slug forms for agents over one catalog: every slug out is a page slug, and both forms come back in. */
export interface PageSlugs {
  /** A case study as tools return it: page slugs for itself and its services, plus its links. */
  caseStudy<T extends CaseStudySummary>(cs: T): ChainableCaseStudy<T>;
  /** Page slug of a service: "paid-media" → "services/paid-media". */
  service(slug: string): string;
  /** The service slug the domain filters on, from either form ("services/paid-media" or "paid-media"). */
  serviceFromInput(value: string): string;
}

export function pageSlugs(baseUrl: string, content: ContentCatalog): PageSlugs {
  const servicePages = new Map(content.services.map((service) => [service.slug, service.pageSlug]));
  const serviceByPage = new Map(content.services.map((service) => [service.pageSlug, service.slug]));
  const service = (slug: string): string => servicePages.get(slug) ?? slug;
  return {
    service,
    serviceFromInput: (value) => serviceByPage.get(value) ?? value,
    caseStudy: (cs) => {
      const { path, pageSlug, ...rest } = cs;
      // A translation's own page (a search in its language), else the entry's.
      const slug = pageSlug ?? caseStudyPageSlug(cs.slug);
      const translated = translationUrls(baseUrl, cs);
      return { ...rest, slug, services: cs.services.map(service), ...links(baseUrl, slug, path), ...translated };
    },
  };
}

export type LinkedServiceMatch = Omit<ServiceMatch, 'path'> & { url: string; markdownUrl: string };

/** A service match as capabilities return it: page slugs for itself and its case studies, plus its links. */
export function linkedServiceMatch(baseUrl: string, slugs: PageSlugs): (match: ServiceMatch) => LinkedServiceMatch {
  return ({ path, ...m }) => {
    const slug = slugs.service(m.slug);
    const translated = translationUrls(baseUrl, m);
    return {
      ...m,
      slug,
      caseStudies: m.caseStudies.map(caseStudyPageSlug),
      ...links(baseUrl, slug, path),
      ...translated,
    };
  };
}
