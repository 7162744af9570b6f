// Front mode's bounds on the pass-through: an origin that sends no headers in time, a request body
// larger than ORIGIN_REQUEST_BODY_MB, an answer larger than ORIGIN_RESPONSE_BODY_MB; and the
// ORIGIN_URL a configuration accepts.
import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { closeServer, listenOnLoopback } from '../helpers/loopback-server.ts';
import { pages } from './origin-site.ts';

const megabyte = 1024 * 1024;
let product: TestApp;
const origin = createServer((request, response) => {
  if (request.url === '/slow') return; // never answers
  if (request.url === '/huge') {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    response.end(Buffer.alloc(2 * megabyte, 1));
    return;
  }
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'text/html' }).end(pages['/']));
});

before(async () => {
  product = await startTestApp({
    ORIGIN_URL: await listenOnLoopback(origin),
    ORIGIN_TIMEOUT_MS: '300',
    ORIGIN_REQUEST_BODY_MB: '1',
    ORIGIN_RESPONSE_BODY_MB: '1',
  });
});
after(async () => {
  await product?.stop();
  await closeServer(origin);
});

describe('front mode bounds', () => {
  it('gives the 504 page when the origin sends no headers within ORIGIN_TIMEOUT_MS', async () => {
    const started = Date.now();
    const slow = await product.app.http.inject({ method: 'GET', url: '/slow' });
    assert.equal(slow.statusCode, 504);
    assert.match(slow.body, /taking too long/);
    assert.ok(Date.now() - started < 3_000);
  });

  it('refuses a request body declared larger than ORIGIN_REQUEST_BODY_MB, and passes a smaller one', async () => {
    const post = (bytes: number) =>
      product.app.http.inject({
        method: 'POST',
        url: '/upload',
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(bytes, 1),
      });
    assert.equal((await post(megabyte + 1)).statusCode, 413);
    assert.equal((await post(1000)).statusCode, 200);
  });

  it('cuts off an answer larger than ORIGIN_RESPONSE_BODY_MB', async () => {
    await assert.rejects(async () => {
      const response = await fetch(`${product.baseUrl}/huge`);
      await response.arrayBuffer();
    });
  });

  it('accepts an origin only as ORIGIN_URL', () => {
    assert.equal(
      loadConfig({ ORIGIN_URL: 'https://www.agency.example/' }).front?.originUrl,
      'https://www.agency.example',
    );
    assert.equal(loadConfig({}).front, undefined, 'site mode');
    assert.throws(
      () => loadConfig({ ORIGIN_URL: 'https://www.agency.example/en/' }),
      /ORIGIN_URL must be an origin only/,
    );
    assert.throws(() => loadConfig({ ORIGIN_URL: 'ftp://agency.example' }), /ORIGIN_URL must be an http or https/);
  });
});
