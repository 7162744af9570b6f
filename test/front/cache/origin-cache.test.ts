// The front's HTTP cache against a real origin over loopback (origin-fixture.ts): how it
// revalidates, serves stale and conditional answers, stays within its bytes and purges.
import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { OriginCache } from '../../../src/surfaces/front/cache/origin-cache.ts';
import { OriginStore } from '../../../src/surfaces/front/cache/origin-store.ts';
import { asks, front, get, routes, seen, text, useOrigin } from './origin-fixture.ts';

useOrigin();

describe('the front cache: revalidating and serving', () => {
  it('revalidates a stale page with its ETag, and a 304 refreshes the stored headers and keeps the body', async () => {
    let version = 1;
    routes.set('/news', (headers) =>
      headers['if-none-match'] === '"v1"'
        ? { status: 304, headers: { etag: '"v1"', 'cache-control': 'max-age=600', 'x-checked': String(++version) } }
        : { headers: { etag: '"v1"', 'cache-control': 'max-age=60', age: '100', 'x-checked': '1' }, body: 'news' },
    );
    await text(await get('/news'));
    const revalidated = await get('/news');
    assert.equal(revalidated.outcome, 'revalidated');
    assert.equal(await text(revalidated), 'news');
    assert.equal(revalidated.status, 200);
    assert.equal(revalidated.headers['x-checked'], '2');
    assert.equal(seen.at(-1)?.headers['if-none-match'], '"v1"');
    const after304 = await get('/news');
    assert.deepEqual([after304.outcome, after304.headers['x-checked']], ['hit', '2']);
    assert.equal(asks('/news'), 2);
  });

  it('revalidates with Last-Modified when the page has no ETag', async () => {
    const modified = 'Tue, 01 Sep 2026 10:00:00 GMT';
    routes.set('/dated', (headers) =>
      headers['if-modified-since'] === modified
        ? { status: 304, headers: { 'last-modified': modified, 'cache-control': 'max-age=60', age: '100' } }
        : { headers: { 'last-modified': modified, 'cache-control': 'max-age=60', age: '100' }, body: 'dated' },
    );
    await text(await get('/dated'));
    const again = await get('/dated');
    assert.deepEqual([again.outcome, await text(again)], ['revalidated', 'dated']);
  });

  it('serves a stale page at once under stale-while-revalidate and refreshes it behind, once', async () => {
    let body = 'old';
    routes.set('/swr', () => ({
      headers: { 'cache-control': 'max-age=60, stale-while-revalidate=600', age: body === 'old' ? '100' : '0' },
      body,
    }));
    await text(await get('/swr'));
    body = 'new';
    const [one, two] = await Promise.all([get('/swr'), get('/swr')]);
    assert.deepEqual([one.outcome, await text(one), two.outcome, await text(two)], ['stale', 'old', 'stale', 'old']);
    for (let i = 0; i < 200 && asks('/swr') < 2; i++) await new Promise((resolve) => setImmediate(resolve));
    let refreshed = await get('/swr');
    for (let i = 0; i < 200 && refreshed.outcome !== 'hit'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      refreshed = await get('/swr');
    }
    assert.deepEqual([refreshed.outcome, await text(refreshed)], ['hit', 'new']);
    assert.equal(asks('/swr'), 2);
  });

  it('serves a stale page under stale-if-error while the origin is down or failing, and not past the allowance', async () => {
    let status = 200;
    routes.set('/sie', () => ({
      status,
      headers: { 'cache-control': 'max-age=60, stale-if-error=600', age: '100' },
      body: status === 200 ? 'kept' : 'broken',
    }));
    routes.set('/too-old', () => ({
      headers: { 'cache-control': 'max-age=60, stale-if-error=10', age: '100' },
      body: 'x',
    }));
    await text(await get('/sie'));
    await text(await get('/too-old'));
    front.down = true;
    const whileDown = await get('/sie');
    assert.deepEqual([whileDown.outcome, await text(whileDown)], ['stale-if-error', 'kept']);
    await assert.rejects(get('/too-old'), /ECONNREFUSED/);
    front.down = false;
    status = 503;
    const whileFailing = await get('/sie');
    assert.deepEqual([whileFailing.status, await text(whileFailing)], [200, 'kept']);
  });

  it("answers a client's own conditional request with 304 from a stored page", async () => {
    routes.set('/etagged', () => ({ headers: { etag: '"abc"', 'cache-control': 'max-age=600' }, body: 'body' }));
    const first = await get('/etagged', { 'if-none-match': '"abc"' });
    assert.equal(first.status, 304);
    assert.equal(seen.at(-1)?.headers['if-none-match'], undefined);
    const hit = await get('/etagged', { 'if-none-match': '"abc"' });
    assert.deepEqual([hit.status, hit.outcome, hit.body], [304, 'hit', undefined]);
    assert.equal((await get('/etagged', { 'if-none-match': '"other"' })).status, 200);
  });

  it('answers HEAD from a stored GET without a body, and passes a HEAD it has not stored', async () => {
    routes.set('/head', () => ({ headers: { 'cache-control': 'max-age=600' }, body: 'page' }));
    const passed = await get('/head', {}, 'HEAD');
    assert.equal(passed.outcome, 'miss');
    await text(await get('/head'));
    const head = await get('/head', {}, 'HEAD');
    assert.deepEqual([head.outcome, head.body], ['hit', undefined]);
  });

  it('keeps within its bytes, dropping the least recently used page, and never keeps one over an eighth of them', async () => {
    front.cache = new OriginCache(new OriginStore(40_000));
    const page = 'x'.repeat(4_000);
    for (const path of ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h', '/i'])
      routes.set(path, () => ({ headers: { 'cache-control': 'max-age=600' }, body: page }));
    routes.set('/big', () => ({ headers: { 'cache-control': 'max-age=600' }, body: 'y'.repeat(6_000) }));
    await text(await get('/big'));
    assert.equal((await get('/big')).outcome, 'stored');
    for (const path of ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h']) await text(await get(path));
    await text(await get('/a')); // /a is used again: /b is now the oldest
    await text(await get('/i'));
    assert.equal((await get('/a')).outcome, 'hit');
    assert.equal((await get('/b')).outcome, 'stored');
  });

  it('drops every page, or every query and variant of one path, when purged', async () => {
    for (const path of ['/one', '/two'])
      routes.set(path, () => ({ headers: { 'cache-control': 'max-age=600' }, body: path }));
    for (const url of ['/one', '/one?page=2', '/two']) await text(await get(url));
    assert.equal(front.cache.purge('/one'), 2);
    const again = await get('/one?page=2');
    await text(again);
    assert.equal(again.outcome, 'stored');
    assert.equal((await get('/two')).outcome, 'hit');
    assert.equal(front.cache.purge(), 2);
    assert.equal((await get('/two')).outcome, 'stored');
  });

  it("keeps each site's answers apart, and purges one site's without touching another's", async () => {
    routes.set('/shared', () => ({ headers: { 'cache-control': 'max-age=600' }, body: 'shared' }));
    const outcome = async (site: string): Promise<string> => {
      const answer = await get('/shared', {}, 'GET', site);
      await text(answer);
      return answer.outcome;
    };
    for (const site of ['north', 'south'])
      assert.deepEqual([await outcome(site), await outcome(site)], ['stored', 'hit']);
    assert.equal(await outcome('west'), 'stored', 'a third site asks its own origin');
    assert.equal(front.cache.purge('/shared', 'north'), 1);
    assert.equal(await outcome('north'), 'stored');
    assert.equal(await outcome('south'), 'hit');
    assert.equal(front.cache.purge(undefined, 'south'), 1);
    assert.equal(await outcome('south'), 'stored');
    assert.equal(await outcome('west'), 'hit');
  });

  it('does not keep an answer cut off on the way', async () => {
    const store = new OriginStore(1024 * 1024);
    const broken = new OriginCache(store);
    const request = { method: 'GET', target: '/cut', headers: { host: 'origin.test' } };
    const body = new Readable({ read() {} });
    const answer = await broken.answer(request, async () => ({
      status: 200,
      headers: { 'cache-control': 'max-age=600', 'content-length': '10' },
      body,
    }));
    body.push('part');
    body.destroy(new Error('origin went away'));
    await assert.rejects(text(answer));
    assert.equal(store.size, 0);
  });
});
