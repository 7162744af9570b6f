// The one full-text search (BM25 over MiniSearch's term tree, see term-index.ts) over pages and case
// studies. The site, the REST API and the MCP tools all call this, so a query ranks the same everywhere.
import type { ContentCatalog } from '../content/catalog.ts';
import { FacetTable, type CaseStudyFacets } from './facets.ts';
import { analyzerFor } from './language.ts';
import { documentFields, fields } from './document-fields.ts';
import { TermIndex, termsOf, type RelatedTerm } from './term-index.ts';

export type { CaseStudyFacets } from './facets.ts';
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
  /** Only case studies whose industry and services pass this count and rank (pages never do). It runs
   *  inside the search, once per distinct industry and services, so the hits are the best of all
   *  passing studies, not a filtered head of the unfiltered ranking. */
  caseStudy?: (facets: CaseStudyFacets) => boolean;
  /** Default 10, at most 100. */
  limit?: number;
  /** Words that count as a query term (folded as the index folds), each for its weight: the ask's related words. */
  related?: (term: string) => readonly RelatedTerm[] | undefined;
  /** Rank every document matching any word, not only those matching all when some do (a question's words). */
  anyTerm?: boolean;
}

export interface SearchResults {
  /** Every document matching the query and options, before the limit. */
  total: number;
  hits: SearchHit[];
}

export interface SiteSearch {
  /** The search over the pages in another of the site's languages (language-view.ts); itself for its own. */
  inLanguage(language: string): SiteSearch;
  /** Ranked hits for a keyword query; all terms must match, falling back to any term when none do. */
  search(query: string, options?: SearchOptions): SearchHit[];
  /** As `search`, plus how many documents matched in all. */
  searchWithTotal(query: string, options?: SearchOptions): SearchResults;
  /**
   * Every case study whose facets pass, with no words to match: the first `limit` in listing order
   * (newest first; score 0), leaving out the page slugs in `skip`, and how many pass in all. The
   * facet groups decide, so 10 000 studies cost a pass over typed arrays, not 10 000 predicate calls.
   */
  listCaseStudies(
    caseStudy: (facets: CaseStudyFacets) => boolean,
    limit: number,
    skip?: ReadonlySet<string>,
  ): SearchResults;
}

type Page = ContentCatalog['pages'][number];

/** Builds the search index over every page and case study of the catalog. */
export function createSearch(catalog: ContentCatalog): SiteSearch {
  const analyzer = analyzerFor(catalog.site.language);
  // English terms are MiniSearch's own (lower case); another language folds them as its analysis does.
  const fold = analyzer.language === 'en' ? undefined : analyzer.fold;
  const index = new TermIndex(Object.values(fields), analyzer);
  const facets = new FacetTable();
  // The pages in the catalog's language: a translation is found in its own language's search, never
  // beside the page it translates (an entry once; a view of another language has its own search).
  const pages = catalog.pages.filter((page) => page.language === undefined || page.language === catalog.site.language);
  // Indexing 10 000 case studies takes a second or more, so it runs in the background in small
  // slices after start-up; a search that arrives first indexes the rest before answering, so
  // results are always complete (bench/). Document number i is pages[i], in both tables.
  const indexUpTo = (end: number): void => {
    while (index.size < end) {
      const page = pages[index.size]!,
        cs = page.caseStudySlug ? catalog.caseStudyBySlug(page.caseStudySlug) : undefined;
      facets.add(cs);
      index.add(documentFields(catalog, page, cs));
    }
  };
  const slice = (): void => {
    indexUpTo(Math.min(index.size + 250, pages.length));
    if (index.size < pages.length) setImmediate(slice).unref();
  };
  if (pages.length <= 500) indexUpTo(pages.length);
  else setImmediate(slice).unref();
  const searchWithTotal = (query: string, options: SearchOptions = {}): SearchResults => {
    indexUpTo(pages.length);
    const words = termsOf(query.trim().slice(0, 500), fold);
    // Stop words find every page; English search has always kept them, another language drops them.
    const terms = fold ? words.filter((term) => !analyzer.isStopWord(term)) : words;
    if (terms.length === 0) return { total: 0, hits: [] };
    const { kind, section, caseStudy, related, anyTerm } = options;
    const studyPasses = caseStudy ? facets.filter(caseStudy) : undefined;
    const { ranked, total } = index.search({
      terms,
      prefix: (term) => term.length >= 3,
      // One typo, for words of five letters or more, and only when the word matches nothing as
      // typed: the fuzzy walk of the term tree was most of a search's time (bench/search.ts).
      fuzzy: (term) => (term.length >= 5 ? 1 : 0),
      accept: (doc) => {
        const page = pages[doc]!;
        return (
          (!section || page.section === section) &&
          (!kind || (page.caseStudySlug ? 'case-study' : 'page') === kind) &&
          (!studyPasses || studyPasses(doc))
        );
      },
      limit: Math.max(1, Math.min(options.limit ?? 10, 100)),
      ...(related ? { related } : {}),
      ...(anyTerm ? { anyTerm } : {}),
    });
    return { total, hits: ranked.map(({ doc, score }) => hitOf(pages[doc]!, score)) };
  };
  const listCaseStudies = (
    caseStudy: (facets: CaseStudyFacets) => boolean,
    limit: number,
    skip?: ReadonlySet<string>,
  ): SearchResults => {
    indexUpTo(pages.length);
    return listPassing(pages, facets.filter(caseStudy), limit, skip);
  };
  // Another language's search is built on its first use: most sites are asked in one language.
  const others = new Map<string, SiteSearch>();
  const inLanguage = (language: string): SiteSearch => {
    if (language === catalog.site.language || !catalog.site.languages.includes(language)) return search;
    let other = others.get(language);
    if (!other) others.set(language, (other = createSearch(catalog.inLanguage(language))));
    return other;
  };
  const search: SiteSearch = {
    searchWithTotal,
    search: (query, options) => searchWithTotal(query, options).hits,
    listCaseStudies,
    inLanguage,
  };
  return search;
}

function hitOf(page: Page, score: number): SearchHit {
  const hit: SearchHit = {
    kind: page.caseStudySlug ? 'case-study' : 'page',
    slug: page.slug,
    path: page.path,
    title: page.title,
    description: page.description,
    section: page.section,
    score: Math.round(score * 100) / 100,
  };
  if (page.caseStudySlug) hit.caseStudySlug = page.caseStudySlug;
  return hit;
}

/** The first `limit` passing documents in listing order (score 0), leaving out `skip`, and how many pass. */
function listPassing(
  pages: readonly Page[],
  passes: (doc: number) => boolean,
  limit: number,
  skip: ReadonlySet<string> | undefined,
): SearchResults {
  const hits: SearchHit[] = [];
  let total = 0;
  for (let doc = 0; doc < pages.length; doc += 1) {
    if (!passes(doc)) continue;
    total += 1;
    if (hits.length < limit && !skip?.has(pages[doc]!.slug)) hits.push(hitOf(pages[doc]!, 0));
  }
  return { total, hits };
}
