// A generated site of 5 000 pages, listed by a sitemap index over gzipped sitemaps: the import reads
// the sitemaps, stops at --max-pages with a message that says so, and requests no page beyond it.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { loadContent } from '../../src/domain/content/loader.ts';
import { answer, startSite } from './static-site.ts';
import { runImport } from './static-site.ts';

const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-import-large-'));
after(() => rm(parent, { recursive: true, force: true }));

const total = 5000;
const pagePath = (n: number): string => `/notes/note-${n}`;

describe('agentsite import of a large site', () => {
  it('cuts a 5 000-page site at --max-pages and says how much it left', async () => {
    const site = await startSite(undefined, {
      '/': answer(
        '<!doctype html><html><head><title>Notebook</title></head><body><main><h1>Notebook</h1><p>Five thousand short notes on writing for the web, one a page.</p><a href="/notes/note-1">First</a></main></body></html>',
      ),
    });
    const chunk = 1000;
    const indexEntries: string[] = [];
    for (let start = 0; start < total; start += chunk) {
      const name = `/sitemaps/notes-${start / chunk}.xml.gz`;
      const urls = Array.from(
        { length: chunk },
        (_, i) => `<url><loc>${site.url.slice(0, -1)}${pagePath(start + i + 1)}</loc></url>`,
      );
      site.routes.set(name, answer(gzipSync(`<urlset>${urls.join('')}</urlset>`), 'application/x-gzip'));
      indexEntries.push(`<sitemap><loc>${site.url.slice(0, -1)}${name}</loc></sitemap>`);
    }
    site.routes.set('/sitemap.xml', answer(`<sitemapindex>${indexEntries.join('')}</sitemapindex>`, 'application/xml'));
    for (let n = 1; n <= total; n++) {
      site.routes.set(
        pagePath(n),
        answer(
          `<!doctype html><html><head><title>Note ${n} | Notebook</title><meta name="description" content="Note number ${n}."></head><body><nav><a href="/">Home</a></nav><main><h1>Note ${n}</h1><p>This is note ${n} of ${total}, on writing for the web.</p><a href="${pagePath(n + 1)}">Next</a></main></body></html>`,
        ),
      );
    }
    const out = path.join(parent, 'notebook');
    try {
      const result = await runImport([site.url, '--out', out, '--max-pages', '40']);
      assert.equal(result.code, 0, result.out);
      assert.match(result.out, /^Imported 40 pages of /);
      assert.match(result.out, /sitemaps 6 \(5000 addresses\)/);
      assert.match(
        result.out,
        /Stopped at --max-pages 40: 4961 more addresses known and not read \(raise --max-pages to import them\)/,
      );
      // On a terminal, one line per page read, the last one cleared at the end.
      assert.equal(result.progress.length, 41);
      assert.match(result.progress[0]!, /^\[1\/40\] \/$/);
      assert.match(result.progress[39]!, /^\[40\/40\] \/notes\/note-\d+$/);
      assert.equal(result.progress[40], '');
      const pageRequests = site.requests.filter((request) => request.startsWith('/notes/'));
      assert.equal(pageRequests.length, 39, 'the home page and 39 notes, no more');
      const content = await loadContent(out);
      assert.equal(content.pageByPath('/notes/note-1')?.title, 'Note 1');
      assert.equal(content.pageByPath('/notes/note-1')?.description, 'Note number 1.');
      assert.ok(content.sections.some((section) => section.id === 'notes'));
    } finally {
      await site.close();
    }
  });
});
