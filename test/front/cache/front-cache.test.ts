// Front mode's HTTP cache through the running product, on real sockets to a real origin: a page the
// origin lets shared caches keep is answered from memory (Cache-Status says so), survives the origin
// going down under stale-if-error, and `agentsite cache purge` run as operators run it empties it.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { runAgentsite } from '../../helpers/agentsite-cli.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { closeServer } from '../../helpers/loopback-server.ts';

const asked: string[] = [];
let version = 1;
let failPosts = false;
function serveOrigin(): Server {
  return createServer((request, response) => {
    asked.push(request.url ?? '');
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (request.url === '/kept' || request.url === '/form') headers['cache-control'] = 'public, max-age=600';
    if (request.method === 'POST' && failPosts) return void response.writeHead(500).end();
    // Already stale when it arrives: every request asks the origin again, which may fail.
    if (request.url === '/resilient')
      Object.assign(headers, { 'cache-control': 'max-age=60, stale-if-error=600', age: '100' });
    if (request.url === '/session') {
      headers['cache-control'] = 'public, max-age=600';
      headers['set-cookie'] = 'session=abc; Path=/';
    }
    response.writeHead(200, headers).end(`<p>${request.url} version ${version}</p>`);
  });
}

let origin = serveOrigin();
let port = 0;
let product: TestApp;
let off: TestApp;
before(async () => {
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  port = (origin.address() as AddressInfo).port;
  product = await startTestApp({ ORIGIN_URL: `http://127.0.0.1:${port}` });
  off = await startTestApp({ ORIGIN_URL: `http://127.0.0.1:${port}`, ORIGIN_CACHE_MB: '0' });
});
after(async () => {
  await product?.stop();
  await off?.stop();
  await closeServer(origin);
});

const page = async (app: TestApp, path: string) => {
  const answer = await fetch(`${app.baseUrl}${path}`);
  const { headers } = answer;
  const [cache, link, vary] = [headers.get('cache-status'), headers.get('link'), headers.get('vary')];
  return { status: answer.status, cache, link, vary, text: await answer.text() };
};
const times = (path: string) => asked.filter((url) => url === path).length;

describe('front mode cache', () => {
  it('answers a page the origin lets shared caches keep from memory, once asked', async () => {
    const first = await page(product, '/kept');
    const second = await page(product, '/kept');
    const third = await page(product, '/kept');
    assert.equal(first.cache, 'agentsite; fwd=uri-miss; stored');
    assert.deepEqual([second.cache, second.text], ['agentsite; hit', first.text]);
    assert.equal(times('/kept'), 1);
    // What the product adds on the way out (discovery Link, Vary) is added once to each answer, never kept.
    assert.match(first.link ?? '', /rel="describedby"/);
    assert.deepEqual([second.vary, second.link], ['Accept', first.link]);
    assert.deepEqual([third.vary, third.link], ['Accept', first.link]);
  });

  it('asks the origin every time for a page that sets a cookie, and for every page with ORIGIN_CACHE_MB=0', async () => {
    const before = times('/session');
    await page(product, '/session');
    const again = await page(product, '/session');
    assert.equal(again.cache, 'agentsite; fwd=uri-miss');
    const kept = times('/kept');
    await page(off, '/kept');
    const uncached = await page(off, '/kept');
    assert.equal(uncached.cache, null);
    assert.equal(times('/session') - before, 2);
    assert.equal(times('/kept') - kept, 2);
  });

  it('drops a kept page once a POST to it succeeds at the origin, not when the POST fails', async () => {
    await page(product, '/form');
    assert.equal((await page(product, '/form')).cache, 'agentsite; hit');
    failPosts = true;
    await fetch(`${product.baseUrl}/form`, { method: 'POST', body: 'a=1' }).then((answer) => answer.text());
    assert.equal((await page(product, '/form')).cache, 'agentsite; hit', 'a failed POST changes nothing');
    failPosts = false;
    await fetch(`${product.baseUrl}/form`, { method: 'POST', body: 'a=1' }).then((answer) => answer.text());
    assert.equal((await page(product, '/form')).cache, 'agentsite; fwd=uri-miss; stored');
  });

  it('drops a page on agentsite cache purge <path>, run in its own process against the running product', async () => {
    await page(product, '/kept');
    version = 2;
    const purge = await runAgentsite(['cache', 'purge', '/kept'], {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      DATABASE_URL: product.databaseUrl,
    });
    assert.equal(purge.code, 0, purge.stderr);
    // The instance reads purges every 2 s: bounded wait for the page to come from the origin again.
    let after = await page(product, '/kept');
    for (let i = 0; i < 60 && after.cache === 'agentsite; hit'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await page(product, '/kept');
    }
    assert.equal(after.cache, 'agentsite; fwd=uri-miss; stored');
    assert.match(after.text, /version 2/);
  });

  it('serves a stale page while the origin is down (stale-if-error), and the 502 page for one it never kept', async () => {
    await page(product, '/resilient');
    assert.equal((await page(product, '/resilient')).cache, 'agentsite; fwd=uri-miss; stored');
    await closeServer(origin);
    try {
      const kept = await page(product, '/resilient');
      assert.deepEqual([kept.status, kept.cache], [200, 'agentsite; hit; detail=stale-if-error']);
      assert.match(kept.text, /\/resilient version 2/);
      assert.equal((await page(product, '/never-kept')).status, 502);
    } finally {
      origin = serveOrigin();
      await new Promise<void>((resolve) => origin.listen(port, '127.0.0.1', resolve));
    }
  });
});
