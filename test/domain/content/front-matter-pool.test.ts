// Splitting many markdown files: a worker thread takes half of a large batch, and the outcomes come
// back in order, a bad file as an outcome with the same message the loader reports.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitMany, splitOne } from '../../../src/domain/content/front-matter-pool.ts';

const file = (i: number): string => `---\nclient: Client ${i}\nservices:\n  - seo\n---\n\nBody ${i}\n`;

describe('front-matter pool', () => {
  it('splits a large batch in order, across a worker thread, with a bad file as an outcome', async () => {
    const sources = Array.from({ length: 3_000 }, (_, i) => (i === 2_500 ? 'no front matter' : file(i)));
    const outcomes = await splitMany(sources);
    assert.equal(outcomes.length, 3_000);
    assert.deepEqual(outcomes[0], { ok: true, file: { data: { client: 'Client 0', services: ['seo'] }, body: 'Body 0\n' } });
    assert.deepEqual(outcomes[2_999], splitOne(file(2_999)));
    assert.deepEqual(outcomes[2_500], splitOne('no front matter'));
    assert.equal(outcomes[2_500]!.ok, false);
  });

  it('splits a small batch on this thread', async () => {
    assert.deepEqual(await splitMany([file(1)]), [splitOne(file(1))]);
  });
});
