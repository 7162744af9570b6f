// robots.txt in front mode when the origin's cannot be read: the origin's last known rules stand in
// (the last good read, else the import's copy, else everything disallowed), never cached as if read,
// and the origin's own rules return as soon as it gives them again. A real origin on a socket.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { mergedRobots } from '../../src/surfaces/front/robots.ts';
import { originUpstream, type Upstream } from '../../src/surfaces/front/upstream.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { type ScriptedOrigin, startScriptedOrigin } from './scripted-origin.ts';

let origin: ScriptedOrigin;
let upstream: Upstream;
let product: TestApp;
/** What the origin answers for /robots.txt: a status and its rules. */
let robots: { status: number; rules: string } = { status: 503, rules: '' };
const productLines = 'User-agent: GPTBot\nAllow: /\n';

before(async () => {
  origin = await startScriptedOrigin();
  origin.on('/robots.txt', (_request, response) =>
    response.writeHead(robots.status, { 'content-type': 'text/plain' }).end(robots.rules),
  );
  upstream = originUpstream({
    originUrl: origin.url,
    timeoutMs: 2_000,
    totalTimeoutMs: 10_000,
    connections: 4,
    queue: 4,
    responseBodyBytes: 1024 * 1024,
    extraCa: [],
  });
  product = await startTestApp({ ORIGIN_URL: origin.url, ORIGIN_TIMEOUT_MS: '2000' });
});
after(async () => {
  await product?.stop();
  await upstream?.close();
  await origin?.close();
});

describe("front mode's robots.txt when the origin's cannot be read", () => {
  it('disallows everything when no rules of the origin are known, and is not cached', async () => {
    robots = { status: 503, rules: '' };
    const response = await fetch(`${product.baseUrl}/robots.txt`);
    const text = await response.text();
    assert.match(text, /^User-agent: \*\nDisallow: \/\n/);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    robots = { status: 200, rules: 'User-agent: *\nDisallow: /private/\n' };
    const back = await fetch(`${product.baseUrl}/robots.txt`);
    assert.match(
      await back.text(),
      /^User-agent: \*\nDisallow: \/private\/\n/,
      "the origin's rules as soon as it is back",
    );
    assert.equal(back.headers.get('cache-control'), 'public, max-age=300');
  });

  it("keeps the origin's last good rules while it fails, then takes its new ones", async () => {
    const merged = mergedRobots(upstream.exchange, productLines, { keptMs: 0 });
    robots = { status: 200, rules: 'User-agent: *\nDisallow: /drafts/\n' };
    assert.deepEqual(await merged(), {
      text: `User-agent: *\nDisallow: /drafts/\n\n# Added by the site's agent surface:\n${productLines}`,
      known: true,
    });
    robots = { status: 500, rules: 'oops' };
    const failing = await merged();
    assert.equal(failing.known, false);
    assert.match(failing.text, /^User-agent: \*\nDisallow: \/drafts\/\n/);
    robots = { status: 200, rules: 'User-agent: *\nDisallow: /archive/\n' };
    assert.match((await merged()).text, /^User-agent: \*\nDisallow: \/archive\/\n/);
  });

  it("stands in with the import's copy before any good read, and says only the product's lines when the origin has none", async () => {
    const imported = 'User-agent: *\nDisallow: /intranet/\n';
    robots = { status: 502, rules: '' };
    const merged = mergedRobots(upstream.exchange, productLines, { imported, keptMs: 0 });
    const standIn = await merged();
    assert.equal(standIn.known, false);
    assert.match(standIn.text, /^User-agent: \*\nDisallow: \/intranet\/\n/);
    robots = { status: 404, rules: 'not found' };
    assert.deepEqual(await merged(), { text: productLines, known: true });
  });
});
