// `agentsite import` over two real site templates (test/importer/fixtures/README.md): the folder it
// writes loads without errors, pages keep their addresses, their text survives as markdown, the
// contact details are recognised and the gaps are printed.
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadContent } from '../../src/domain/content/loader.ts';
import { answer, runImport, startSite } from './static-site.ts';

const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-import-'));
after(() => rm(parent, { recursive: true, force: true }));

describe('agentsite import of real sites', () => {
  it('imports Start Bootstrap Modern Business by following its links', async () => {
    const site = await startSite('modern-business');
    const out = path.join(parent, 'modern-business');
    try {
      const result = await runImport([site.url, '--out', out]);
      assert.equal(result.code, 0, result.out);
      assert.match(result.out, /^Imported 9 pages of http:\/\/127\.0\.0\.1:\d+ into /);
      assert.match(result.out, /sitemaps 0 \(0 addresses\); then links on the pages/);
      assert.match(result.out, /\/about\.html → pages\/about\.md/);
      assert.match(result.out, /\/portfolio-item\.html → case-studies\/portfolio-item\.md/);
      assert.match(result.out, /\/portfolio-overview\.html → pages\/case-studies\.md/);
      assert.match(result.out, /name: Modern Business \(from the title of \/\)/);
      assert.match(result.out, /telephone: \(555\) 892-9403 \(from the text of \/contact\.html\)/);
      assert.match(result.out, /e-mail: not found/);
      assert.match(result.out, /contact\.yaml email: no e-mail address found/);
      assert.match(result.out, /site\.yaml fit: who you serve/);
      assert.match(result.out, /Content check: OK/);
      const content = await loadContent(out);
      assert.equal(content.site.brandName, 'Modern Business');
      assert.equal(content.contact.phone, '(555) 892-9403');
      // Readability's h2 of the page's h1 is the title again, once.
      assert.match(content.pageByPath('/')!.body, /^# A Bootstrap 5 template for modern businesses\n\nQuickly design/);
      const pricing = content.pageByPath('/pricing');
      assert.equal(pricing?.title, 'Pay as you grow');
      // The page's main text, cards and lists included, and none of its navigation or footer.
      assert.match(pricing!.body, /^# Pay as you grow\n\nWith our no hassle pricing plans/);
      assert.match(pricing!.body, /- \*\*1 users\*\*\n- 5GB storage/);
      assert.doesNotMatch(pricing!.body, /Copyright|Blog Home/);
      const faq = await readFile(path.join(out, 'pages/faq.md'), 'utf8');
      assert.match(faq, /^---\n# Imported from http:\/\/127\.0\.0\.1:\d+\/faq\.html\ntitle: /);
      assert.match(faq, /It is shown by default, until the collapse plugin adds the appropriate classes/);
    } finally {
      await site.close();
    }
  });

  it('imports Themefisher Rappo through its robots.txt and gzipped sitemap, listing its one broken link', async () => {
    const pages = ['/', '/about.html', '/service.html', '/pricing.html', '/project.html', '/single-project.html'];
    const site = await startSite('rappo');
    const sitemap = (base: string): Buffer =>
      gzipSync(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${pages.map((p) => `<url><loc>${new URL(p, base).href}</loc></url>`).join('')}</urlset>`,
      );
    site.routes.set(
      '/robots.txt',
      answer(`User-agent: *\nDisallow: /index-4.html\nSitemap: ${site.url}sitemap.xml.gz\n`, 'text/plain'),
    );
    site.routes.set('/sitemap.xml.gz', answer(sitemap(site.url), 'application/gzip'));
    const out = path.join(parent, 'rappo');
    try {
      const result = await runImport([site.url, '--out', out]);
      // Its footer links contact.htm, which the template does not have.
      assert.equal(result.code, 1, result.out);
      assert.match(result.out, /Failed \(1\):\n {2}http:\/\/127\.0\.0\.1:\d+\/contact\.htm: HTTP 404/);
      assert.match(result.out, /sitemaps 1 \(6 addresses\)/);
      assert.match(result.out, /index-4\.html: disallowed by robots\.txt/);
      assert.ok(!site.requests.includes('/index-4.html'), 'a page robots.txt disallows is not requested');
      assert.match(result.out, /e-mail: supportdb@dthememascot\.com \(from the text of \/contact\.html\)/);
      assert.match(result.out, /telephone: \+23-68017684/);
      assert.match(result.out, /name: Rappo/);
      assert.match(result.out, /\/service\.html → pages\/services\.md/);
      // Its services are cards on the overview only, with no page of their own.
      assert.match(result.out, /^ {2}10 services, 1 case studies, 8 other pages$/m);
      assert.match(
        result.out,
        /services: Backup System, Cloud Hosting, Web hosting, Office Cloud, Creative Design, .*, Wordpress Installation \(from the services overview \/service\.html\)/,
      );
      const content = await loadContent(out);
      assert.equal(content.contact.email, 'supportdb@dthememascot.com');
      // The services overview keeps its address through `path`, and a link to it leads there.
      assert.equal(content.pageBySlug('services')?.path, '/service');
      assert.match(content.pageBySlug('about')!.body, /## Our Working process\n\nRappo can be used to create anything/);
      const contact = content.pageBySlug('contact')!.body;
      assert.match(contact, /#### Phone Number\n\n\+23-68017684/);
      assert.equal(content.services.length, 10);
      assert.equal(
        content.serviceBySlug('creative-design')?.summary,
        content.serviceBySlug('web-development')?.summary,
      );
      assert.match(content.pageBySlug('services/creative-design')!.body, /^# Creative Design\n\nAfraid we praise/);
      assert.equal(content.caseStudies.length, 1);
      assert.equal(content.caseStudies[0]!.slug, 'single-project');
      assert.equal(content.caseStudies[0]!.headlineStat, undefined);
      assert.ok(
        content.gaps.some((gap) => gap.file === 'case-studies/single-project.md' && gap.field === 'headlineStat'),
      );
    } finally {
      await site.close();
    }
  });
});
