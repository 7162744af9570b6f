// The WebMCP and JSON-LD checks read the home page with a real HTML parser: a hostile page of
// unclosed openers is read in one linear pass, markup the old patterns misread is read as a browser
// reads it, and JSON nested far too deep is refused before it is parsed.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { checkOf, documentSite, htmlDoc, type DocumentSite } from './document-site.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const ld = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('the home page markup checks', () => {
  for (const [label, opener] of [
    ['unclosed form openers', '<form '],
    ['unclosed JSON-LD script openers', '<script type="application/ld+json">'],
    ['unclosed attribute quotes', '<a x="'],
  ] as const) {
    it(`read 400 KB of ${label} in a few seconds at most (the patterns took 23 s)`, async () => {
      site.docs = { '/': htmlDoc(opener.repeat(Math.ceil(400_000 / opener.length))) };
      const started = performance.now();
      const report = await site.audit();
      const elapsed = performance.now() - started;
      assert.ok(elapsed < 5_000, `the audit took ${Math.round(elapsed)} ms`);
      assert.ok(['skip', 'fail'].includes(checkOf(report, 'webmcp').status));
      assert.equal(checkOf(report, 'json-ld').status, 'fail');
    });
  }

  it('reads a tool form whose attribute values hold ">" and whose inputs sit in nested markup', async () => {
    site.docs = {
      '/': htmlDoc(
        '<form toolname="find" tooldescription="Finds notes > 1 day old"><div><label>Q <input name="q"></label></div><button type="submit">Go</button></form>',
      ),
    };
    const check = checkOf(await site.audit(), 'webmcp');
    assert.equal(check.status, 'pass', check.message);
    assert.match(check.message, /1 WebMCP tool form: find/);
  });

  it('fails a tool form whose input has no name', async () => {
    site.docs = { '/': htmlDoc('<form toolname="find" tooldescription="Finds"><input type="text"></form>') };
    const check = checkOf(await site.audit(), 'webmcp');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, 'tool "find" has an input without a name');
  });

  for (const [label, graph] of [
    ['a Person', { '@context': 'https://schema.org', '@type': 'Person', name: 'Ada' }],
    [
      'an Organization nested as publisher',
      { '@context': 'https://schema.org', '@type': 'Article', publisher: { '@type': 'Organization', name: 'Acme' } },
    ],
    ['an Organization subtype', { '@context': 'https://schema.org', '@type': 'NewsMediaOrganization', name: 'News' }],
    ['a prefixed type in a @graph', { '@graph': [{ '@type': 'https://schema.org/EducationalOrganization' }] }],
  ] as const) {
    it(`passes JSON-LD naming ${label}`, async () => {
      site.docs = { '/': htmlDoc(`<title>x</title>${ld(graph)}`) };
      const check = checkOf(await site.audit(), 'json-ld');
      assert.equal(check.status, 'pass', check.message);
    });
  }

  it('fails JSON-LD that names only a product', async () => {
    site.docs = { '/': htmlDoc(ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Thing' })) };
    const check = checkOf(await site.audit(), 'json-ld');
    assert.equal(check.status, 'fail');
    assert.match(check.message, /JSON-LD types Product, but no Organization, Person or WebSite/);
  });

  it('refuses JSON-LD nested 300 000 levels deep without parsing it', async () => {
    site.docs = { '/': htmlDoc(`<script type="application/ld+json">${'['.repeat(300_000)}</script>`) };
    const before = process.memoryUsage().rss;
    const check = checkOf(await site.audit(), 'json-ld');
    assert.equal(check.status, 'fail');
    assert.match(check.message, /nested more than 64 levels/);
    assert.doesNotMatch(check.message, /call stack/);
    assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024);
  });
});
