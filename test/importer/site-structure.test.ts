// An imported site keeps its own structure and language: the German consultancy of
// fixtures/kessler-partner (sections /leistungen, /projekte, /kontakt, no sitemap) imported over real
// HTTP, then the whole app started on the folder. Its navigation, section titles and contact address
// are the site's own, every internal link of every page resolves, and the site speaks German; its
// English mirror under /en/ is the translation of its pages, services and case studies.
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp, tempSqliteUrl, type TestApp } from '../helpers/app.ts';
import { modern, type TestClient } from '../mcp/clients.ts';
import { runImport, startSite } from './static-site.ts';

const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-structure-'));
const out = path.join(parent, 'kessler');
let app: TestApp;
let mcp: TestClient;
let printed: string;

before(async () => {
  const site = await startSite('kessler-partner');
  try {
    const result = await runImport([site.url, '--out', out]);
    assert.equal(result.code, 0, `${result.out}\n${result.err}`);
    printed = result.out;
  } finally {
    await site.close();
  }
  app = await startTestApp({ CONTENT_DIR: out, DATABASE_URL: tempSqliteUrl() });
  mcp = await modern.connect(app.mcpUrl);
});
after(async () => {
  await mcp?.close();
  await app?.stop();
  await rm(parent, { recursive: true, force: true });
});

const get = (url: string, accept = '*/*') => app.app.http.inject({ url, headers: { accept } });
const local = (href: string): string | undefined => {
  const base = app.app.services.config.baseUrl;
  const url = new URL(href.replace(/&amp;/g, '&'), `${base}/`);
  return url.origin === new URL(base).origin ? `${url.pathname}${url.search}` : undefined;
};

describe('an imported German site with its own sections', () => {
  it('records its menus, section titles and language in site.yaml', async () => {
    const site = await readFile(path.join(out, 'site.yaml'), 'utf8');
    assert.match(site, /^language: de$/m);
    assert.match(
      site,
      /navigation:\n {2}- label: Leistungen\n {4}href: \/leistungen\n {2}- label: Projekte\n {4}href: \/projekte\n {2}- label: Über uns\n {4}href: \/ueber-uns\n {2}- label: Kontakt\n {4}href: \/kontakt\n/,
    );
    assert.match(site, /footer:\n {2}- label: Impressum\n {4}href: \/impressum\n {2}- label: Datenschutz\n/);
    assert.match(site, /- id: services\n {4}title: Leistungen\n/);
    assert.match(site, /- id: case-studies\n {4}title: Projekte\n/);
    assert.match(printed, /\/projekte\/weber-maschinenbau\/ → case-studies\/weber-maschinenbau\.md\n/);
    assert.match(
      printed,
      /\/en\/projects\/weber-engineering\/ → case-studies\/en\/weber-engineering\.md \(en, translates case-studies\/weber-maschinenbau\)/,
    );
  });

  it('links every page only to addresses it answers: a crawl of every internal link finds no 404', async (t) => {
    const queue = ['/'];
    const seen = new Set<string>();
    const dead: string[] = [];
    let links = 0;
    while (queue.length > 0) {
      const target = queue.shift()!;
      if (seen.has(target)) continue;
      seen.add(target);
      const res = await get(target);
      if (res.statusCode !== 200) dead.push(`${target} (${res.statusCode})`);
      if (!/text\/(html|markdown|plain)/.test(String(res.headers['content-type']))) continue;
      const hrefs = [...res.body.matchAll(/href="([^"]+)"/g), ...res.body.matchAll(/\]\(([^)\s]+)\)/g)].map((m) =>
        m[1]!.replace(/#.*$/, ''),
      );
      for (const href of hrefs) {
        if (!href || /^(mailto|tel):/.test(href)) continue;
        const next = local(href);
        if (next === undefined) continue;
        links += 1;
        if (!seen.has(next)) queue.push(next);
      }
    }
    t.diagnostic(`crawled ${seen.size} addresses through ${links} links: ${dead.length} dead`);
    assert.deepEqual(dead, []);
    for (const path of ['/leistungen', '/leistungen/strategieberatung', '/projekte/stadtwerke-nordhafen', '/kontakt'])
      assert.ok(seen.has(path), `the crawl reached ${path}`);
    for (const path of ['/services', '/case-studies', '/contact', '/about'])
      assert.ok(!seen.has(path), `no page links the product's own ${path}`);
  });

  it('shows the site menu in German on every page, the current section marked', async () => {
    const page = (await get('/leistungen/change-management')).body;
    assert.match(page, /<html lang="de">/);
    const nav = /<nav aria-label="Hauptnavigation"><ul>(.*?)<\/ul><\/nav>/s.exec(page)?.[1] ?? '';
    assert.deepEqual(
      [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[2]} ${m[1]}`),
      ['Leistungen /leistungen', 'Projekte /projekte', 'Über uns /ueber-uns', 'Kontakt /kontakt'],
    );
    assert.match(nav, /<a href="\/leistungen" aria-current="page">/);
    assert.match(page, /<a href="\/impressum">Impressum<\/a>/);
    // The section's own word over a case study, not the product's ("Referenzen").
    assert.match((await get('/projekte/stadtwerke-nordhafen')).body, /<a href="\/projekte">Projekte<\/a>/);
  });

  it('keeps the English mirror as translations: one service and case study each, not a section "En"', async () => {
    const site = await readFile(path.join(out, 'site.yaml'), 'utf8');
    assert.match(site, /^languages:\n {2}- de\n {2}- en\n/m);
    assert.doesNotMatch(site, /id: en\b|title: En\b/);
    const { content } = app.app.services;
    assert.deepEqual(
      content.services.map((service) => service.path),
      ['/leistungen/change-management', '/leistungen/fuehrungskraefteentwicklung', '/leistungen/strategieberatung'],
    );
    assert.deepEqual(content.caseStudies.map((cs) => cs.path).sort(), [
      '/projekte/stadtwerke-nordhafen',
      '/projekte/weber-maschinenbau',
    ]);
    const english = content.pageByPath('/en/projects/weber-engineering')!;
    assert.deepEqual(
      [english.language, english.translationOf, english.section],
      ['en', 'case-studies/weber-maschinenbau', 'case-studies'],
    );
    // Each entry once, its English page among its translations, not a second entry.
    assert.deepEqual(Object.fromEntries(content.caseStudies.map((cs) => [cs.slug, cs.translations])), {
      'stadtwerke-nordhafen': { en: '/en/projects/stadtwerke-nordhafen' },
      'weber-maschinenbau': { en: '/en/projects/weber-engineering' },
    });
    assert.deepEqual(
      content.services.map((service) => service.translations?.en),
      ['/en/services/change-management', '/en/services/leadership-development', '/en/services/strategy-consulting'],
    );
    const translation = await readFile(path.join(out, 'case-studies/en/weber-engineering.md'), 'utf8');
    assert.match(translation, /^translationOf: weber-maschinenbau$/m);
    assert.doesNotMatch(translation, /^(services|publishedAt):/m);
    const listing = (await get('/en/projects')).body;
    assert.equal(listing.match(/href="\/en\/projects\/weber-engineering"/g)?.length, 1);
    assert.doesNotMatch(listing, /href="\/projekte\//, 'no German duplicate of a translated study');
  });

  it('serves each translated page in its language, with its own menu and hreflang alternates', async () => {
    const english = (await get('/en/services/strategy-consulting')).body;
    assert.match(english, /<html lang="en">/);
    const nav = /<nav aria-label="Main"><ul>(.*?)<\/ul><\/nav>/s.exec(english)?.[1] ?? '';
    assert.deepEqual(
      [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[2]} ${m[1]}`),
      ['Services /en/services', 'Projects /en/projects', 'About us /en/about', 'Contact /en/contact'],
    );
    assert.match(english, /<a href="\/en\/legal-notice">Legal notice<\/a>/);
    assert.match(english, /<a class="brand" href="\/en">/);
    const base = app.app.services.config.baseUrl;
    for (const page of [english, (await get('/leistungen/strategieberatung')).body]) {
      assert.ok(page.includes(`<link rel="alternate" hreflang="de" href="${base}/leistungen/strategieberatung">`));
      assert.ok(page.includes(`<link rel="alternate" hreflang="en" href="${base}/en/services/strategy-consulting">`));
      assert.ok(
        page.includes(`<link rel="alternate" hreflang="x-default" href="${base}/leistungen/strategieberatung">`),
      );
    }
    const sitemap = (await get('/sitemap.xml')).body;
    assert.match(
      sitemap,
      /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/,
    );
    assert.ok(
      sitemap.includes(
        `<url><loc>${base}/en/services/strategy-consulting</loc><xhtml:link rel="alternate" hreflang="de" href="${base}/leistungen/strategieberatung"/><xhtml:link rel="alternate" hreflang="en" href="${base}/en/services/strategy-consulting"/></url>`,
      ),
    );
    const german = (await get('/projekte/stadtwerke-nordhafen')).body;
    assert.match(german, /<html lang="de">/);
    assert.match(german, /<a href="\/en\/projects\/stadtwerke-nordhafen" hreflang="en" lang="en">English<\/a>/);
    assert.match(
      (await get('/en/projects/stadtwerke-nordhafen')).body,
      /<a href="\/projekte\/stadtwerke-nordhafen" hreflang="de" lang="de">Deutsch<\/a>/,
    );
  });

  it('gives the site contact page as the contact address, over MCP and on the pages', async () => {
    const tools = await mcp.listTools();
    const name = tools.find((tool) => tool.name.endsWith('_get_contact'))!.name;
    const result = await mcp.callTool(name, {});
    assert.equal((result.structuredContent as { url: string }).url, `${app.app.services.config.baseUrl}/kontakt`);
    assert.match((await get('/projekte/weber-maschinenbau')).body, /href="\/kontakt"/);
    const base = app.app.services.config.baseUrl;
    assert.ok(
      (await get('/')).body.includes(`"contactType":"sales enquiries","email":"kontakt@kessler-partner.example"`),
    );
    assert.ok((await get('/')).body.includes(`"url":"${base}/kontakt"`), 'the ContactPoint names the contact page');
    const redirect = await get('/api/contact');
    assert.equal(redirect.headers.location, '/kontakt#form');
  });
});
