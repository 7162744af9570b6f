// Case-study search and proof points for agents (MCP search_case_studies / get_proof_points).
import type { ContentCatalog } from '../content/catalog.ts';
import type { CaseStudy } from '../content/types.ts';
import type { SiteSearch } from '../search/index.ts';

/** A case study without its long body, plus the path of its HTML page. */
export type CaseStudySummary = Omit<CaseStudy, 'body'> & {
  /** HTML page path; prefix with BASE_URL (see caseStudyUrls). */
  path: string;
};

export interface CaseStudySearchResult {
  query: string;
  total: number;
  items: CaseStudySummary[];
}

/**
 * Keyword search over all case studies, optionally filtered by industry (substring, any case) and
 * service slug. Without a query, lists newest first. `limit` defaults to 10 (max 49).
 * @example searchCaseStudies(catalog, search, { query: 'enterprise security', limit: 5 })
 */
export function searchCaseStudies(
  catalog: ContentCatalog,
  search: SiteSearch,
  options: { query?: string; industry?: string; service?: string; limit?: number } = {},
): CaseStudySearchResult {
  const query = options.query?.trim() ?? '';
  const ranked: CaseStudy[] = query
    ? search.search(query, { kind: 'case-study', limit: 100 }).map((hit) => catalog.caseStudyBySlug(hit.caseStudySlug!)!)
    : catalog.caseStudies;
  const industry = options.industry?.trim().toLowerCase();
  const matching = ranked.filter((cs) =>
    (!industry || cs.industry.toLowerCase().includes(industry)) && (!options.service || cs.services.includes(options.service)));
  const limit = Math.max(1, Math.min(options.limit ?? 10, 49));
  return { query, total: matching.length, items: matching.slice(0, limit).map(summarizeCaseStudy) };
}

export function summarizeCaseStudy(cs: CaseStudy): CaseStudySummary {
  return {
    slug: cs.slug,
    client: cs.client,
    headlineStat: cs.headlineStat,
    industry: cs.industry,
    services: cs.services,
    summary: cs.summary,
    publishedAt: cs.publishedAt,
    flagship: cs.flagship,
    stats: cs.stats,
    path: `/case-studies/${cs.slug}`,
  };
}

export interface ProofPoints {
  intro: string;
  points: (CaseStudySummary & { claim: string })[];
}

/** The flagship case studies as structured stats. */
export function getProofPoints(catalog: ContentCatalog): ProofPoints {
  return {
    intro: catalog.proofPointsIntro,
    points: catalog.proofPoints.map((point) => ({ ...summarizeCaseStudy(point.caseStudy), claim: point.claim })),
  };
}
