// Case-study search and proof points for agents (MCP search_case_studies / get_proof_points). A
// company size in the query ("über 500 Mitarbeitende", "under 40M") is read by the ask's reading and
// filters as it does there; keywords that match nothing are read by meaning (the ask's related words).
import { relatedWordsOf } from '../ask/related.ts';
import { parseSizeRange, sizeSummary, sizeTest, type SizeRange } from '../ask/size.ts';
import { questionLanguage } from '../ask/question-language.ts';
import { wordingFor } from '../ask/words.ts';
import type { ContentCatalog } from '../content/catalog.ts';
import type { CaseStudy } from '../content/types.ts';
import type { CaseStudyFacets, SiteSearch } from '../search/index.ts';

/** A case study without its long body, plus the path of its HTML page. */
export type CaseStudySummary = Omit<CaseStudy, 'body'> & {
  /** HTML page path; prefix with BASE_URL (see caseStudyUrls). */
  path: string;
};

export interface CaseStudySearchResult {
  query: string;
  /** The company size the query bounds, when it names one: every item is inside it. */
  size?: ReturnType<typeof sizeSummary>;
  total: number;
  items: CaseStudySummary[];
}

/**
 * Keyword search over all case studies, optionally filtered by industry (substring, any case),
 * service slug and a company size the query states. Without other words, lists newest first.
 * `limit` defaults to 10 (max 49); `total` counts every match. The filters run inside the search,
 * so the items are the best-ranked of all studies passing them, however many match the query.
 * @example searchCaseStudies(catalog, search, { query: 'enterprise security', limit: 5 })
 */
export function searchCaseStudies(
  catalog: ContentCatalog,
  search: SiteSearch,
  options: { query?: string; industry?: string; service?: string; limit?: number } = {},
): CaseStudySearchResult {
  const query = options.query?.trim() ?? '';
  // A query in another of the site's languages searches the pages in it (the default's view only).
  const language = query && catalog.site.language === catalog.site.languages[0] && questionLanguage(catalog, query);
  if (language && language !== catalog.site.language)
    return searchCaseStudies(catalog.inLanguage(language), search.inLanguage(language), options);
  const limit = Math.max(1, Math.min(options.limit ?? 10, 49));
  const { size, words } = readQuery(catalog, query);
  const passes = facetTest(options.industry?.trim().toLowerCase(), options.service, size);
  const sized = size ? { size: sizeSummary(size) } : {};
  if (words) {
    const options = { kind: 'case-study' as const, limit, ...(passes ? { caseStudy: passes } : {}) };
    let found = search.searchWithTotal(words, options);
    // Words no study writes ("Fachkräftemangel") still mean something: the words buyers use for it.
    if (found.total === 0)
      found = search.searchWithTotal(words, { ...options, related: relatedWordsOf(catalog), anyTerm: true });
    const items = found.hits.map((hit) => summarizeCaseStudy(catalog.caseStudyBySlug(hit.caseStudySlug!)!));
    return { query, ...sized, total: found.total, items };
  }
  const matching = passes ? catalog.caseStudies.filter(passes) : catalog.caseStudies;
  return { query, ...sized, total: matching.length, items: matching.slice(0, limit).map(summarizeCaseStudy) };
}

/**
 * The size a query bounds and the words left to search by. Beside a size, the words that only say
 * what is asked for ("Referenzen", "case studies", "companies") go, in the content's language and in
 * English, which agents write on any site.
 */
function readQuery(catalog: ContentCatalog, query: string): { size?: SizeRange; words: string } {
  const sized = query ? parseSizeRange(query) : undefined;
  if (!sized) return { words: query };
  const own = wordingFor(catalog.site.language),
    english = wordingFor('en');
  const left = sized.rest
    .split(/\s+/)
    .filter((word) => word && !own.wordsOf(word).every((w) => own.isFiller(w.text) || english.isFiller(w.text)));
  return { size: sized.size, words: left.join(' ') };
}

function facetTest(
  industry: string | undefined,
  service: string | undefined,
  size: SizeRange | undefined,
): ((cs: CaseStudyFacets) => boolean) | undefined {
  if (!industry && !service && !size) return undefined;
  const sized = size && sizeTest(size);
  return (cs) =>
    (!industry || (cs.industry ?? '').toLowerCase().includes(industry)) &&
    (!service || cs.services.includes(service)) &&
    (!sized || sized(cs.companySize));
}

export function summarizeCaseStudy(cs: CaseStudy): CaseStudySummary {
  return {
    slug: cs.slug,
    client: cs.client,
    ...(cs.headlineStat !== undefined && { headlineStat: cs.headlineStat }),
    ...(cs.industry !== undefined && { industry: cs.industry }),
    services: cs.services,
    summary: cs.summary,
    publishedAt: cs.publishedAt,
    flagship: cs.flagship,
    stats: cs.stats,
    path: cs.path,
    ...(cs.translations && { translations: cs.translations }),
    ...(cs.pageSlug && { pageSlug: cs.pageSlug }),
  };
}

export interface ProofPoints {
  intro?: string;
  points: (CaseStudySummary & { claim: string })[];
}

/** The flagship case studies as structured stats. */
export function getProofPoints(catalog: ContentCatalog): ProofPoints {
  return {
    ...(catalog.proofPointsIntro !== undefined && { intro: catalog.proofPointsIntro }),
    points: catalog.proofPoints.map((point) => ({ ...summarizeCaseStudy(point.caseStudy), claim: point.claim })),
  };
}
