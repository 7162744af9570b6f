// The bounded memo behind the process-lifetime caches: values come back until the bound is reached,
// then the memo starts over empty rather than growing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoundedMemo } from '../src/cache/bounded-memo.ts';

describe('bounded memo', () => {
  it('keeps up to its bound, then empties itself before taking the next key', () => {
    const memo = new BoundedMemo<string, number>(3);
    assert.equal(memo.set('a', 1), 1);
    memo.set('b', 2);
    memo.set('c', 3);
    assert.deepEqual(
      ['a', 'b', 'c'].map((k) => memo.get(k)),
      [1, 2, 3],
    );
    memo.set('c', 30); // full: a set, even of a known key, starts over
    assert.deepEqual(
      ['a', 'b', 'c'].map((k) => memo.get(k)),
      [undefined, undefined, 30],
    );
  });
});
