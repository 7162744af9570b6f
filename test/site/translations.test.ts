// A site in two languages (test/fixtures/zweiklang: German by default, English translations of a
// service, a case study, the home page and both listings): each translation is served at its own
// address in its language, with its words, links and hreflang alternates, and each service and case
// study stays one entry, listed once in the language of the page that lists it.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp, tempSqliteUrl, type TestApp } from '../helpers/app.ts';
import { modern, type TestClient } from '../mcp/clients.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/zweiklang');
let app: TestApp;
let mcp: TestClient;
before(async () => {
  app = await startTestApp({ CONTENT_DIR: fixture, DATABASE_URL: tempSqliteUrl() });
  mcp = await modern.connect(app.mcpUrl);
});
after(async () => {
  await mcp?.close();
  await app?.stop();
});

const get = async (url: string, accept = 'text/html') => (await app.app.http.inject({ url, headers: { accept } })).body;
const base = () => app.app.services.config.baseUrl;
const mainOf = (page: string): string => /<main[^>]*>(.*)<\/main>/s.exec(page)?.[1] ?? '';

describe('a site in German with English translations', () => {
  it('serves the English home page as a home page, in English, linking its English entries', async () => {
    const page = await get('/en');
    assert.match(page, /<html lang="en">/);
    const main = mainOf(page);
    assert.match(main, /href="\/en\/services\/strategy-consulting"[^>]*>[^<]*Strategy consulting/);
    assert.doesNotMatch(main, />Strategieberatung</);
    // The entry without a translation is still listed, once, in German.
    assert.equal(main.match(/href="\/leistungen\/fuehrungskraefte"/g)?.length, 1);
    assert.ok(page.includes(`<link rel="alternate" hreflang="de" href="${base()}/">`));
    assert.ok(page.includes(`<link rel="alternate" hreflang="en" href="${base()}/en">`));
  });

  it('serves a translated service as the service, with the German page as its alternate', async () => {
    const page = await get('/en/services/strategy-consulting');
    assert.match(page, /<html lang="en">/);
    assert.match(mainOf(page), /Weber Engineering/, 'its case study, in English');
    assert.ok(page.includes(`<link rel="alternate" hreflang="de" href="${base()}/leistungen/strategieberatung">`));
    const german = await get('/leistungen/strategieberatung');
    assert.match(german, /<html lang="de">/);
    assert.match(mainOf(german), /Weber Maschinenbau/);
    assert.ok(german.includes(`<link rel="alternate" hreflang="en" href="${base()}/en/services/strategy-consulting">`));
  });

  it('serves a translated case study beneath the English listing, its labels in English and ui.en.yaml', async () => {
    const page = await get('/en/projects/weber-engineering');
    assert.match(page, /<html lang="en">/);
    const main = mainOf(page);
    assert.match(main, /Weber Engineering/);
    assert.match(main, /Revenue target 2030/);
    assert.match(main, /Sector/, 'the label ui.en.yaml words');
    assert.match(main, /Mechanical engineering/);
    assert.doesNotMatch(main, /Branche|Umsatzziel/);
    assert.ok(page.includes(`<link rel="alternate" hreflang="de" href="${base()}/projekte/weber-maschinenbau">`));
    const german = mainOf(await get('/projekte/weber-maschinenbau'));
    assert.match(german, /Branche/);
    assert.doesNotMatch(german, /Sector/);
  });

  it('lists each case study once on each listing, in the listing page’s language', async () => {
    const english = mainOf(await get('/en/projects'));
    assert.equal(english.match(/href="\/en\/projects\/weber-engineering"/g)?.length, 1);
    assert.doesNotMatch(english, /href="\/projekte\/weber-maschinenbau"/);
    assert.match(english, /href="\/projekte\/stadtwerke-nordhafen"/, 'the untranslated study, in German');
    const german = mainOf(await get('/projekte'));
    assert.equal(german.match(/href="\/projekte\/weber-maschinenbau"/g)?.length, 1);
    assert.doesNotMatch(german, /weber-engineering/);
    const services = mainOf(await get('/en/services'));
    assert.match(services, /Strategy consulting/);
    assert.doesNotMatch(services, /Strategieberatung/);
  });

  it('names the English pages in the English menu', async () => {
    const page = await get('/en/projects/weber-engineering');
    const nav = /<nav aria-label="Main"><ul>(.*?)<\/ul><\/nav>/s.exec(page)?.[1] ?? '';
    assert.match(nav, /<a href="\/en\/services"[^>]*>Services<\/a>/);
    assert.match(nav, /<a href="\/en\/projects"[^>]*>Case studies<\/a>/);
  });

  it('lists each entry once in llms.txt, in German, its English page named after it', async () => {
    const llms = await get('/llms.txt', 'text/plain');
    assert.equal(llms.match(/\/markdown\/case-studies\/weber-maschinenbau\.md/g)?.length, 1);
    assert.equal(llms.match(/\/markdown\/case-studies\/en\/weber-engineering\.md/g)?.length, 1);
    assert.ok(
      llms.includes(
        `- [Strategieberatung](${base()}/markdown/services/strategieberatung.md): Eine Strategie, die Geschäftsführung und Beirat gemeinsam tragen. (en: [Strategy consulting](${base()}/markdown/en/services/strategy-consulting.md))`,
      ),
    );
    assert.doesNotMatch(llms, /^- \[Strategy consulting\]/m, 'the translation is not an entry of its own');
  });

  it('gives each translation its markdown twin in its language', async () => {
    const twin = await get('/en/projects/weber-engineering', 'text/markdown');
    assert.match(twin, /^# Weber Engineering: Strategy adopted unanimously/m);
    assert.match(twin, /\*\*Sector:\*\* Mechanical engineering/);
    assert.match(twin, /\[Strategy consulting\]\(.*\/en\/services\/strategy-consulting\)/);
  });

  it('lists each case study once over REST, in German, with the address of its English page', async () => {
    const response = await app.app.http.inject({ url: '/agent/case-studies', headers: { accept: 'application/json' } });
    const { items } = response.json() as { items: { slug: string; name: string; translations?: object }[] };
    assert.deepEqual(
      items.map((item) => [item.slug, item.name, item.translations]),
      [
        ['weber-maschinenbau', 'Weber Maschinenbau', { en: `${base()}/en/projects/weber-engineering` }],
        ['stadtwerke-nordhafen', 'Stadtwerke Nordhafen', undefined],
      ],
    );
  });

  it('answers MCP searches and matches with each entry once, naming its translations', async () => {
    const search = await mcp.callTool('zweiklang_search_case_studies', { query: 'Strategie' });
    const items = search.structuredContent!.items as { slug: string; client: string; translations?: object }[];
    assert.deepEqual(
      items.map((item) => [item.slug, item.client, item.translations]),
      [['case-studies/weber-maschinenbau', 'Weber Maschinenbau', { en: `${base()}/en/projects/weber-engineering` }]],
    );
    const match = await mcp.callTool('zweiklang_match_services', { challenge: 'Wir brauchen eine Strategie' });
    const matches = match.structuredContent!.matches as { slug: string; translations?: object }[];
    assert.deepEqual(matches[0], {
      ...matches[0],
      slug: 'services/strategieberatung',
      translations: { en: `${base()}/en/services/strategy-consulting` },
    });
    assert.equal(new Set(matches.map((m) => m.slug)).size, matches.length);
  });

  it('answers /ask from the pages in the question’s language, each entry once', async () => {
    const ask = async (query: string) => {
      const url = `/ask?query=${encodeURIComponent(query)}`;
      const response = await app.app.http.inject({ url, headers: { accept: 'application/json' } });
      return (response.json() as { results: { url: string }[] }).results.map((result) =>
        result.url.slice(base().length),
      );
    };
    const english = await ask('strategy for our advisory board');
    assert.deepEqual(english.slice(0, 2).sort(), [
      '/en/projects/weber-engineering',
      '/en/services/strategy-consulting',
    ]);
    assert.ok(!english.some((url) => /weber-maschinenbau|strategieberatung/.test(url)), english.join(' '));
    const german = await ask('Strategie für unseren Beirat');
    assert.ok(german.includes('/projekte/weber-maschinenbau') && german.includes('/leistungen/strategieberatung'));
    assert.ok(!german.some((url) => url.startsWith('/en')), german.join(' '));
    // An entry the asked language lacks is answered in the default language, still once.
    const untranslated = await ask('leadership programme for new team leads');
    assert.equal(untranslated.filter((url) => url === '/projekte/stadtwerke-nordhafen').length, 1);
  });

  it('answers the MCP ask tool in the question’s language, its text in that language too', async () => {
    const english = await mcp.callTool('ask', { query: 'case studies in mechanical engineering' });
    const results = english.structuredContent!.results as { url: string; name: string }[];
    assert.deepEqual(
      results.map((result) => result.name),
      ['Weber Engineering: Strategy adopted unanimously'],
    );
    const text = (english.content as { text: string }[])[0]!.text;
    assert.doesNotMatch(text, /Weber Maschinenbau/);
    assert.match(text, /To enquire, with the user's consent/);
    const german = await mcp.callTool('ask', { query: 'Referenzen Maschinenbau' });
    assert.deepEqual(
      (german.structuredContent!.results as { name: string }[]).map((result) => result.name),
      ['Weber Maschinenbau: Strategie einstimmig beschlossen'],
    );
    assert.match((german.content as { text: string }[])[0]!.text, /Für eine Anfrage, mit Zustimmung des Nutzers/);
  });

  it('searches case studies over MCP in the query’s language, each entry once', async () => {
    const english = await mcp.callTool('zweiklang_search_case_studies', { query: 'mechanical engineering' });
    const items = english.structuredContent!.items as {
      slug: string;
      client: string;
      url: string;
      markdownUrl: string;
    }[];
    assert.deepEqual(
      items.map((item) => [item.slug, item.client, item.url, item.markdownUrl]),
      [
        [
          'case-studies/en/weber-engineering',
          'Weber Engineering',
          `${base()}/en/projects/weber-engineering`,
          `${base()}/markdown/case-studies/en/weber-engineering.md`,
        ],
      ],
    );
    const page = await mcp.callTool('zweiklang_get_page', { slug: items[0]!.slug });
    assert.match(JSON.stringify(page.content), /Strategy adopted unanimously/);
    const german = await mcp.callTool('zweiklang_search_case_studies', { query: 'Maschinenbau' });
    assert.deepEqual(
      (german.structuredContent!.items as { client: string }[]).map((item) => item.client),
      ['Weber Maschinenbau'],
    );
  });
});
