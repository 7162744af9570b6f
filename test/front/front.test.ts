// Front mode end to end: an origin site on a real socket, imported with `agentsite import`, and the
// product started with ORIGIN_URL at it and CONTENT_DIR at the import. People's pages and assets come
// from the origin; the agent surfaces are the product's own, and outlive the origin going down.
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { runImport } from '../importer/static-site.ts';
import { logoBytes, startOrigin, stylesheet, type OriginSite } from './origin-site.ts';

let origin: OriginSite;
let product: TestApp;
let folder: string;
const inject = (url: string, headers: Record<string, string> = {}) =>
  product.app.http.inject({ method: 'GET', url, headers });

before(async () => {
  origin = await startOrigin();
  folder = await mkdtemp(path.join(os.tmpdir(), 'agentsite-front-'));
  const imported = await runImport([origin.url, '--out', folder]);
  assert.notEqual(imported.code, 2, imported.err);
  product = await startTestApp({ ORIGIN_URL: origin.url, CONTENT_DIR: folder, ORIGIN_TIMEOUT_MS: '2000' });
});
after(async () => {
  await product?.stop();
  await origin?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('front mode with the origin up', () => {
  it("passes people's pages and assets through unchanged, with the origin's headers", async () => {
    const about = await inject('/about');
    assert.equal(about.statusCode, 200);
    assert.match(about.body, /We design trade fair stands/);
    const logo = await inject('/img/logo.png');
    assert.deepEqual(logo.rawPayload, logoBytes);
    assert.equal(logo.headers.etag, '"logo-1"');
    const css = await inject('/assets/style.css');
    assert.equal(css.body, stylesheet);
    assert.equal(css.headers['cache-control'], 'public, max-age=86400');
    assert.equal((await inject('/nowhere')).statusCode, 404, "the origin's own 404");
    const head = await product.app.http.inject({ method: 'HEAD', url: '/about' });
    assert.equal(head.statusCode, 200);
    assert.equal(origin.seen.at(-1)?.method, 'HEAD', 'HEAD goes to the origin as HEAD');
  });

  it('sends a form POST to the origin with its body and cookies, and passes its cookies back', async () => {
    const response = await fetch(`${product.baseUrl}/contact/send`, {
      method: 'POST',
      // Without TRUST_PROXY a client's own X-Forwarded-For is not believed: the origin gets its address.
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'visit=7', 'x-forwarded-for': '6.6.6.6' },
      body: 'name=Ada+Lovelace',
    });
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'received name=Ada+Lovelace with cookie visit=7');
    assert.deepEqual(response.headers.getSetCookie(), ['session=abc123; Path=/; HttpOnly']);
    assert.equal(origin.seen.at(-1)?.method, 'POST');
    assert.equal(origin.seen.at(-1)?.forwardedFor, '127.0.0.1');
  });

  it('adds the discovery Link headers to proxied HTML', async () => {
    const about = await inject('/about');
    const link = String(about.headers.link);
    assert.match(link, /<http:\/\/localhost:\d+\/markdown\/about\.md>; rel="alternate"; type="text\/markdown"/);
    assert.match(link, /\/llms\.txt>; rel="describedby"/);
    assert.match(link, /rel="ard"/);
    assert.match(String((await inject('/')).headers.link), /\/\.well-known\/api-catalog>; rel="api-catalog"/);
    assert.equal((await inject('/img/logo.png')).headers.link, undefined, 'not on assets');
  });

  it('answers a page asked for as markdown with its imported twin', async () => {
    const asked = origin.seen.length;
    const about = await inject('/about', { accept: 'text/markdown' });
    assert.equal(about.statusCode, 200);
    assert.equal(origin.seen.length, asked, 'the origin is not asked');
    assert.match(String(about.headers['content-type']), /^text\/markdown/);
    assert.match(about.body, /trade fair stands/);
    assert.match(String(about.headers.link), /\/about>; rel="canonical"/);
  });

  it("answers the twins beside the origin's pages (about.md, about.html.md, index.html.md) without asking the origin", async () => {
    const asked = origin.seen.length;
    const twin = (await inject('/about', { accept: 'text/markdown' })).body;
    for (const url of ['/about.md', '/about.html.md', '/about.md?utm=1']) {
      const response = await inject(url);
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /^text\/markdown/, url);
      assert.equal(response.body, twin, url);
    }
    const home = (await inject('/', { accept: 'text/markdown' })).body;
    for (const url of ['/index.md', '/index.html.md']) assert.equal((await inject(url)).body, home, url);
    assert.equal(origin.seen.length, asked, 'the origin is not asked');
    // A twin of no imported page is the origin's to answer; so is any method but GET and HEAD.
    assert.equal((await inject('/nowhere.md')).statusCode, 404);
    assert.equal(origin.seen.at(-1)?.path, '/nowhere.md');
    await product.app.http.inject({ method: 'POST', url: '/about.md', payload: 'x=1' });
    assert.equal(origin.seen.at(-1)?.path, '/about.md');
  });

  it('serves llms.txt and the ask from the imported content', async () => {
    const llms = await inject('/llms.txt');
    assert.equal(llms.statusCode, 200);
    assert.match(llms.body, /Kante/);
    const ask = await inject('/ask?query=trade%20fair%20stands');
    assert.equal(ask.statusCode, 200, ask.body);
    assert.match(ask.body, /\/about/);
  });

  it('keeps the origin robots.txt rules and adds its own', async () => {
    const robots = await inject('/robots.txt');
    assert.match(robots.body, /^User-agent: \*\nDisallow: \/private\//);
    assert.match(robots.body, /User-agent: GPTBot/);
    // The sitemap is the origin's, and this origin has none: no Sitemap line, and its 404.
    assert.doesNotMatch(robots.body, /^Sitemap:/m);
    assert.equal((await inject('/sitemap.xml')).statusCode, 404);
  });

  it("keeps the origin's cookies and answers off the product's own paths", async () => {
    const health = await inject('/agent/health');
    assert.equal(health.statusCode, 200);
    assert.equal(health.headers['set-cookie'], undefined);
    assert.notEqual(health.body, 'origin');
    assert.ok(!origin.seen.some((seen) => seen.path === '/agent/health'));
  });

  it('answers get_site_index and get_page over MCP from the imported content', async () => {
    const client = new Client({ name: 'front-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(product.mcpUrl)));
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      const named = (end: string): string => tools.find((name) => name.endsWith(end)) ?? end;
      const index = await client.callTool({ name: named('get_site_index'), arguments: {} });
      assert.match(JSON.stringify(index.content), /about/);
      const page = await client.callTool({ name: named('get_page'), arguments: { slug: 'about' } });
      assert.match(JSON.stringify(page.content), /trade fair stands/);
    } finally {
      await client.close();
    }
  });
});

describe('front mode with the origin down', () => {
  before(() => origin.close());

  it('gives people a 502 page and agents what the imported content answers', async () => {
    const about = await inject('/about');
    assert.equal(about.statusCode, 502);
    assert.match(about.body, /temporarily unavailable/);
    assert.equal((await inject('/about', { accept: 'text/markdown' })).statusCode, 200);
    assert.equal((await inject('/llms.txt')).statusCode, 200);
    assert.equal((await inject('/agent/health')).statusCode, 200);
  });

  it("keeps the origin's robots.txt rules from the import's copy when started with the origin down", async () => {
    assert.match(
      await readFile(path.join(folder, 'origin-robots.txt'), 'utf8'),
      /^User-agent: \*\nDisallow: \/private\//,
    );
    const restarted = await startTestApp({ ORIGIN_URL: origin.url, CONTENT_DIR: folder, ORIGIN_TIMEOUT_MS: '2000' });
    try {
      const robots = await restarted.app.http.inject({ method: 'GET', url: '/robots.txt' });
      assert.match(robots.body, /^User-agent: \*\nDisallow: \/private\//);
      assert.match(robots.body, /User-agent: GPTBot/);
      assert.equal(robots.headers['cache-control'], 'no-store');
    } finally {
      await restarted.stop();
    }
  });
});
