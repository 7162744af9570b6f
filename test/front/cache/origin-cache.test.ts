// The front's HTTP cache against a real origin over loopback: what it stores and reuses, how it
// revalidates, serves stale and stays within its bytes. Each origin path answers with the headers
// its test needs; `Age` makes an answer old without waiting for the clock.
import { strict as assert } from 'node:assert';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { after, before, beforeEach, describe, it } from 'node:test';
import { request as undiciRequest } from 'undici';
import type { CachedAnswer, OriginRequest } from '../../../src/surfaces/front/cache/answers.ts';
import { OriginCache } from '../../../src/surfaces/front/cache/origin-cache.ts';
import { OriginStore } from '../../../src/surfaces/front/cache/origin-store.ts';
import { closeServer, listenOnLoopback } from '../../helpers/loopback-server.ts';

interface Route {
  status?: number;
  headers: Record<string, string | string[] | undefined>;
  body?: string;
}

const routes = new Map<string, (headers: IncomingHttpHeaders) => Route>();
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const origin = createServer((request, response) => {
  seen.push({ url: request.url ?? '', headers: request.headers });
  const route = routes.get((request.url ?? '').split('?')[0] ?? '');
  if (!route) return void response.writeHead(404).end();
  const { status = 200, headers, body = '' } = route(request.headers);
  response.writeHead(status, headers).end(request.method === 'HEAD' ? undefined : body);
});
let base = '';
let down = false;

before(async () => {
  base = await listenOnLoopback(origin);
});
after(() => closeServer(origin));
beforeEach(() => {
  routes.clear();
  seen.length = 0;
  down = false;
});

let cache = new OriginCache(new OriginStore(1024 * 1024));
const fresh = () => (cache = new OriginCache(new OriginStore(1024 * 1024)));

async function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  site?: string,
): Promise<CachedAnswer> {
  const request: OriginRequest = { method, target: url, headers: { host: 'origin.test', ...headers }, site };
  return cache.answer(request, async (asked) => {
    if (down) throw new Error('connect ECONNREFUSED');
    const answer = await undiciRequest(`${base}${url}`, { method, headers: asked as Record<string, string> });
    return { status: answer.statusCode, headers: answer.headers as IncomingHttpHeaders, body: answer.body };
  });
}

async function text(answer: CachedAnswer): Promise<string> {
  if (answer.body === undefined) return '';
  if (Buffer.isBuffer(answer.body)) return answer.body.toString();
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const asks = (path: string): number => seen.filter((request) => request.url.split('?')[0] === path).length;

describe('the front cache', () => {
  beforeEach(fresh);

  it('keeps bytes of its own for a body read whole as a view of a larger read', async () => {
    // As a page arrives with its headers: the body is the end of one read's bytes.
    const read = Buffer.alloc(20_000, 'h');
    const page = read.subarray(15_000).fill('p');
    const request: OriginRequest = { method: 'GET', target: '/whole', headers: { host: 'origin.test' } };
    const headers = { 'cache-control': 'max-age=60' };
    const ask = async () => ({ status: 200, headers: { ...headers }, body: Readable.from([page]), bytes: page });
    assert.equal((await cache.answer(request, ask)).outcome, 'stored');
    const hit = await cache.answer(request, ask);
    assert.equal(hit.outcome, 'hit');
    const kept = hit.body as Buffer;
    assert.equal(kept.toString(), 'p'.repeat(5_000));
    assert.equal(kept.buffer.byteLength, 5_000, 'the stored body holds its own 5 000 bytes, not the 20 000 read');
  });

  it('answers a page the origin marks max-age from memory, with its Age, without asking the origin again', async () => {
    routes.set('/page', () => ({ headers: { 'cache-control': 'max-age=600', age: '20' }, body: 'page one' }));
    const first = await get('/page');
    assert.equal(first.outcome, 'stored');
    assert.equal(await text(first), 'page one');
    const second = await get('/page');
    assert.equal(second.outcome, 'hit');
    assert.equal(await text(second), 'page one');
    assert.ok(Number(second.headers.age) >= 20);
    assert.equal(asks('/page'), 1);
  });

  it('reads a field the origin repeats as one list, as HTTP combines them', async () => {
    routes.set('/twice', () => ({ headers: { 'cache-control': ['public', 'max-age=600'] }, body: 'twice' }));
    await text(await get('/twice'));
    const again = await get('/twice');
    assert.deepEqual([again.outcome, again.headers['cache-control']], ['hit', 'public, max-age=600']);
  });

  it('reuses a 304 that names no validator for the stored page it was asked about', async () => {
    routes.set('/bare-304', (headers) =>
      headers['if-none-match']
        ? { status: 304, headers: { 'cache-control': 'max-age=600' } }
        : { headers: { etag: '"e1"', 'cache-control': 'max-age=60', age: '100' }, body: 'kept body' },
    );
    await text(await get('/bare-304'));
    const revalidated = await get('/bare-304');
    assert.deepEqual([revalidated.outcome, await text(revalidated)], ['revalidated', 'kept body']);
    assert.equal(asks('/bare-304'), 2);
  });

  it('never stores an answer marked no-store or private, nor one that sets a cookie', async () => {
    routes.set('/no-store', () => ({ headers: { 'cache-control': 'no-store, max-age=600' }, body: 'x' }));
    routes.set('/private', () => ({ headers: { 'cache-control': 'private, max-age=600' }, body: 'x' }));
    routes.set('/cookie', () => ({
      headers: { 'cache-control': 'public, max-age=600', 'set-cookie': 's=1' },
      body: 'x',
    }));
    for (const path of ['/no-store', '/private', '/cookie']) {
      await text(await get(path));
      const again = await get(path);
      await text(again);
      assert.equal(again.outcome, 'miss', path);
      assert.equal(asks(path), 2, path);
    }
  });

  it('keeps nothing that could never be reused: no freshness, no validator', async () => {
    routes.set('/plain', () => ({ headers: { 'content-type': 'text/html' }, body: 'plain' }));
    routes.set('/validated', (headers) =>
      headers['if-none-match'] === '"v"'
        ? { status: 304, headers: { etag: '"v"' } }
        : { headers: { etag: '"v"' }, body: 'validated' },
    );
    await text(await get('/plain'));
    await text(await get('/validated'));
    assert.equal((await get('/plain')).outcome, 'miss');
    assert.equal((await get('/validated')).outcome, 'revalidated');
  });

  it('does not share an answer to an authorised request unless the origin marks it public', async () => {
    routes.set('/account', () => ({ headers: { 'cache-control': 'max-age=600' }, body: 'mine' }));
    routes.set('/shared', () => ({ headers: { 'cache-control': 'public, max-age=600' }, body: 'ours' }));
    await text(await get('/account', { authorization: 'Bearer a' }));
    assert.equal((await get('/account')).outcome, 'stored');
    await text(await get('/shared', { authorization: 'Bearer a' }));
    assert.equal((await get('/shared')).outcome, 'hit');
  });

  it('keeps one variant per value of the request header its Vary names', async () => {
    routes.set('/greeting', (headers) => ({
      headers: { 'cache-control': 'max-age=600', vary: 'Accept-Language' },
      body: headers['accept-language'] === 'de' ? 'Hallo' : 'Hello',
    }));
    assert.equal(await text(await get('/greeting', { 'accept-language': 'de' })), 'Hallo');
    assert.equal(await text(await get('/greeting', { 'accept-language': 'en' })), 'Hello');
    const german = await get('/greeting', { 'accept-language': 'de' });
    assert.deepEqual([german.outcome, await text(german)], ['hit', 'Hallo']);
    const english = await get('/greeting', { 'accept-language': 'en' });
    assert.deepEqual([english.outcome, await text(english)], ['hit', 'Hello']);
    assert.equal(asks('/greeting'), 2);
  });

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
    down = true;
    const whileDown = await get('/sie');
    assert.deepEqual([whileDown.outcome, await text(whileDown)], ['stale-if-error', 'kept']);
    await assert.rejects(get('/too-old'), /ECONNREFUSED/);
    down = false;
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
    cache = new OriginCache(new OriginStore(40_000));
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
    assert.equal(cache.purge('/one'), 2);
    const again = await get('/one?page=2');
    await text(again);
    assert.equal(again.outcome, 'stored');
    assert.equal((await get('/two')).outcome, 'hit');
    assert.equal(cache.purge(), 2);
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
    assert.equal(cache.purge('/shared', 'north'), 1);
    assert.equal(await outcome('north'), 'stored');
    assert.equal(await outcome('south'), 'hit');
    assert.equal(cache.purge(undefined, 'south'), 1);
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
