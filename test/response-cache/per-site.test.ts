// With many sites, what one site's request keeps is never answered to another's: the cache keys
// every value under the site the current work is for, and one site's folder loaded again drops that
// site's values alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResponseCache, textBytes } from '../../src/cache/response-cache.ts';
import { currentSiteKey, runInSite } from '../../src/domain/sites/site-scope.ts';

describe('the response cache with many sites', () => {
  it('keeps a value for the site it was made for', async () => {
    const cache = new ResponseCache(1 << 20, currentSiteKey);
    const bodies = cache.namespace('body', textBytes);
    runInSite('a', () => bodies.set('/', 'page of a'));
    assert.equal(
      runInSite('b', () => bodies.remember('/', () => 'page of b')),
      'page of b',
    );
    assert.equal(
      runInSite('a', () => bodies.get('/')),
      'page of a',
    );
    assert.equal(bodies.get('/'), undefined, 'outside any site, neither is kept');
    const made = await runInSite('b', async () => bodies.rememberAsync('/later', async () => 'later of b'));
    assert.equal(made, 'later of b');
    assert.equal(
      runInSite('a', () => bodies.get('/later')),
      undefined,
    );
  });

  it("drops the values of one site when asked, keeping every other site's", async () => {
    const cache = new ResponseCache(1 << 20, currentSiteKey);
    const bodies = cache.namespace('body', textBytes);
    const results = cache.namespace('capability', textBytes);
    // A site whose key starts like another's ("a" and "ab") loses nothing when the other is cleared.
    for (const site of ['a', 'ab', 'b']) {
      runInSite(site, () => bodies.set('/', `page of ${site}`));
      runInSite(site, () => results.set('ask', `answer of ${site}`));
    }
    let finishOld!: (value: string) => void;
    const old = runInSite('a', () => bodies.rememberAsync('/slow', () => new Promise((done) => (finishOld = done))));
    cache.clearSite('a');
    finishOld('slow of the old a');
    assert.equal(await old, 'slow of the old a', 'its own callers still get their answer');
    assert.equal(
      runInSite('a', () => bodies.get('/slow') ?? bodies.get('/') ?? results.get('ask')),
      undefined,
    );
    for (const site of ['ab', 'b']) {
      assert.equal(
        runInSite(site, () => bodies.get('/')),
        `page of ${site}`,
      );
      assert.equal(
        runInSite(site, () => results.get('ask')),
        `answer of ${site}`,
      );
    }
    assert.equal(cache.stats().entries, 4);
  });
});
