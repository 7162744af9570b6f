// A value kept in the response cache and held on the object it belongs to (a page, a body): read
// there without a lookup while the cache keeps it, and never held past the moment the cache lets it
// go, whether evicted past the bound, dropped with its site's content, or replaced.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keptSlot, slotRenewEvery } from '../../src/cache/kept-slot.ts';
import { ResponseCache, textBytes } from '../../src/cache/response-cache.ts';
import { currentSiteKey, runInSite } from '../../src/domain/sites/site-scope.ts';

/** A make function that counts its calls. */
function counted(value: string): { make: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    make: async () => {
      calls++;
      return value;
    },
    calls: () => calls,
  };
}

describe('a kept value held in its slot', () => {
  it('is made once, then read from the slot and counted as a hit', async () => {
    const cache = new ResponseCache(1 << 20);
    const bodies = cache.namespace<string>('body', textBytes);
    const slot = keptSlot<string>();
    const about = counted('about');
    assert.equal(await bodies.rememberAsyncIn(slot, '/about', about.make), 'about');
    assert.equal(slot.value, 'about');
    for (let i = 0; i < 3 * slotRenewEvery; i++)
      assert.equal(bodies.rememberAsyncIn(slot, '/about', about.make), 'about');
    assert.equal(about.calls(), 1);
    assert.deepEqual(cache.stats().byUse.body, { hits: 3 * slotRenewEvery, misses: 1 });
  });

  it('lets go when the entry is evicted past the bound, and the next read makes it again', async () => {
    // Room for one body of 400 characters (800 bytes and the entry's overhead), not two.
    const cache = new ResponseCache(1500);
    const bodies = cache.namespace<string>('body', textBytes);
    const slot = keptSlot<string>();
    const first = counted('a'.repeat(400));
    await bodies.rememberAsyncIn(slot, '/first', first.make);
    bodies.set('/second', 'b'.repeat(400));
    assert.equal(slot.value, undefined, 'evicted, so no longer held');
    await bodies.rememberAsyncIn(slot, '/first', first.make);
    assert.equal(first.calls(), 2);
    assert.equal(slot.value, 'a'.repeat(400));
  });

  it('lets go when its site is cleared, or everything is, or the key is set anew', async () => {
    const cache = new ResponseCache(1 << 20, currentSiteKey);
    const bodies = cache.namespace<string>('body', textBytes);
    const ofA = keptSlot<string>();
    const ofB = keptSlot<string>();
    await runInSite('a', () => bodies.rememberAsyncIn(ofA, '/', async () => 'home of a'));
    await runInSite('b', () => bodies.rememberAsyncIn(ofB, '/', async () => 'home of b'));
    cache.clearSite('a');
    assert.equal(ofA.value, undefined);
    assert.equal(ofB.value, 'home of b', "the other site's stays held");
    runInSite('b', () => bodies.set('/', 'new home of b'));
    assert.equal(ofB.value, undefined, 'a value replaced under its key is not held');
    assert.equal(await runInSite('b', () => bodies.rememberAsyncIn(ofB, '/', async () => 'unused')), 'new home of b');
    assert.equal(ofB.value, 'new home of b');
    cache.clear();
    assert.equal(ofB.value, undefined);
  });

  it('holds nothing a computation begun before a clear made', async () => {
    const cache = new ResponseCache(1 << 20);
    const bodies = cache.namespace<string>('body', textBytes);
    const slot = keptSlot<string>();
    let finish!: (value: string) => void;
    const old = bodies.rememberAsyncIn(slot, '/about', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('old about');
    assert.equal(await old, 'old about');
    assert.equal(slot.value, undefined);
  });

  it('renews its place in the recency order, so a page read often outlives one read once', async () => {
    // Room for two bodies of 300 characters, not three.
    const cache = new ResponseCache(2000);
    const bodies = cache.namespace<string>('body', textBytes);
    const often = keptSlot<string>();
    await bodies.rememberAsyncIn(often, '/often', async () => 'o'.repeat(300));
    bodies.set('/once', 'x'.repeat(300));
    for (let i = 0; i < slotRenewEvery; i++) bodies.rememberAsyncIn(often, '/often', async () => 'unused');
    bodies.set('/new', 'n'.repeat(300));
    assert.equal(bodies.get('/once'), undefined, 'the least recently used goes');
    assert.equal(often.value, 'o'.repeat(300), 'the page read often stays');
  });
});
