// Case-study search and proof points for agents (MCP search_case_studies / get_proof_points).
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
  total: number;
  items: CaseStudySummary[];
}

/**
 * Keyword search over all case studies, optionally filtered by industry (substring, any case) and
 * service slug. Without a query, lists newest first. `limit` defaults to 10 (max 49); `total` counts
 * every match. The filters run inside the search, so the items are the best-ranked of all studies
 * passing them, however many match the query.
 * @example searchCaseStudies(catalog, search, { query: 'enterprise security', limit: 5 })
 */
export function searchCaseStudies(
  catalog: ContentCatalog,
  search: SiteSearch,
  options: { query?: string; industry?: string; service?: string; limit?: number } = {},
): CaseStudySearchResult {
  const query = options.query?.trim() ?? '';
  const limit = Math.max(1, Math.min(options.limit ?? 10, 49));
  const industry = options.industry?.trim().toLowerCase();
  const service = options.service;
  const passes =
    industry || service
      ? (cs: CaseStudyFacets): boolean =>
          (!industry || (cs.industry ?? '').toLowerCase().includes(industry)) &&
          (!service || cs.services.includes(service))
      : undefined;
  if (query) {
    const { total, hits } = search.searchWithTotal(
      query,
      passes ? { kind: 'case-study', caseStudy: passes, limit } : { kind: 'case-study', limit },
    );
    return { query, total, items: hits.map((hit) => summarizeCaseStudy(catalog.caseStudyBySlug(hit.caseStudySlug!)!)) };
  }
  const matching = passes ? catalog.caseStudies.filter(passes) : catalog.caseStudies;
  return { query, total: matching.length, items: matching.slice(0, limit).map(summarizeCaseStudy) };
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
