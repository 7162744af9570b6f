// Case studies grouped by industry and services, so a filter on those runs once per distinct pair in a
// search instead of once per matching study: per study it cost 0.65 ms for 5 700 matches of 10 000
// (scattered objects, string compares), three times the search itself (bench/search.ts). The
// company size is a facet too (the ask filters by it); sizes repeat, so the groups stay few.
import type { CaseStudy } from '../content/types.ts';

/** What a case-study filter may look at. */
export type CaseStudyFacets = Pick<CaseStudy, 'industry' | 'services' | 'companySize'>;

export class FacetTable {
  readonly #ids = new Map<string, number>();
  /** Facet id − 1 → facets. */
  readonly #facets: CaseStudyFacets[] = [];
  /** Document number → facet id; 0 when the document is not a case study. */
  readonly #ofDoc: number[] = [];

  /** Records the next document's facets (documents in index order; undefined for a page). */
  add(cs: CaseStudyFacets | undefined): void {
    if (!cs) {
      this.#ofDoc.push(0);
      return;
    }
    const key = `${cs.companySize ?? ''}\u0001${cs.industry ?? ''}\u0000${cs.services.join('\u0000')}`;
    let id = this.#ids.get(key);
    if (id === undefined) {
      this.#facets.push({
        industry: cs.industry,
        services: cs.services,
        ...(cs.companySize === undefined ? {} : { companySize: cs.companySize }),
      });
      id = this.#facets.length;
      this.#ids.set(key, id);
    }
    this.#ofDoc.push(id);
  }

  /** A document test for one search: case studies whose facets pass, asking `predicate` once per facet pair. */
  filter(predicate: (facets: CaseStudyFacets) => boolean): (doc: number) => boolean {
    const facets = this.#facets,
      ofDoc = this.#ofDoc;
    // 0 not asked yet, 1 passes, 2 fails.
    const verdicts = new Uint8Array(facets.length + 1);
    return (doc) => {
      const id = ofDoc[doc]!;
      if (id === 0) return false;
      let verdict = verdicts[id]!;
      if (verdict === 0) verdicts[id] = verdict = predicate(facets[id - 1]!) ? 1 : 2;
      return verdict === 1;
    };
  }
}
