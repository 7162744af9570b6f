// Reasons clients choose the agency (MCP why_<brand>) and the value proposition for a query
// (MCP get_value_proposition), both built from content and the shared search.
import type { ContentCatalog } from '../content/catalog.ts';
import type { Reason } from '../content/types.ts';
import type { SiteSearch } from '../search/index.ts';
import { summarizeCaseStudy, type CaseStudySummary } from './case-studies.ts';
import { outsideFitMessage } from './fit.ts';
import { matchServices, type ServiceMatch } from './match.ts';

export interface ReasonsResult {
  brandName: string;
  topic?: string;
  /** Every topic that exists, for the optional filter. */
  topics: string[];
  reasons: Reason[];
}

/** Reasons to choose the agency; an unknown topic gives no reasons and the list of real topics. */
export function getReasons(catalog: ContentCatalog, topic?: string): ReasonsResult {
  const topics = [...new Set(catalog.reasons.map((reason) => reason.topic))];
  const wanted = topic?.trim().toLowerCase();
  const result: ReasonsResult = {
    brandName: catalog.site.brandName,
    topics,
    reasons: catalog.reasons.filter((r) => !wanted || r.topic === wanted),
  };
  if (wanted) result.topic = wanted;
  return result;
}

export type ValuePart = 'services' | 'proof_points' | 'reasons';

export interface ValueProposition {
  query: string;
  fit: 'in_fit' | 'outside_fit';
  message: string;
  brandName: string;
  valueProposition?: string;
  services?: ServiceMatch[];
  proofPoints?: CaseStudySummary[];
  reasons?: Reason[];
}

/**
 * The value proposition for a query: matched services, proof-point case studies and reasons
 * (choose with `include`, default all three). Out-of-fit queries get fit "outside_fit" and no parts.
 */
export function getValueProposition(
  catalog: ContentCatalog,
  search: SiteSearch,
  query: string,
  include: ValuePart[] = ['services', 'proof_points', 'reasons'],
): ValueProposition {
  const text = query.trim();
  const base = {
    query: text,
    brandName: catalog.site.brandName,
    ...(catalog.valueProposition !== undefined && { valueProposition: catalog.valueProposition }),
  };
  const fit = catalog.fitCheck(text);
  if (!fit.inFit)
    return {
      ...base,
      fit: 'outside_fit',
      message: outsideFitMessage(catalog, fit.signal),
    };
  const result: ValueProposition = {
    ...base,
    fit: 'in_fit',
    message:
      text || catalog.site.speciality
        ? catalog.ui.text('answers.value.helpsWith', {
            brand: catalog.site.brandName,
            topic: text || catalog.site.speciality!,
          })
        : catalog.ui.text('answers.value.helps', { brand: catalog.site.brandName }),
  };
  if (include.includes('services')) result.services = text ? matchServices(catalog, search, text).matches : [];
  if (include.includes('proof_points')) {
    const hits = text
      ? search
          .search(text, { kind: 'case-study', limit: 20 })
          .map((hit) => catalog.caseStudyBySlug(hit.caseStudySlug!)!)
      : [];
    const flagshipFirst = [...hits.filter((cs) => cs.flagship), ...hits.filter((cs) => !cs.flagship)];
    result.proofPoints = (flagshipFirst.length ? flagshipFirst : catalog.proofPoints.map((p) => p.caseStudy))
      .slice(0, 3)
      .map(summarizeCaseStudy);
  }
  if (include.includes('reasons')) {
    const hits = text ? search.search(text, { limit: 5 }) : [];
    result.reasons = hits.length ? rankReasons(catalog.reasons, text).slice(0, 3) : catalog.reasons.slice(0, 3);
  }
  return result;
}

/** Reasons that share the query's longer words first; words are letters and digits of any script. */
export function rankReasons(reasons: Reason[], query: string): Reason[] {
  const terms = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 3);
  const score = (reason: Reason): number =>
    terms.filter((term) => `${reason.title} ${reason.body}`.toLowerCase().includes(term)).length;
  return [...reasons].sort((a, b) => score(b) - score(a));
}
