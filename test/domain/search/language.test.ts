// Search in the content's language: the German agency's content (test/fixtures/hafenwerk) is found
// by German words with their endings, umlauts or none, and compounds; English analysis is unchanged.
import { strict as assert } from 'node:assert';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { demoContentDir } from '../../../src/config/config.ts';
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';
import { CompoundParts } from '../../../src/domain/search/compounds.ts';
import { createSearch, type SiteSearch } from '../../../src/domain/search/index.ts';
import { analyzerFor } from '../../../src/domain/search/language.ts';

const german = fileURLToPath(new URL('../../fixtures/hafenwerk', import.meta.url));

describe('the analysis of a language', () => {
  it('reads a regional tag as its language and an unknown one as English', () => {
    assert.equal(analyzerFor('de-AT').language, 'de');
    assert.equal(analyzerFor('fr').language, 'en');
  });

  it('folds German umlauts and ß, stems with Snowball and knows German stop words', () => {
    const de = analyzerFor('de');
    assert.equal(de.fold('Fachkräfte'), 'fachkrafte');
    assert.equal(de.fold('Straße'), 'strasse');
    assert.equal(de.stem(de.fold('Ersatzteile')), 'ersatzteil');
    assert.ok(de.isStopWord(de.fold('können')));
    assert.ok(!de.isStopWord('maschinenbau'));
  });

  it('leaves English words as the Porter stemmer always read them, unfolded', () => {
    const en = analyzerFor('en');
    assert.equal(en.fold('Café'), 'café');
    assert.equal(en.stem('studies'), 'studi');
  });
});

describe('compound words', () => {
  const stem = analyzerFor('de').stem;
  const parts = new CompoundParts<string>(stem);
  for (const term of ['ersatzteile', 'prazisionsteile', 'fachkrafte', 'teilenummern']) parts.add(term, term);
  const held = new Set(['fachkrafte', 'teilenummern', 'mangel']);
  const holds = (part: string): boolean => [...held].some((term) => term.startsWith(part));

  it('finds the compounds ending in a word, after a first part of their own', () => {
    assert.deepEqual([...parts.endingIn('teile')].map(([term]) => term).sort(), ['ersatzteile', 'prazisionsteile']);
    assert.deepEqual([...parts.endingIn('eile')], [], 'too short to be a word of its own');
  });

  it('splits a compound the index does not hold into the parts it does', () => {
    assert.deepEqual(parts.split('fachkraftemangel', holds), ['fachkrafte', 'mangel']);
    assert.deepEqual(parts.split('verschleissteile', holds), ['teile'], 'a word over a compound ending ("steile")');
    assert.deepEqual(parts.split('ausschreibung', holds), []);
  });
});

describe('the site search over German content', () => {
  let content: ContentCatalog;
  let search: SiteSearch;
  before(async () => {
    content = await loadContent(german);
    search = createSearch(content);
  });
  const slugs = (query: string): string[] => search.search(query, { limit: 20 }).map((hit) => hit.slug);

  it('finds a word written with or without its umlauts', () => {
    assert.deepEqual(slugs('Dämmstoffe'), ['case-studies/kessler-baustoffe']);
    assert.deepEqual(slugs('Dammstoffe'), slugs('Dämmstoffe'));
  });

  it('finds a compound by its last part and splits a compound the content does not write', () => {
    assert.ok(slugs('Teile').includes('case-studies/elbwerk-hydraulik'), 'Ersatzteile is a kind of Teile');
    assert.ok(slugs('Verschleißteile').includes('case-studies/elbwerk-hydraulik'));
    assert.deepEqual(slugs('Fachkräftemangel'), ['services/arbeitgebermarke']);
  });

  it('drops German stop words, so a question of nothing but them matches nothing', () => {
    assert.equal(search.searchWithTotal('Was können Sie für uns tun?').total, 0);
    assert.deepEqual(slugs('Maschinenbau für uns'), slugs('Maschinenbau'));
  });
});

describe('related words in a search', () => {
  it('count a word the content writes for the word asked, for their weight', async () => {
    const search = createSearch(await loadContent(demoContentDir));
    const related = (term: string) => (term === 'rivals' ? [{ term: 'competitors', weight: 0.5 }] : undefined);
    assert.deepEqual(search.search('rivals', { kind: 'case-study' }), []);
    const asked = search.search('rivals', { kind: 'case-study', related, limit: 100 });
    const written = search.search('competitors', { kind: 'case-study', limit: 100 });
    assert.ok(written.length > 0);
    assert.deepEqual(
      asked.map((hit) => hit.slug),
      written.map((hit) => hit.slug),
    );
    for (const [at, hit] of asked.entries()) assert.ok(Math.abs(hit.score - written[at]!.score / 2) <= 0.01, hit.slug);
  });
});
