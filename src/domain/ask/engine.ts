// The ask: answers a question from the site's own content (no hosted model). The content's fit rule
// speaks first; then the question's constraints (industry, company size, service) filter the case
// studies, and what words are left rank what passes with the site search (field weights, stems).
import type { ContentCatalog } from '../content/catalog.ts';
import { outsideFitMessage } from '../agency/fit.ts';
import type { CaseStudyFacets, SiteSearch } from '../search/index.ts';
import { describe } from './describe.ts';
import { understand, type Understood } from './question.ts';
import { fitResult } from './results.ts';
import { AskRanking } from './ranking.ts';
import { askInputSchema, type AskAnswer, type AskInput } from './schema.ts';
import { sizeSummary, sizeTest } from './size.ts';
import { relatedWordsOf } from './related.ts';
import { buildVocabulary, type Vocabulary } from './vocabulary.ts';
import { wordingFor } from './words.ts';
import { parseOrThrow } from '../validation.ts';

export interface AskDeps {
  content: ContentCatalog;
  search: SiteSearch;
  baseUrl: string;
}

export type Ask = (input: AskInput) => AskAnswer;

/** Builds the ask over the content (its vocabulary is learnt once, on the first question, not at start-up). */
export function createAsk(deps: AskDeps): Ask {
  const { content, search, baseUrl } = deps;
  const wording = wordingFor(content.site.language);
  let vocabulary: Vocabulary | undefined;
  const ranking = new AskRanking(content, search, baseUrl, relatedWordsOf(content));
  const enquiry = { url: `${baseUrl}/contact`, api: `${baseUrl}/agent/contact`, method: 'POST' as const };
  return (sent) => {
    const input = parseOrThrow(askInputSchema, sent, 'input');
    const query = input.query;
    const fit = content.fitCheck(query);
    vocabulary ??= buildVocabulary(content, wording);
    const understood = understand(query, vocabulary);
    const summary = summarise(understood, content);
    const base = { query, generateMode: input.generate_mode, understood: summary, enquiry };
    if (!fit.inFit) {
      const message = outsideFitMessage(content, fit.signal);
      return {
        ...base,
        fit: { inFit: false, ...(fit.signal ? { signal: fit.signal } : {}), message },
        message,
        total: 0,
        results: [fitResult(content, baseUrl, message)],
      };
    }
    const sized = understood.size && sizeTest(understood.size);
    const passes = (facets: CaseStudyFacets): boolean =>
      (understood.industries.length === 0 ||
        (facets.industry !== undefined && understood.industries.includes(facets.industry))) &&
      (understood.services.length === 0 || understood.services.some((slug) => facets.services.includes(slug))) &&
      (!sized || sized(facets.companySize));
    const { results, total } = ranking.answer(understood, passes);
    return { ...base, fit: { inFit: true }, message: describe(understood, summary, total, content), total, results };
  };
}

/** What the answer says it understood: the constraints with service names, and the words left. */
function summarise(understood: Understood, content: ContentCatalog) {
  return {
    industries: understood.industries,
    services: understood.services.map((slug) => ({ slug, name: content.serviceBySlug(slug)?.name ?? slug })),
    ...(understood.size ? { size: sizeSummary(understood.size) } : {}),
    caseStudiesOnly: understood.caseStudiesOnly,
    terms: understood.terms,
  };
}
