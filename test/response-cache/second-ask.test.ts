// The second-ask rule: a key's value is kept from the second time it is asked, so keys asked once
// (free-text searches and questions) never fill the cache, while repeated ones are answered from it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResponseCache, textBytes } from '../../src/cache/response-cache.ts';
import { keptFromSecondAsk } from '../../src/cache/second-ask.ts';

describe('values kept from their second ask', () => {
  it('keeps nothing of keys asked once, and counts each ask once as a miss', () => {
    const cache = new ResponseCache(1 << 20);
    const readings = keptFromSecondAsk(cache.namespace<string>('query', textBytes));
    for (let n = 0; n < 100; n += 1)
      assert.equal(
        readings.remember(`question ${n}`, () => `read ${n}`),
        `read ${n}`,
      );
    assert.equal(cache.stats().entries, 0);
    assert.deepEqual(cache.stats().byUse.query, { hits: 0, misses: 100 });
  });

  it('makes a key asked again once more and keeps it, then answers it from the cache', () => {
    const cache = new ResponseCache(1 << 20);
    const readings = keptFromSecondAsk(cache.namespace<string>('query', textBytes));
    const made: string[] = [];
    const ask = (key: string): string =>
      readings.remember(key, () => {
        made.push(key);
        return `read ${key}`;
      });
    ask('pricing');
    ask('pricing');
    assert.equal(cache.stats().entries, 1);
    assert.equal(ask('pricing'), 'read pricing');
    assert.deepEqual(made, ['pricing', 'pricing']);
    assert.deepEqual(cache.stats().byUse.query, { hits: 1, misses: 2 });
  });

  it('shares one computation among concurrent asks of a kept key and keeps no failure', async () => {
    const cache = new ResponseCache(1 << 20);
    const results = keptFromSecondAsk(cache.namespace<string>('capability', textBytes));
    let runs = 0;
    const make = async (): Promise<string> => `result ${(runs += 1)}`;
    assert.equal(await results.rememberAsync('search a', make), 'result 1');
    const [second, concurrent] = await Promise.all([
      results.rememberAsync('search a', make),
      results.rememberAsync('search a', make),
    ]);
    assert.equal(second, 'result 2');
    assert.equal(concurrent, 'result 2');
    assert.equal(await results.rememberAsync('search a', make), 'result 2');
    const failing = async (): Promise<string> => {
      throw new Error('no answer');
    };
    await assert.rejects(async () => results.rememberAsync('search b', failing));
    await assert.rejects(async () => results.rememberAsync('search b', failing));
    assert.equal(await results.rememberAsync('search b', make), 'result 3', 'a failure is not kept');
    assert.equal(cache.stats().entries, 2);
  });
});
