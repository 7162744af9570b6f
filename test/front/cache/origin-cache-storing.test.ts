// The front's HTTP cache against a real origin over loopback (origin-fixture.ts): what it stores
// and what it never keeps.
import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import type { OriginRequest } from '../../../src/surfaces/front/cache/answers.ts';
import { asks, front, get, routes, text, useOrigin } from './origin-fixture.ts';

useOrigin();

describe('the front cache: what it stores', () => {
  it('keeps bytes of its own for a body read whole as a view of a larger read', async () => {
    // As a page arrives with its headers: the body is the end of one read's bytes.
    const read = Buffer.alloc(20_000, 'h');
    const page = read.subarray(15_000).fill('p');
    const request: OriginRequest = { method: 'GET', target: '/whole', headers: { host: 'origin.test' } };
    const headers = { 'cache-control': 'max-age=60' };
    const ask = async () => ({ status: 200, headers: { ...headers }, body: Readable.from([page]), bytes: page });
    assert.equal((await front.cache.answer(request, ask)).outcome, 'stored');
    const hit = await front.cache.answer(request, ask);
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
});
