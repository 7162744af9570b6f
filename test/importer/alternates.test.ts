// A page's versions in other languages as the import reads them: its hreflang link elements, else its
// language switcher's links, which name a counterpart only between pages of the same standing.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/importer/extract.ts';

const page = (lang: string, head: string, body: string): string =>
  `<!doctype html><html lang="${lang}"><head><title>T</title>${head}</head><body><header>${body}</header><main><p>Text.</p></main></body></html>`;
const alternates = (html: string, at: string): string[] =>
  extractPage(html, new URL(at)).alternates.map((a) => `${a.language} ${a.url.pathname}`);

describe('the versions of a page in other languages', () => {
  it("reads a language switcher's link when the page has no hreflang link elements", () => {
    const html = page('de', '', '<a class="lang" href="../en/leistungen/leadership.html" hreflang="en">EN</a>');
    assert.deepEqual(alternates(html, 'https://a.example/leistungen/leadership.html'), [
      'en /en/leistungen/leadership.html',
    ]);
  });

  it('prefers the link elements, and takes no switcher link to the other language home from a subpage', () => {
    const linked = page(
      'de',
      '<link rel="alternate" hreflang="en" href="/en/services/seo/">',
      '<a href="/en/" hreflang="en">EN</a>',
    );
    assert.deepEqual(alternates(linked, 'https://a.example/leistungen/seo/'), ['en /en/services/seo/']);
    const toHome = page('en', '', '<a href="/" hreflang="de">DE</a>');
    assert.deepEqual(alternates(toHome, 'https://a.example/en/services/seo/'), []);
    assert.deepEqual(alternates(toHome, 'https://a.example/en/'), ['de /']);
    const ownLanguage = page('de', '', '<a href="/kontakt/" hreflang="de">Kontakt</a>');
    assert.deepEqual(alternates(ownLanguage, 'https://a.example/'), []);
  });
});
