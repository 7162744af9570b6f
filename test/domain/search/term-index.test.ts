import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { TermIndex, termsOf, type TermQuery } from '../../../src/domain/search/term-index.ts';

const boosts = { title: 3, body: 1 };

/** The same documents in MiniSearch, the reference for scores. */
function both(docs: { title: string; body: string }[]): { ours: TermIndex; theirs: MiniSearch } {
  const ours = new TermIndex(Object.values(boosts));
  const theirs = new MiniSearch({ fields: Object.keys(boosts), searchOptions: { boost: boosts } });
  docs.forEach((doc, id) => {
    ours.add([doc.title, doc.body]);
    theirs.add({ id, ...doc });
  });
  return { ours, theirs };
}

const query = (text: string, limit = 1000, fuzzy = 0): TermQuery => ({
  terms: termsOf(text),
  prefix: (term) => term.length >= 3,
  fuzzy: () => fuzzy,
  accept: () => true,
  limit,
});

/** MiniSearch's all-terms search, falling back to any term, as document number → score. */
function reference(theirs: MiniSearch, text: string, fuzzy: number | false = false): Map<number, number> {
  const options = { prefix: (term: string) => term.length >= 3, fuzzy, maxFuzzy: 1 };
  let results = theirs.search(text, { ...options, combineWith: 'AND' });
  if (results.length === 0) results = theirs.search(text, { ...options, combineWith: 'OR' });
  return new Map(results.map((result) => [result.id as number, result.score]));
}

function assertSameScores(actual: { doc: number; score: number }[], expected: Map<number, number>): void {
  assert.deepEqual(actual.map((r) => r.doc).sort(), [...expected.keys()].sort());
  for (const { doc, score } of actual)
    assert.ok(Math.abs(score - expected.get(doc)!) < 1e-9 * Math.max(1, score), `document ${doc}`);
}

const docs = [
  { title: 'Pipeline up 140%', body: 'A webinar series for Kubernetes teams grew pipeline and meetings.' },
  { title: 'Enterprise security', body: 'Account-based marketing for enterprise security buyers.' },
  { title: 'Webinars that work', body: 'Webinar follow-up sequences; SDR playbooks; pipeline reviews.' },
  { title: 'Fintech payroll', body: 'Paid media for a fintech payroll platform.' },
];

describe('the term index', () => {
  it('scores exact and prefix matches as MiniSearch does', () => {
    const { ours, theirs } = both(docs);
    for (const text of [
      'pipeline',
      'webinar',
      'webin',
      'enterprise security',
      'pipeline kubernetes',
      'pipeline fintech',
    ]) {
      assertSameScores(ours.search(query(text)).ranked, reference(theirs, text));
    }
  });

  it('scores a typo as MiniSearch does when the word matches nothing as typed', () => {
    const { ours, theirs } = both(docs);
    assertSameScores(ours.search(query('kubernets', 1000, 1)).ranked, reference(theirs, 'kubernets', 1));
    assert.deepEqual(
      ours.search(query('kubernets')),
      { ranked: [], total: 0 },
      'no fuzzy match without an edit distance',
    );
  });

  it('keeps the best documents for any limit, ties in the order they were added, and counts them all', () => {
    const vocabulary = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
    const text = fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: text, body: text }), { minLength: 1, maxLength: 30 }),
        // Distinct words: a repeated word counts once here, twice in MiniSearch.
        fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 10 }),
        (corpus, words, limit) => {
          const { ours, theirs } = both(corpus);
          const { ranked: all, total } = ours.search(query(words.join(' ')));
          assert.equal(total, all.length);
          assertSameScores(all, reference(theirs, words.join(' ')));
          for (let i = 1; i < all.length; i += 1) {
            assert.ok(
              all[i - 1]!.score > all[i]!.score ||
                (all[i - 1]!.score === all[i]!.score && all[i - 1]!.doc < all[i]!.doc),
            );
          }
          assert.deepEqual(ours.search(query(words.join(' '), limit)), { ranked: all.slice(0, limit), total });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts and ranks only the documents it accepts, falling back to any term among them', () => {
    const { ours } = both(docs);
    const among = (accept: (doc: number) => boolean): { docs: number[]; total: number } => {
      const { ranked, total } = ours.search({ ...query('pipeline kubernetes'), accept });
      return { docs: ranked.map((r) => r.doc), total };
    };
    // Document 0 holds both words, so document 2 (pipeline only) does not count beside it.
    assert.deepEqual(
      among((doc) => doc % 2 === 0),
      { docs: [0], total: 1 },
    );
    // Without document 0 none holds both, so those holding either word count: document 2.
    assert.deepEqual(
      among((doc) => doc !== 0),
      { docs: [2], total: 1 },
    );
  });
});
