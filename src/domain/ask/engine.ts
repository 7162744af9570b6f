// The ask: answers a question from the site's own content (no hosted model). The content's fit rule
// speaks first; then the question's constraints (industry, company size, service) filter the case
// studies, and what words are left rank what passes with the site search (field weights, stems).
import type { ContentCatalog } from '../content/catalog.ts';
import type { Service } from '../content/types.ts';
import { outsideFitMessage } from '../agency/fit.ts';
import type { CaseStudyFacets, SearchHit, SiteSearch } from '../search/index.ts';
import { describe } from './describe.ts';
import { understand, type Understood } from './question.ts';
import { caseStudyResult, fitResult, pageResult, serviceResult } from './results.ts';
import { askInputSchema, type AskAnswer, type AskInput, type AskResult } from './schema.ts';
import { parseCompanySize, sizeFor, sizeWithin, type SizeRange, type StatedSize } from './size.ts';
import { relatedWords } from './related.ts';
import { buildVocabulary, type Vocabulary } from './vocabulary.ts';
import { wordingFor } from './words.ts';
import { parseOrThrow } from '../validation.ts';

export interface AskDeps {
  content: ContentCatalog;
  search: SiteSearch;
  baseUrl: string;
}

/** Results in an answer: NLWeb clients show a short list. */
const resultLimit = 10;
/** What a page that is neither a case study nor a service counts for against them. */
const otherPageWeight = 0.5;

export type Ask = (input: AskInput) => AskAnswer;

/** Builds the ask over the content (its vocabulary is learnt once, on the first question, not at start-up). */
export function createAsk(deps: AskDeps): Ask {
  const { content, search, baseUrl } = deps;
  const wording = wordingFor(content.site.language);
  let vocabulary: Vocabulary | undefined;
  const related = relatedWords(wording, content.synonyms);
  const sizes = new Map<string, StatedSize>();
  const sizeOf = (text: string | undefined): StatedSize => {
    if (text === undefined) return {};
    let stated = sizes.get(text);
    if (!stated) sizes.set(text, (stated = parseCompanySize(text)));
    return stated;
  };
  const serviceOfPage = new Map<string, Service>(content.services.map((service) => [service.pageSlug, service]));
  const enquiry = { url: `${baseUrl}/contact`, api: `${baseUrl}/agent/contact`, method: 'POST' as const };
  return (sent) => {
    const input = parseOrThrow(askInputSchema, sent, 'input');
    const query = input.query;
    const fit = content.fitCheck(query);
    vocabulary ??= buildVocabulary(content, wording);
    const understood = understand(query, vocabulary);
    const summary = {
      industries: understood.industries,
      services: understood.services.map((slug) => ({ slug, name: content.serviceBySlug(slug)?.name ?? slug })),
      ...(understood.size ? { size: { text: understood.size.text, ...pick(understood.size) } } : {}),
      caseStudiesOnly: understood.caseStudiesOnly,
      terms: understood.terms,
    };
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
    const passes = (facets: CaseStudyFacets): boolean =>
      (understood.industries.length === 0 || understood.industries.includes(facets.industry)) &&
      (understood.services.length === 0 || understood.services.some((slug) => facets.services.includes(slug))) &&
      (!understood.size || sizeWithin(sizeFor(sizeOf(facets.companySize), understood.size), understood.size));
    const { results, total } = answer(understood, passes);
    return { ...base, fit: { inFit: true }, message: describe(understood, summary, total, content), total, results };
  };

  function answer(
    understood: Understood,
    passes: (facets: CaseStudyFacets) => boolean,
  ): { results: AskResult[]; total: number } {
    const constrained = understood.caseStudiesOnly || understood.services.length > 0;
    // A service the question names leads, unless it asks for case studies alone.
    const services = understood.caseStudiesOnly ? [] : understood.services.map((slug) => content.serviceBySlug(slug)!);
    const room = resultLimit - services.length;
    if (!constrained) {
      if (understood.terms.length === 0) return { results: [], total: 0 };
      const found = search.searchWithTotal(understood.terms.join(' '), { limit: room, related, anyTerm: true });
      // A question's answer is a study or a service; the site's other pages follow them at half their score.
      const results = found.hits
        .map((hit) =>
          hit.caseStudySlug || serviceOfPage.has(hit.slug) ? hit : { ...hit, score: hit.score * otherPageWeight },
        )
        .sort((a, b) => b.score - a.score)
        .map(toResult);
      // A service whose problems the question names is offered right after the best answer, wherever
      // the words ranked it: the study or page that fits best stays first.
      const best = Math.max(1, ...results.map((result) => result.score));
      const offered = understood.suggested.map((slug) =>
        serviceResult(content, baseUrl, content.serviceBySlug(slug)!, best),
      );
      const others = results.filter((result) => !offered.some((offer) => offer.url === result.url));
      return {
        results: oneServiceAhead([...others.slice(0, 1), ...offered, ...others.slice(1)]).slice(0, resultLimit),
        total: found.total,
      };
    }
    // Constraints decide what is an answer; the words left only order it: studies that match them
    // first, then the other studies that meet the constraints, newest first.
    const ranked =
      understood.terms.length > 0
        ? search.search(understood.terms.join(' '), {
            kind: 'case-study',
            caseStudy: passes,
            limit: room,
            related,
            anyTerm: true,
          })
        : [];
    const rest = search.listCaseStudies(passes, room - ranked.length, new Set(ranked.map((hit) => hit.slug)));
    // A study listed for the constraints alone scores 1 when no words were asked, 0 when it matches none of them.
    const listed = rest.hits.map((hit) => ({ ...hit, score: understood.terms.length > 0 ? 0 : 1 }));
    const studies = [...ranked, ...listed].map(toResult);
    // The named service scores as the best study, so a client that sorts by score keeps it first.
    const lead = Math.max(1, ...studies.map((study) => study.score));
    return {
      results: [...services.map((service) => serviceResult(content, baseUrl, service, lead)), ...studies],
      total: rest.total,
    };
  }

  function toResult(hit: SearchHit): AskResult {
    if (hit.caseStudySlug)
      return caseStudyResult(content, baseUrl, content.caseStudyBySlug(hit.caseStudySlug)!, hit.score);
    const service = serviceOfPage.get(hit.slug);
    return service ? serviceResult(content, baseUrl, service, hit.score) : pageResult(baseUrl, hit, hit.score);
  }
}

function pick(size: SizeRange): { min?: number; max?: number; unit?: 'employees' } {
  return {
    ...(size.min === undefined ? {} : { min: size.min }),
    ...(size.max === undefined ? {} : { max: size.max }),
    ...(size.unit ? { unit: size.unit } : {}),
  };
}

/** How many results the first look takes in: at most one service among them, so studies show too. */
const firstLook = 3;

/** The results with any second service of the first three moved after them, in order. */
function oneServiceAhead(results: AskResult[]): AskResult[] {
  const head: AskResult[] = [],
    later: AskResult[] = [];
  let services = 0;
  for (const result of results) {
    const isService = result.kind === 'service';
    if (head.length < firstLook && (!isService || services === 0)) {
      head.push(result);
      if (isService) services += 1;
    } else later.push(result);
  }
  return [...head, ...later];
}
