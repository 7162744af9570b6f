// Emptying the cache when what its values were made from changed (the content folder loaded again):
// every kept value goes, and a computation that began before the clear answers its callers but is
// not kept, so nothing made from the old folder is served again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResponseCache, textBytes } from '../../src/cache/response-cache.ts';

describe('response cache clear', () => {
  it('drops every kept value of every namespace', () => {
    const cache = new ResponseCache(1 << 20);
    const pages = cache.namespace<string>('body', textBytes);
    const results = cache.namespace<string>('capability', textBytes);
    pages.set('/about', 'old about');
    results.set('ask founders', 'old answer');
    cache.clear();
    assert.equal(pages.get('/about'), undefined);
    assert.equal(results.get('ask founders'), undefined);
    assert.equal(cache.stats().entries, 0);
    assert.equal(
      pages.remember('/about', () => 'new about'),
      'new about',
    );
    assert.equal(pages.get('/about'), 'new about');
  });

  it('does not keep what a computation begun before the clear made, and starts a new one after it', async () => {
    const cache = new ResponseCache(1 << 20);
    const pages = cache.namespace<string>('body', textBytes);
    let finishOld!: (value: string) => void;
    const old = pages.rememberAsync('/about', () => new Promise<string>((resolve) => (finishOld = resolve)));
    cache.clear();
    const fresh = pages.rememberAsync('/about', async () => 'new about');
    finishOld('old about');
    assert.equal(await old, 'old about', 'its own callers still get their answer');
    assert.equal(await fresh, 'new about');
    assert.equal(pages.get('/about'), 'new about');
  });
});
