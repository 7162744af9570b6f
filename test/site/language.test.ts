// The site speaks its content's language: a German design studio (test/fixtures/berlin-studio) gets
// German pages throughout — lang, structured data, dates, every word of the site's own — its own
// wording from ui.yaml, the links its site.yaml chooses, and identifiers transliterated from its name.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { englishOn, englishWords, readable } from '../helpers/english-words.ts';
import { buildSiteApp, type SiteApp } from './site-app.ts';
import { createAsk } from '../../src/domain/ask/engine.ts';
import { createSearch } from '../../src/domain/search/index.ts';
import { loadContent } from '../../src/domain/content/loader.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/berlin-studio');

let site: SiteApp;
before(async () => {
  site = await buildSiteApp({ CONTENT_DIR: fixture });
});
after(() => site.app.close());

const get = async (url: string): Promise<{ status: number; body: string }> => {
  const response = await site.app.inject({ url, headers: { accept: 'text/html' } });
  return { status: response.statusCode, body: response.body };
};

/** Every page of the site for people, and the generated pages that answer a search, a filter and a miss. */
const pagePaths = (): string[] => [
  ...site.content.pages.map((page) => page.path),
  '/search?q=messe',
  '/search?q=nichtsdavon',
  '/case-studies?industry=foerdertechnik',
  '/case-studies?industry=unbekannt',
  '/case-studies?page=9',
  '/keine-seite',
];

describe('a German content folder', () => {
  it('finds enough English words to look for', () => {
    for (const words of ['See the results', 'Case studies', 'Company size', 'Send enquiry', 'Page not found'])
      assert.ok(englishWords.includes(words), words);
  });

  it('serves every page in German, with no English word of the site on it', async () => {
    for (const url of pagePaths()) {
      const { body } = await get(url);
      assert.match(body, /<html lang="de">/, url);
      const english = englishOn(body);
      assert.deepEqual(english, [], `${url} shows English: ${english.join(' | ')}`);
    }
  });

  it('describes the pages and the agency in German in the structured data', async () => {
    const { body } = await get('/case-studies/weber-foerdertechnik');
    const graph = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)![1]!)['@graph'];
    const languages = graph.flatMap((node: Record<string, unknown>) =>
      [node.inLanguage, (node.contactPoint as Record<string, unknown> | undefined)?.availableLanguage].filter(Boolean),
    );
    assert.ok(languages.length >= 4);
    assert.deepEqual(new Set(languages), new Set(['de']));
    const trail = graph.find((node: Record<string, unknown>) => node['@type'] === 'BreadcrumbList');
    assert.equal(trail.itemListElement[0].name, 'Startseite');
  });

  it('writes dates and numbers the German way', async () => {
    const { body } = await get('/case-studies/weber-foerdertechnik');
    assert.match(body, /<time datetime="2026-10-14">14\. Oktober 2026<\/time>/);
    assert.match(body, /<figcaption>Vorher und nachher<\/figcaption>/);
    assert.match((await get('/contact')).body, /\(10 bis 2\.000 Zeichen\)/);
  });

  it('shows the wording its ui.yaml gives', async () => {
    assert.match((await get('/')).body, /class="btn btn-secondary" href="\/case-studies">Unsere Arbeiten ansehen</);
    assert.match((await get('/case-studies')).body, /<strong>4<\/strong> Projekte/);
  });

  it('puts the Impressum in the footer of every page and leaves the developer page out of the navigation', async () => {
    for (const url of pagePaths()) {
      const { body } = await get(url);
      const footer = /<footer[\s\S]*<\/footer>/.exec(body)![0];
      assert.match(footer, /<li><a href="\/impressum">Impressum<\/a><\/li>/, url);
      assert.match(footer, /<li><a href="\/datenschutz">Datenschutz<\/a><\/li>/, url);
      const nav = /<nav aria-label="Hauptnavigation">[\s\S]*?<\/nav>/.exec(body)![0];
      assert.doesNotMatch(nav, /developers/, url);
      assert.match(nav, /<a href="\/services"[^>]*>Leistungen<\/a>/, url);
    }
  });

  it('keys the home page bands to the sections its front matter names', async () => {
    const { body } = await get('/');
    // "## Leistungen" is the services band: its list is not shown a second time.
    assert.equal(body.split('href="/services/websites"').length - 1, 1);
    assert.match(body, /<h2 id="what-we-do">Was wir tun<\/h2>/);
    // "## Wann wir nicht passen" fills the fit panel; "## So arbeiten wir" is shown as written.
    assert.match(body, /<h2 id="fit">Für wen wir nicht arbeiten<\/h2><p>Für Modelabels/);
    assert.match(body, /<h2[^>]*>So arbeiten wir<\/h2>/);
    assert.doesNotMatch(readable(body), /Wann wir nicht passen/);
  });

  it('gives headings ASCII ids', async () => {
    assert.match((await get('/about')).body, /<h2 id="fuer-wen-wir-arbeiten">Für wen wir arbeiten<\/h2>/);
    assert.match((await get('/services/websites')).body, /<h2 id="typische-ergebnisse">Typische Ergebnisse<\/h2>/);
  });

  it('transliterates the industry filter slugs', async () => {
    const study = await get('/case-studies/bezirksamt-spree');
    assert.match(study.body, /href="\/case-studies\?industry=oeffentliche-verwaltung"/);
    const filtered = await get('/case-studies?industry=gesundheit-und-pflege');
    assert.equal(filtered.status, 200);
    assert.match(filtered.body, /Lindenhof Pflege/);
    assert.doesNotMatch(filtered.body, /href="\/case-studies\/weber-foerdertechnik"/);
    assert.match((await get('/case-studies')).body, /<option value="foerdertechnik">Fördertechnik<\/option>/);
  });

  it('transliterates the identifiers made from the brand name', async () => {
    const json = async (url: string) => JSON.parse((await site.app.inject({ url })).body);
    const card = await json('/.well-known/mcp/server-card.json');
    assert.match(card.name, /\/brueckner-hale$/);
    const catalog = await json('/.well-known/ai-catalog.json');
    const identifiers = JSON.stringify(catalog);
    assert.match(identifiers, /urn:air:[^"]*:mcp:brueckner-hale"/);
    assert.doesNotMatch(identifiers, /br-ckner/);
    assert.equal((await json('/.well-known/ai-plugin.json')).name_for_model, 'brueckner_hale');
    assert.ok(site.catalog.capabilities.some((capability) => capability.name === 'studio_why_brueckner_hale'));
  });

  it('gives the markdown twins and llms.txt in German', async () => {
    const markdown = (await site.app.inject({ url: '/markdown/contact.md' })).body;
    assert.match(markdown, /## Kontaktdaten/);
    assert.match(markdown, /- \*\*E-Mail:\*\* \[studio@brückner-hale\.example\]/);
    assert.match((await site.app.inject({ url: '/markdown/case-studies.md' })).body, /\(Leuchtturmprojekt\)/);
    const missing = await site.app.inject({ url: '/keine-seite', headers: { accept: 'text/markdown' } });
    assert.match(missing.body, /^# Nicht gefunden\n\nUnter dieser Adresse gibt es keine Seite\./);
    const llms = (await site.app.inject({ url: '/llms.txt' })).body;
    assert.match(llms, /\n## Entwickler\n/);
    assert.match(llms, /\nJede Seite gibt es als Markdown \(Links unten\)/);
    assert.deepEqual(englishOn(llms), []);
  });

  it("opens the ask's answers with a German sentence", () => {
    const ask = createAsk({ content: site.content, search: createSearch(site.content), baseUrl: site.baseUrl });
    assert.match(
      ask({ query: 'Messestand für die Hannover Messe' }).message,
      /^1 Referenz mit Messe & Raum \(gereiht nach „[^“]+“\), die besten zuerst\.$/,
    );
    assert.match(
      ask({ query: 'Xylophonunterricht' }).message,
      /^(?:\d+ Treffer für|Nichts auf der Website von Brückner & Hale passt zu) „xylophonunterricht“/,
    );
  });

  it("tells in German that a question is outside the agency's fit", async () => {
    const content = await loadContent(path.resolve(import.meta.dirname, '../fixtures/hafenwerk'));
    const ask = createAsk({ content, search: createSearch(content), baseUrl: site.baseUrl });
    const answer = ask({ query: 'Onlineshop für unsere Mode an Endverbraucher' });
    assert.equal(answer.fit.inFit, false);
    assert.match(
      answer.message,
      /^Das liegt wohl außerhalb dessen, wofür Hafenwerk arbeitet\. Die Anfrage nennt „[^“]+“\. /,
    );
    assert.equal(answer.results[0]?.name, 'Außerhalb dessen, wofür Hafenwerk arbeitet');
  });
});
