// With many sites, what one site's request keeps is never answered to another's: the cache keys
// every value under the site the current work is for.
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
});
