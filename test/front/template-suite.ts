// The checks every real template passes in front mode, through real HTTP: the template's pages and
// assets byte for byte, its contact form reaching it, each page's markdown twin at the page's own
// address, llms.txt, MCP, the ask, and the audit. One import per template, shared by every check.
import { strict as assert } from 'node:assert';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { operatorPolicy } from '../../src/audit/fetch/address-policy.ts';
import { auditSite } from '../../src/audit/run-audit.ts';
import { loadContent } from '../../src/domain/content/loader.ts';
import { answer, fixtureFiles, runImport, type StaticSite } from '../importer/static-site.ts';
import { type FrontedTemplate, frontTemplate, startProduct } from './template-front.ts';

export interface TemplateCase {
  template: string;
  /** Where the template's contact form posts (its `action`, or the page itself without one). */
  formAction: string;
  /** A page, a sentence of its main text, and a phrase from it the ask finds the page by. */
  page: { address: string; slug: string; sentence: string; phrase: string };
  /** A page the operator edits before the template's page above changes at the origin. */
  edited: string;
  /** Routes added to the template's server before the import (a robots.txt and sitemap). */
  setUp?: (site: StaticSite) => void;
  /** What the import's summary says it found the pages through. */
  foundThrough: RegExp;
  /** A service the template names only on its services overview (`address`), with no page of its own. */
  service?: { slug: string; name: string; address: string };
}

export function frontModeSuite(cases: TemplateCase): void {
  describe(`front mode in front of ${cases.template}`, () => {
    let fronted: FrontedTemplate;
    const get = (address: string, headers: Record<string, string> = {}) =>
      fetch(`${fronted.product.baseUrl}${address}`, { headers, redirect: 'manual' });
    before(async () => {
      fronted = await frontTemplate(cases.template, cases.setUp);
    });
    after(() => fronted?.stop());

    it('passes every page and asset of the template through byte for byte', async () => {
      const files = await fixtureFiles(cases.template);
      assert.ok(
        [...files.keys()].some((name) => /\.(?:png|jpg|ico)$/.test(name)),
        'an image among them',
      );
      for (const [address, bytes] of files) {
        const response = await get(address);
        assert.equal(response.status, 200, address);
        assert.ok(Buffer.from(await response.arrayBuffer()).equals(bytes), `${address} arrives unchanged`);
      }
    });

    it('sends the contact form to the template with its body and the forwarding headers', async () => {
      const response = await fetch(`${fronted.product.baseUrl}${cases.formAction}`, {
        method: 'POST',
        // From a proxy the product trusts (TRUST_PROXY=loopback): the client it names is believed.
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.7' },
        body: 'name=Ada+Lovelace&email=ada%40example.com&message=A+stand+for+Hannover',
        redirect: 'manual',
      });
      assert.equal(response.status, 303, "the template's own answer");
      const post = fronted.site.posts.at(-1);
      assert.equal(post?.path, cases.formAction);
      assert.equal(post?.body, 'name=Ada+Lovelace&email=ada%40example.com&message=A+stand+for+Hannover');
      assert.equal(post?.headers['x-forwarded-for'], '203.0.113.7');
      assert.equal(post?.headers['x-forwarded-proto'], 'http');
      assert.equal(post?.headers['x-forwarded-host'], new URL(fronted.product.baseUrl).host);
    });

    it("answers every imported page's address, and its address in the product, with its markdown twin", async () => {
      assert.ok(fronted.placed.length >= 6, fronted.imported);
      assert.match(fronted.imported, cases.foundThrough);
      for (const { address } of fronted.placed) {
        const twin = await get(address, { accept: 'text/markdown' });
        assert.equal(twin.status, 200, address);
        assert.match(String(twin.headers.get('content-type')), /^text\/markdown/, address);
      }
      const origin = await get(cases.page.address, { accept: 'text/markdown' });
      const own = await get(`/${cases.page.slug}`, { accept: 'text/markdown' });
      const text = await origin.text();
      assert.ok(text.includes(cases.page.sentence), text);
      assert.equal(await own.text(), text);
    });

    it("serves the template's page at the product's address of it too, so every link the product gives works", async () => {
      const original = await readFile(
        path.join(import.meta.dirname, '../importer/fixtures', cases.template, cases.page.address),
      );
      const own = await get(`/${cases.page.slug}`);
      assert.equal(own.status, 200);
      assert.ok(Buffer.from(await own.arrayBuffer()).equals(original));
      assert.match(String(own.headers.get('link')), new RegExp(`/markdown/${cases.page.slug}\\.md>`));
    });

    it('lists the pages in llms.txt and finds a page by a phrase from it', async () => {
      const llms = await (await get('/llms.txt')).text();
      assert.match(llms, new RegExp(`/markdown/${cases.page.slug}\\.md`));
      const ask = await get(`/ask?query=${encodeURIComponent(cases.page.phrase)}`);
      assert.equal(ask.status, 200);
      assert.match(await ask.text(), new RegExp(`/${cases.page.slug}\\b`));
    });

    it('answers get_site_index and get_page over MCP', async () => {
      const client = new Client({ name: 'template-front-test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(fronted.product.mcpUrl)));
      try {
        const tools = (await client.listTools()).tools.map((tool) => tool.name);
        const named = (end: string): string => tools.find((name) => name.endsWith(end)) ?? end;
        const index = await client.callTool({ name: named('get_site_index'), arguments: {} });
        assert.match(JSON.stringify(index.content), new RegExp(`- ${cases.page.slug}: `));
        const page = await client.callTool({ name: named('get_page'), arguments: { slug: cases.page.slug } });
        assert.ok(JSON.stringify(page.content).includes(cases.page.sentence));
      } finally {
        await client.close();
      }
    });

    if (cases.service) {
      const service = cases.service;
      it('recognises a service named only on the overview, and leads its address to the overview', async () => {
        const own = await (await get(`/services/${service.slug}`, { accept: 'text/markdown' })).text();
        assert.match(own, new RegExp(`^# ${service.name}\n`, 'm'));
        assert.match(await (await get('/llms.txt')).text(), new RegExp(`\\[${service.name}\\]`));
        const page = await get(`/services/${service.slug}`);
        assert.equal(page.status, 200);
        const overview = await readFile(
          path.join(import.meta.dirname, '../importer/fixtures', cases.template, service.address),
        );
        assert.ok(Buffer.from(await page.arrayBuffer()).equals(overview));
        const twin = await get(service.address, { accept: 'text/markdown' });
        assert.match(await twin.text(), /^# Web & Cloud services/m, "the overview's own twin, not a service's");
      });
    }

    it("reaches level 4 or 5 in the product's own audit, run as the operator runs it", async () => {
      const report = await auditSite(`${fronted.product.baseUrl}/`, { policy: operatorPolicy });
      const failing = report.checks.filter((check) => check.status === 'fail').map((check) => check.id);
      assert.ok(report.level >= 4, `level ${report.level}, failing: ${failing.join(', ')}`);
    });

    it("imports again: the page changed at the origin is updated, the operator's edit kept", async () => {
      const editedFile = path.join(fronted.folder, cases.edited);
      const edit = `${await readFile(editedFile, 'utf8')}\nWritten by the operator.\n`;
      await writeFile(editedFile, edit);
      const original = await readFile(
        path.join(import.meta.dirname, '../importer/fixtures', cases.template, cases.page.address),
        'utf8',
      );
      assert.ok(original.includes(cases.page.sentence));
      const changed = original.replace(cases.page.sentence, 'Changed at the origin this morning');
      fronted.site.routes.set(cases.page.address, answer(changed));
      const again = await runImport([fronted.site.url, '--out', fronted.folder]);
      assert.notEqual(again.code, 2, again.err);
      assert.match(
        again.out,
        new RegExp(`Updated from the origin \\(\\d+\\):\n(?: {2}.+\n)*? {2}pages/${cases.page.slug}\\.md\n`),
      );
      assert.match(
        again.out,
        new RegExp(`Kept as they are \\(1\\):\n {2}${cases.edited}: edited since the last import`),
      );
      assert.equal(await readFile(editedFile, 'utf8'), edit);
      const content = await loadContent(fronted.folder);
      assert.match(content.pageBySlug(cases.page.slug)!.body, /Changed at the origin this morning/);
    });

    it("serves the imported folder in site mode, every page at its address, the old site's addresses leading there", async () => {
      const site = await startProduct({ CONTENT_DIR: fronted.folder });
      try {
        const content = await loadContent(fronted.folder);
        for (const page of content.pages) {
          const response = await fetch(`${site.baseUrl}${page.path}`);
          assert.equal(response.status, 200, page.path);
          assert.ok((await response.text()).includes(escapeHtml(page.title)), page.path);
        }
        // The old site's addresses lead to the pages, so links to it keep working.
        for (const { address, file } of fronted.placed) {
          const response = await fetch(`${site.baseUrl}${address}?from=old-link`, { redirect: 'manual' });
          if (address === '/') continue;
          assert.equal(response.status, 301, address);
          const to = String(response.headers.get('location'));
          const page = content.pages.find((candidate) => `${to}`.startsWith(`${candidate.path}?`));
          assert.ok(page && to.endsWith('?from=old-link'), `${address} → ${to}`);
          assert.ok(file.endsWith(`${page.slug.split('/').at(-1)}.md`), `${address} → ${to} (${file})`);
        }
      } finally {
        await site.app.stop();
      }
    });
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
