// The cache's namespaces: each holds one kind of value, sized as it declares, with its own hit and
// miss counts, and all of them share the one bound in bytes (a full namespace evicts another's
// least recently used entries).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResponseCache, textBytes } from '../../src/cache/response-cache.ts';

const bufferBytes = (value: Buffer): number => value.length;

describe('response cache namespaces', () => {
  it('keeps values apart by namespace and counts hits and misses per namespace', () => {
    const cache = new ResponseCache(1 << 20);
    const pages = cache.namespace<string>('rest', textBytes);
    const variants = cache.namespace<Buffer>('variant', bufferBytes);
    pages.set('/', '<h1>Home</h1>');
    variants.set('/', Buffer.from('compressed'));
    assert.equal(pages.get('/'), '<h1>Home</h1>');
    assert.equal(variants.get('/')?.toString(), 'compressed');
    assert.equal(pages.get('/about'), undefined);
    const { byUse } = cache.stats();
    assert.deepEqual(byUse.rest, { hits: 1, misses: 1 });
    assert.deepEqual(byUse.variant, { hits: 1, misses: 0 });
  });

  it('sizes each value as its namespace declares, under one bound for all namespaces', () => {
    const cache = new ResponseCache(64 * 1024);
    const pages = cache.namespace<string>('rest', textBytes);
    const variants = cache.namespace<Buffer>('variant', bufferBytes);
    pages.set('old', 'x'.repeat(10_000));
    assert.ok(cache.stats().bytes >= 20_000, 'a string is sized at two bytes per character');
    for (let i = 0; i < 4; i += 1) variants.set(`v${i}`, Buffer.alloc(12_000));
    assert.equal(pages.get('old'), undefined, 'the other namespace filled the shared bound');
    assert.ok(cache.stats().bytes <= 64 * 1024);
    assert.ok(cache.stats().evictions > 0);
    variants.set('huge', Buffer.alloc(65 * 1024));
    assert.equal(variants.get('huge'), undefined, 'a value larger than the bound is not kept');
  });

  it('gives the same namespace for the same declaration and refuses a second kind of value', () => {
    const cache = new ResponseCache(1 << 20);
    assert.equal(cache.namespace('variant', bufferBytes), cache.namespace('variant', bufferBytes));
    assert.throws(() => cache.namespace<Buffer>('variant', (value) => value.byteLength), /declared twice/);
  });

  it('computes once for concurrent misses and keeps no failure', async () => {
    const cache = new ResponseCache(1 << 20);
    const results = cache.namespace<string>('search', textBytes);
    let runs = 0;
    const make = async (): Promise<string> => {
      runs += 1;
      return 'found';
    };
    const [a, b] = await Promise.all([results.rememberAsync('q', make), results.rememberAsync('q', make)]);
    assert.deepEqual([a, b, runs], ['found', 'found', 1]);
    assert.equal(results.rememberAsync('q', make), 'found', 'kept: answered at once');
    await assert.rejects(async () => results.rememberAsync('bad', () => Promise.reject(new Error('down'))));
    assert.equal(await results.rememberAsync('bad', make), 'found', 'the failure was not kept');
    assert.equal(
      results.remember('sync', () => 'made'),
      'made',
    );
    assert.equal(
      results.remember('sync', () => 'again'),
      'made',
    );
  });
});
