// The one full-text search (MiniSearch) over pages and case studies. The site, the REST API and the
// MCP tools all call this, so a query ranks the same everywhere.
import MiniSearch from 'minisearch';
import type { ContentCatalog } from '../content/catalog.ts';
import { listingPageSlug } from '../content/generated-pages.ts';
import { plainText } from './plain-text.ts';

export type SearchKind = 'page' | 'case-study';

export interface SearchHit {
  kind: SearchKind;
  /** Page slug, e.g. "services/paid-media" or "case-studies/northwind-ledger". */
  slug: string;
  /** Case-study slug (kind "case-study" only). */
  caseStudySlug?: string;
  path: string;
  title: string;
  description: string;
  section: string;
  score: number;
}

export interface SearchOptions {
  kind?: SearchKind;
  section?: string;
  /** Default 10. */
  limit?: number;
}

export interface SiteSearch {
  /** Ranked hits for a keyword query; all terms must match, falling back to any term when none do. */
  search(query: string, options?: SearchOptions): SearchHit[];
}

interface IndexedDoc {
  id: string;
  kind: SearchKind;
  section: string;
  title: string;
  description: string;
  body: string;
  client: string;
  industry: string;
  services: string;
}

/** Builds the search index over every page and case study of the catalog. */
export function createSearch(catalog: ContentCatalog): SiteSearch {
  const index = new MiniSearch<IndexedDoc>({
    fields: ['title', 'description', 'body', 'client', 'industry', 'services'],
    storeFields: [],
    searchOptions: { boost: { title: 3, client: 3, industry: 2, services: 2, description: 1.5 } },
  });
  const toDoc = (page: (typeof catalog.pages)[number]): IndexedDoc => {
    const cs = page.caseStudySlug ? catalog.caseStudyBySlug(page.caseStudySlug) : undefined;
    return {
      id: page.slug,
      kind: cs ? 'case-study' : 'page',
      section: page.section,
      title: page.title,
      description: page.description,
      // The listing repeats every case study, which are indexed on their own pages.
      body: page.slug === listingPageSlug ? '' : plainText(page.body),
      client: cs?.client ?? '',
      industry: cs?.industry ?? '',
      services: cs ? cs.services.map((slug) => catalog.serviceBySlug(slug)?.name ?? slug).join(' ') : '',
    };
  };
  // Indexing 10 000 case studies takes a second or more, so it runs in the background in small
  // slices after start-up; a search that arrives first indexes the rest before answering, so
  // results are always complete (bench/, issue 7).
  let indexed = 0;
  const indexUpTo = (end: number): void => {
    if (indexed >= end) return;
    index.addAll(catalog.pages.slice(indexed, end).map(toDoc));
    indexed = end;
  };
  const slice = (): void => {
    indexUpTo(Math.min(indexed + 250, catalog.pages.length));
    if (indexed < catalog.pages.length) setImmediate(slice).unref();
  };
  if (catalog.pages.length <= 500) indexUpTo(catalog.pages.length);
  else setImmediate(slice).unref();
  return {
    search(query, options = {}) {
      indexUpTo(catalog.pages.length);
      const text = query.trim().slice(0, 500);
      if (!text) return [];
      const filter = (result: { id: string }): boolean => {
        const page = catalog.pageBySlug(result.id);
        if (!page) return false;
        if (options.section && page.section !== options.section) return false;
        if (options.kind && (page.caseStudySlug ? 'case-study' : 'page') !== options.kind) return false;
        return true;
      };
      // One typo at most: MiniSearch rounds 0.2 × length up to two edits for 8+ letters, which made a
      // fuzzy lookup most of a search's time (bench/, issue 7) for matches too loose to help.
      const common = { prefix: (term: string) => term.length >= 3, fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false), maxFuzzy: 1, filter };
      let results = index.search(text, { ...common, combineWith: 'AND' });
      if (results.length === 0) results = index.search(text, { ...common, combineWith: 'OR' });
      return results.slice(0, Math.max(1, Math.min(options.limit ?? 10, 100))).map((result) => {
        const page = catalog.pageBySlug(result.id)!;
        const hit: SearchHit = {
          kind: page.caseStudySlug ? 'case-study' : 'page',
          slug: page.slug,
          path: page.path,
          title: page.title,
          description: page.description,
          section: page.section,
          score: Math.round(result.score * 100) / 100,
        };
        if (page.caseStudySlug) hit.caseStudySlug = page.caseStudySlug;
        return hit;
      });
    },
  };
}
