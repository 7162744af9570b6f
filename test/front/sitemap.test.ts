// Front mode keeps the origin's sitemap.xml: a real origin on a loopback socket whose sitemap lists
// pages the import did not produce (a page robots.txt keeps from the import, a PDF) is imported and
// fronted; /sitemap.xml is the origin's own, byte for byte, robots.txt keeps the origin's Sitemap line,
// and when the origin cannot be read the last good copy is served.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { originSitemap } from '../../src/surfaces/front/sitemap.ts';
import { originUpstream } from '../../src/surfaces/front/upstream.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { runImport } from '../importer/static-site.ts';
import { startOrigin, type OriginSite } from './origin-site.ts';

const sitemapOf = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin}/</loc><lastmod>2026-10-01</lastmod></url>
  <url><loc>${origin}/about</loc></url>
  <url><loc>${origin}/services/brand-platforms</loc></url>
  <url><loc>${origin}/private/partner-offer</loc></url>
  <url><loc>${origin}/downloads/brochure.pdf</loc></url>
</urlset>
`;

let origin: OriginSite;
let product: TestApp;
let folder: string;
const get = (url: string) => product.app.http.inject({ method: 'GET', url });

before(async () => {
  origin = await startOrigin();
  origin.sitemap = sitemapOf(origin.url);
  folder = await mkdtemp(path.join(os.tmpdir(), 'agentsite-sitemap-'));
  const imported = await runImport([origin.url, '--out', folder]);
  assert.notEqual(imported.code, 2, imported.err);
  assert.match(imported.out, /sitemaps 1/);
  product = await startTestApp({ ORIGIN_URL: origin.url, CONTENT_DIR: folder, ORIGIN_TIMEOUT_MS: '2000' });
});
after(async () => {
  await product?.stop();
  await origin?.close();
  await rm(folder, { recursive: true, force: true });
});

describe("front mode's sitemap.xml and robots.txt", () => {
  it("serves the origin's sitemap as the origin wrote it, pages the import left out included", async () => {
    const sitemap = await get('/sitemap.xml');
    assert.equal(sitemap.statusCode, 200);
    assert.match(sitemap.headers['content-type'] as string, /^application\/xml/);
    assert.equal(sitemap.body, origin.sitemap);
    assert.match(sitemap.body, /\/private\/partner-offer/);
    assert.match(sitemap.body, /\/downloads\/brochure\.pdf/);
    // The import's own list (its pages at the product's addresses) is not what is served.
    assert.doesNotMatch(sitemap.body, new RegExp(product.baseUrl));
  });

  it("keeps the origin's Sitemap line in robots.txt and adds none of its own", async () => {
    const robots = (await get('/robots.txt')).body;
    assert.match(robots, /Disallow: \/private\//);
    assert.deepEqual(robots.match(/^Sitemap:.*$/gm), [`Sitemap: ${origin.url}/sitemap.xml`]);
  });
});

describe("the origin's sitemap kept", () => {
  it('serves the last good copy, not to be cached, once the origin cannot be read', async () => {
    const site = await startOrigin(sitemapOf('https://www.kante.example'));
    const config = loadConfig({ ORIGIN_URL: site.url, ORIGIN_TIMEOUT_MS: '1000' });
    const upstream = originUpstream(config.front!);
    try {
      // Kept for no time at all: every call asks the origin again.
      const sitemap = originSitemap(upstream.exchange, 0);
      const fresh = await sitemap();
      assert.equal(fresh?.status, 200);
      assert.equal(fresh?.known, true);
      assert.equal(fresh?.body.toString(), site.sitemap);
      await site.close();
      const kept = await sitemap();
      assert.equal(kept?.known, false);
      assert.equal(kept?.body.toString(), sitemapOf('https://www.kante.example'));
    } finally {
      await upstream.close();
      await site.close();
    }
  });

  it("answers the origin's 404 when it has no sitemap, and nothing made up when it never answered", async () => {
    const site = await startOrigin();
    const config = loadConfig({ ORIGIN_URL: site.url, ORIGIN_TIMEOUT_MS: '1000' });
    const upstream = originUpstream(config.front!);
    try {
      assert.equal((await originSitemap(upstream.exchange, 0)())?.status, 404);
      await site.close();
      assert.equal(await originSitemap(upstream.exchange, 0)(), undefined);
    } finally {
      await upstream.close();
    }
  });
});
