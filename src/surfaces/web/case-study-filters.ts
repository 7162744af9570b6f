// The case-study index's filters and paging, read from the query string: industry and service (by
// slug) and page number. Pure: the same query always selects the same studies, so pages can be kept.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { CaseStudy } from '../../domain/content/types.ts';
import { identifierOf } from '../../domain/language/identifier.ts';
import type { UiText } from '../../domain/language/ui-text.ts';

export const pageSize = 12;

export interface Facet {
  slug: string;
  name: string;
}

export interface Selection {
  industry?: Facet;
  service?: Facet;
  page: number;
}

export type ParsedQuery = { ok: true; selection: Selection } | { ok: false; problems: string[] };

/** A filter value's slug: "Retail & Logistics" → "retail-and-logistics", "Fördertechnik" → "foerdertechnik". */
export function facetSlug(ui: UiText, text: string): string {
  return identifierOf(text.replace(/&/g, ` ${ui.text('slug.and')} `));
}

export interface Facets {
  industries: Facet[];
  services: Facet[];
}

/** Every industry named by a case study (alphabetical) and every service (in content order). */
export function facetsOf(content: ContentCatalog): Facets {
  const industries = new Map<string, string>();
  const names = new Set(content.caseStudies.flatMap((cs) => (cs.industry ? [cs.industry] : [])));
  for (const name of names) industries.set(facetSlug(content.ui, name), name);
  return {
    industries: [...industries].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name)),
    services: content.services.map((service) => ({ slug: service.slug, name: service.name })),
  };
}

/**
 * Validates the query; each problem is a sentence a person can act on. Other parameters (campaign
 * tags on a shared link) are ignored.
 */
export function parseQuery(query: Record<string, unknown>, facets: Facets, ui: UiText): ParsedQuery {
  const problems: string[] = [];
  const one = (name: string): string | undefined => {
    const value = query[name];
    if (Array.isArray(value)) {
      problems.push(ui.text('index.oneAtATime', { name }));
      return undefined;
    }
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const pick = (name: 'industry' | 'service', list: Facet[]): Facet | undefined => {
    const value = one(name);
    if (value === undefined) return undefined;
    const found = list.find((facet) => facet.slug === value);
    if (!found) problems.push(ui.text('index.noSuchFacet', { name, value: value.slice(0, 60) }));
    return found;
  };
  const industry = pick('industry', facets.industries);
  const service = pick('service', facets.services);
  const pageText = one('page') ?? '1';
  const page = /^[1-9]\d{0,3}$/.test(pageText) ? Number(pageText) : 0;
  if (page === 0) problems.push(ui.text('index.notANumber', { value: pageText.slice(0, 20) }));
  if (problems.length) return { ok: false, problems };
  return { ok: true, selection: { ...(industry && { industry }), ...(service && { service }), page } };
}

export function matching(content: ContentCatalog, selection: Selection): CaseStudy[] {
  // Studies share a few industries: each name is transliterated once per selection, not once per study.
  const slugs = new Map<string, string>();
  const slugOf = (industry: string): string => {
    let slug = slugs.get(industry);
    if (slug === undefined) slugs.set(industry, (slug = facetSlug(content.ui, industry)));
    return slug;
  };
  return content.caseStudies.filter(
    (cs) =>
      (!selection.industry || (cs.industry !== undefined && slugOf(cs.industry) === selection.industry.slug)) &&
      (!selection.service || cs.services.includes(selection.service.slug)),
  );
}

/** The shareable URL of a selection of the listing at `listing` (page 1 is left out). */
export function selectionUrl(listing: string, selection: Selection): string {
  const params = new URLSearchParams();
  if (selection.industry) params.set('industry', selection.industry.slug);
  if (selection.service) params.set('service', selection.service.slug);
  if (selection.page > 1) params.set('page', String(selection.page));
  const query = params.toString();
  return `${listing}${query ? `?${query}` : ''}`;
}

/** The memo key of a selection: equal keys render the same page. */
export function selectionKey(selection: Selection): string {
  return `${selection.industry?.slug ?? ''}|${selection.service?.slug ?? ''}|${selection.page}`;
}
