import { strict as assert } from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateContent } from '../../../bench/fixture.ts';
import { demoContentDir } from '../../../src/config/config.ts';
import { searchCaseStudies } from '../../../src/domain/agency/case-studies.ts';
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';
import type { CaseStudy } from '../../../src/domain/content/types.ts';
import { createSearch, type SiteSearch } from '../../../src/domain/search/index.ts';

// 49 demo studies plus 300 generated copies of them: "pipeline" matches far more than the 100 hits
// the search used to return before filtering. A generated study is its demo template with another
// client and date, so it matches a one-word query exactly when its template does: that is the oracle.
const query = 'pipeline';
const uniqueIndustry = 'Quantum Beekeeping';
let dir: string;
let catalog: ContentCatalog;
let search: SiteSearch;
/** Demo slugs matching the query, best first. */
let templateRanking: string[];
/** The generated study given an industry of its own: a copy of the weakest-ranked template. */
let lowRanked: string;

const templateOf = (slug: string): string => /^gen-\d{5}-(.+)$/.exec(slug)?.[1] ?? slug;
const trueCount = (filter: (cs: CaseStudy) => boolean = () => true): number =>
  catalog.caseStudies.filter((cs) => templateRanking.includes(templateOf(cs.slug)) && filter(cs)).length;

before(async () => {
  const demo = await loadContent(demoContentDir);
  templateRanking = createSearch(demo)
    .search(query, { kind: 'case-study', limit: 100 })
    .map((hit) => hit.caseStudySlug!);
  dir = generateContent(300);
  const studies = path.join(dir, 'case-studies');
  const copies = fs
    .readdirSync(studies)
    .filter((file) => templateOf(file.slice(0, -3)) === templateRanking.at(-1) && file.startsWith('gen-'));
  const file = path.join(studies, copies.sort().at(-1)!);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^industry: .*$/m, `industry: ${uniqueIndustry}`));
  lowRanked = path.basename(file, '.md');
  catalog = await loadContent(dir);
  search = createSearch(catalog);
});

after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('case-study search over more matches than one page of hits', () => {
  it('reports the true number of matching studies as total', () => {
    const result = searchCaseStudies(catalog, search, { query });
    assert.ok(trueCount() > 150, `the fixture has ${trueCount()} matches`);
    assert.equal(result.total, trueCount());
    assert.equal(result.items.length, 10);
    assert.equal(search.searchWithTotal(query, { kind: 'case-study', limit: 3 }).total, trueCount());
  });

  it('counts the matches passing the industry and service filters', () => {
    const cyber = searchCaseStudies(catalog, search, { query, industry: 'CYBER', limit: 49 });
    assert.equal(
      cyber.total,
      trueCount((cs) => cs.industry!.toLowerCase().includes('cyber')),
    );
    assert.ok(cyber.items.length > 0 && cyber.items.every((cs) => cs.industry!.toLowerCase().includes('cyber')));
    const service = 'account-based-marketing';
    const abm = searchCaseStudies(catalog, search, { query, service, limit: 49 });
    assert.ok(abm.total > 0);
    assert.equal(
      abm.total,
      trueCount((cs) => cs.services.includes(service)),
    );
    assert.ok(abm.items.every((cs) => cs.services.includes(service)));
  });

  it('finds a filtered match that ranks far below the first hundred', () => {
    const top = search.search(query, { kind: 'case-study', limit: 100 }).map((hit) => hit.caseStudySlug);
    assert.ok(!top.includes(lowRanked), 'the study is outside the unfiltered top 100');
    const result = searchCaseStudies(catalog, search, { query, industry: 'quantum bee' });
    assert.deepEqual(
      result.items.map((cs) => cs.slug),
      [lowRanked],
    );
    assert.equal(result.total, 1);
  });

  it('returns the best-ranked matches first, the same head for any limit', () => {
    const wide = searchCaseStudies(catalog, search, { query, industry: 'cyber', limit: 49 });
    for (const limit of [1, 7, 20]) {
      const narrow = searchCaseStudies(catalog, search, { query, industry: 'cyber', limit });
      assert.deepEqual(narrow, { ...wide, items: wide.items.slice(0, limit) });
    }
  });

  it('asks a case-study filter once per distinct industry and services, not once per match', () => {
    let calls = 0;
    const { total } = search.searchWithTotal(query, { caseStudy: () => (calls += 1) > 0 });
    const pairs = new Set(catalog.caseStudies.map((cs) => `${cs.industry}|${cs.services.join()}`));
    assert.equal(total, trueCount());
    assert.ok(calls > 0 && calls <= pairs.size, `${calls} calls for ${pairs.size} pairs`);
  });

  it('lists every study passing the filters, newest first, without a query', () => {
    const result = searchCaseStudies(catalog, search, { industry: uniqueIndustry });
    assert.deepEqual(
      { ...result, items: result.items.map((cs) => cs.slug) },
      { query: '', total: 1, items: [lowRanked] },
    );
    assert.equal(searchCaseStudies(catalog, search).total, catalog.caseStudies.length);
  });
});
