// Which results an in-fit question gets, and in what order: with constraints (a service, a size, an
// industry, case studies only) they decide what is an answer and the words only order it; without
// them the words find studies, services and pages over the site search.
import type { ContentCatalog } from '../content/catalog.ts';
import type { Service } from '../content/types.ts';
import type { CaseStudyFacets, SearchHit, SiteSearch } from '../search/index.ts';
import type { Understood } from './question.ts';
import { caseStudyResult, pageResult, serviceResult } from './results.ts';
import type { AskResult } from './schema.ts';
import type { RelatedWords } from './related.ts';

/** Results in an answer: NLWeb clients show a short list. */
const resultLimit = 10;
/** What a page that is neither a case study nor a service counts for against them. */
const otherPageWeight = 0.5;
/** How many results the first look takes in: at most one service among them, so studies show too. */
const firstLook = 3;

export interface Ranked {
  results: AskResult[];
  total: number;
}

export class AskRanking {
  private readonly content: ContentCatalog;
  private readonly search: SiteSearch;
  private readonly baseUrl: string;
  private readonly related: RelatedWords;
  private readonly serviceOfPage: Map<string, Service>;

  constructor(content: ContentCatalog, search: SiteSearch, baseUrl: string, related: RelatedWords) {
    this.content = content;
    this.search = search;
    this.baseUrl = baseUrl;
    this.related = related;
    this.serviceOfPage = new Map(content.services.map((service) => [service.pageSlug, service]));
  }

  answer(understood: Understood, passes: (facets: CaseStudyFacets) => boolean): Ranked {
    if (understood.offer) return this.offer();
    const constrained = understood.caseStudiesOnly || understood.services.length > 0;
    // A service the question names leads, unless it asks for case studies alone.
    const services = understood.caseStudiesOnly
      ? []
      : understood.services.map((slug) => this.content.serviceBySlug(slug)!);
    const room = resultLimit - services.length;
    return constrained ? this.byConstraints(understood, passes, services, room) : this.byWords(understood, room);
  }

  /** What the agency offers: every service, in the content's order, each as good an answer as the next. */
  private offer(): Ranked {
    const { content, baseUrl } = this;
    const services = content.services.slice(0, resultLimit);
    return {
      results: services.map((service) => serviceResult(content, baseUrl, service, 1)),
      total: content.services.length,
    };
  }

  private byWords(understood: Understood, room: number): Ranked {
    const { content, baseUrl } = this;
    if (understood.terms.length === 0) return { results: [], total: 0 };
    const found = this.search.searchWithTotal(understood.terms.join(' '), {
      limit: room,
      related: this.related,
      anyTerm: true,
    });
    // A question's answer is a study or a service; the site's other pages follow them at half their score.
    const results = found.hits
      .map((hit) =>
        hit.caseStudySlug || this.serviceOfPage.has(hit.slug) ? hit : { ...hit, score: hit.score * otherPageWeight },
      )
      .sort((a, b) => b.score - a.score)
      .map((hit) => this.toResult(hit));
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

  private byConstraints(
    understood: Understood,
    passes: (facets: CaseStudyFacets) => boolean,
    services: Service[],
    room: number,
  ): Ranked {
    // Constraints decide what is an answer; the words left only order it: studies that match them
    // first, then the other studies that meet the constraints, newest first.
    const ranked =
      understood.terms.length > 0
        ? this.search.search(understood.terms.join(' '), {
            kind: 'case-study',
            caseStudy: passes,
            limit: room,
            related: this.related,
            anyTerm: true,
          })
        : [];
    const rest = this.search.listCaseStudies(passes, room - ranked.length, new Set(ranked.map((hit) => hit.slug)));
    // A study listed for the constraints alone scores 1 when no words were asked, 0 when it matches none of them.
    const listed = rest.hits.map((hit) => ({ ...hit, score: understood.terms.length > 0 ? 0 : 1 }));
    const studies = [...ranked, ...listed].map((hit) => this.toResult(hit));
    // The named service scores as the best study, so a client that sorts by score keeps it first.
    const lead = Math.max(1, ...studies.map((study) => study.score));
    return {
      results: [...services.map((service) => serviceResult(this.content, this.baseUrl, service, lead)), ...studies],
      total: rest.total,
    };
  }

  private toResult(hit: SearchHit): AskResult {
    const { content, baseUrl } = this;
    if (hit.caseStudySlug)
      return caseStudyResult(content, baseUrl, content.caseStudyBySlug(hit.caseStudySlug)!, hit.score);
    const service = this.serviceOfPage.get(hit.slug);
    return service ? serviceResult(content, baseUrl, service, hit.score) : pageResult(baseUrl, hit, hit.score);
  }
}

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
