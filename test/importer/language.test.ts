// How the import tells a site's language: `<html lang>`, the hreflang alternate naming the page,
// Content-Language, and last the page's words; written as site.yaml `language`.
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { languageOfText, pageLanguage } from '../../src/importer/language.ts';
import { runImport, startSite } from './static-site.ts';

const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-language-'));
after(() => rm(parent, { recursive: true, force: true }));

const german =
  'Wir beraten mittelständische Unternehmen in Norddeutschland. Unsere Beratung verbindet Strategie und Führung, denn was beschlossen wird, muss von den Menschen im Unternehmen getragen werden. Wir arbeiten in kleinen Teams und bleiben so lange, bis die Veränderung im Alltag angekommen ist. Für Geschäftsführungen, die eine Fusion oder einen Umbau vor sich haben, sind wir der Partner auf Augenhöhe.';
const english =
  'We advise mid-sized companies in northern Germany. Our consulting joins strategy and leadership, because what is decided must be carried by the people in the company. We work in small teams and stay until the change has arrived in daily work. For managing directors who face a merger or a reorganisation, we are a partner on an equal footing with them.';

describe('the language of a page', () => {
  it('reads German and English from the words, and nothing from a few', () => {
    assert.equal(languageOfText(german), 'de');
    assert.equal(languageOfText(english), 'en');
    assert.equal(languageOfText('Kontakt Impressum Datenschutz'), undefined);
  });

  it("believes <html lang> first, then the page's own hreflang, then Content-Language, then the words", () => {
    assert.equal(pageLanguage({ lang: 'de-DE', contentLanguage: 'en', text: english }), 'de-DE');
    assert.equal(pageLanguage({ ownAlternate: 'de-AT', contentLanguage: 'en', text: english }), 'de-AT');
    assert.equal(pageLanguage({ contentLanguage: 'de, en', text: english }), 'de');
    assert.equal(pageLanguage({ lang: 'x-klingon', text: german }), 'de');
  });

  it('writes the home page language into site.yaml, from Content-Language when the HTML names none', async () => {
    const site = await startSite(undefined, {
      '/': (_request, response) => {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-language': 'de-DE' })
          .end(
            `<!doctype html><html><head><title>Nordwerk</title></head><body><main><h1>Nordwerk</h1><p>${english}</p></main></body></html>`,
          );
      },
    });
    const out = path.join(parent, 'header');
    try {
      const result = await runImport([site.url, '--out', out]);
      assert.match(result.out, /Content check: OK/);
      assert.match(await readFile(path.join(out, 'site.yaml'), 'utf8'), /^language: de$/m);
    } finally {
      await site.close();
    }
  });

  it('reads the language from the words of a page that declares none', async () => {
    const page = `<!doctype html><html><head><title>Nordwerk</title></head><body><main><h1>Nordwerk</h1><p>${german}</p></main></body></html>`;
    const site = await startSite(undefined, {
      '/': (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page),
    });
    const out = path.join(parent, 'words');
    try {
      await runImport([site.url, '--out', out]);
      assert.match(await readFile(path.join(out, 'site.yaml'), 'utf8'), /^language: de$/m);
    } finally {
      await site.close();
    }
  });
});
