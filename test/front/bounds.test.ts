// Front mode under an origin that holds requests, on real sockets: uploads that never finish free
// their connections to the origin, a full queue gets the 503 page at once, a wait past
// ORIGIN_TIMEOUT_MS the 504 page, and /agent/health answers throughout.
import { strict as assert } from 'node:assert';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openRaw, type RawConnection } from '../helpers/raw-http.ts';
import { type ScriptedOrigin, startScriptedOrigin } from './scripted-origin.ts';

let origin: ScriptedOrigin;
let product: TestApp;
const held: ServerResponse[] = [];
const stalled: RawConnection[] = [];
const connections = 4;

before(async () => {
  origin = await startScriptedOrigin();
  origin.on('/held', (_request, response) => void held.push(response));
  product = await startTestApp({
    ORIGIN_URL: origin.url,
    ORIGIN_TIMEOUT_MS: '400',
    ORIGIN_CONNECTIONS: String(connections),
    ORIGIN_QUEUE: '2',
  });
});
after(async () => {
  for (const connection of stalled) connection.socket.destroy();
  for (const response of held) response.destroy();
  await product?.stop();
  await origin?.close();
});

const port = (): number => Number(new URL(product.baseUrl).port);

describe('front mode bounds on the way to the origin', () => {
  it('frees the connections of uploads that stall, so page views and health still answer', async () => {
    // Stalled uploads in every connection to the origin and every place of the queue: each
    // declares a body and stops.
    for (let index = 0; index < connections + 2; index += 1)
      stalled.push(
        await openRaw(port(), 'POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\nthe start'),
      );
    const answers = await Promise.all(stalled.map((connection) => connection.closed));
    // Each is answered by front mode's own deadline, not the listener's far longer request timeout:
    // 408 for its upload, or the 504 page for its wait in the queue; and closed.
    for (const { text, closedByServer } of answers) {
      assert.match(text, /^HTTP\/1\.1 (408 [\s\S]*stopped arriving|504 [\s\S]*taking too long)/);
      assert.ok(closedByServer);
    }
    const started = Date.now();
    const page = await fetch(`${product.baseUrl}/page`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /the origin page/);
    assert.ok(Date.now() - started < 2_000, 'a free connection, no wait on the stalled uploads');
    assert.equal((await fetch(`${product.baseUrl}/agent/health`)).status, 200);
  });

  it('gives the 503 page at once when the queue is full, and the 504 page past the wait', async () => {
    // Every connection held by the origin, then the queue's two places taken.
    const holding = Array.from({ length: connections + 2 }, () => fetch(`${product.baseUrl}/held`));
    for (let turn = 0; turn < 400 && held.length < connections; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(held.length, connections);
    const busy = await fetch(`${product.baseUrl}/page`);
    assert.equal(busy.status, 503);
    assert.match(await busy.text(), /more visitors than it can answer/);
    assert.equal(busy.headers.get('cache-control'), 'no-store');
    assert.equal((await fetch(`${product.baseUrl}/agent/health`)).status, 200);
    const slow = await Promise.all(holding);
    for (const response of slow) {
      assert.equal(response.status, 504);
      assert.match(await response.text(), /taking too long/);
    }
  });
});
