import { strict as assert } from 'node:assert';
import { before, describe, it } from 'node:test';
import { demoContentDir } from '../../../src/config/config.ts';
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';
import { createSearch, type SearchOptions, type SiteSearch } from '../../../src/domain/search/index.ts';

let content: ContentCatalog;
let search: SiteSearch;
before(async () => {
  content = await loadContent(demoContentDir);
  search = createSearch(content);
});

const studies = (query: string, options: SearchOptions = {}): string[] =>
  search.search(query, { kind: 'case-study', limit: 100, ...options }).map((hit) => hit.caseStudySlug!);

describe('the site search over the demo content', () => {
  it('still finds a study when a word of five letters or more has one typo', () => {
    assert.deepEqual(studies('kubernets'), ['fennel-ops']);
    assert.deepEqual(studies('cybersecurty').sort(), studies('cybersecurity').sort());
    assert.ok(studies('cybersecurity').length >= 4);
  });

  it('finds longer words from a prefix of three letters or more', () => {
    assert.deepEqual(studies('kubern'), ['fennel-ops']);
    assert.deepEqual(studies('ku'), []);
  });

  it('lists only the studies holding every word when any does', () => {
    assert.ok(studies('webinar').length > 1);
    assert.deepEqual(studies('kubernetes webinar'), ['fennel-ops']);
  });

  it('falls back to studies holding any word when none holds them all', () => {
    assert.deepEqual(studies('kubernetes qwxzzy'), ['fennel-ops']);
    assert.deepEqual(studies('growth'), [], 'no case study mentions growth');
    assert.deepEqual(studies('pipeline growth'), studies('pipeline'));
    assert.ok(studies('pipeline').length > 10);
  });

  it('returns the head of the same ranking for a smaller limit, best score first', () => {
    const all = search.search('pipeline', { limit: 100 });
    for (const limit of [1, 5, 17]) assert.deepEqual(search.search('pipeline', { limit }), all.slice(0, limit));
    for (let i = 1; i < all.length; i += 1) assert.ok(all[i - 1]!.score >= all[i]!.score);
  });

  it('filters by section before ranking', () => {
    const hits = search.search('enterprise', { section: 'services', limit: 20 });
    assert.ok(hits.length > 0 && hits.every((hit) => hit.section === 'services' && hit.kind === 'page'));
  });
});
