// Any agency can run the product: the whole service started on a second, very different content
// folder (test/fixtures/retail-studio, a Shopify studio for consumer retailers, with no offer) links
// to no page it lacks and says nothing of the demo agency, on any surface: pages and their markdown,
// llms files, discovery documents, OpenAPI, the MCP server (official client) and the A2A card.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp, tempSqliteUrl, type TestApp } from '../helpers/app.ts';
import { modern, textOf, type TestClient } from '../mcp/clients.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/retail-studio');

/** Words only the demo agency says: its name, offer, market, examples, hero, logo and colour. */
const demoPhrases = [
  /Verto/i,
  /Pipeline Readiness/i,
  /readiness-assessment/,
  /B2B tech/i,
  /B2B SaaS/i,
  /Series B/,
  /cybersecurity/i,
  /\bARR\b/,
  /10M/,
  /senior team only/,
  /named \(fictional\)/,
  /measured on pipeline/,
  /Book an assessment/,
  /Start with an assessment/,
  /Not sure where to start/,
  /demand-generation/,
  /paid-media/,
  /account-based/i,
  /\bMQL/,
  /fictional/i,
  /Sample content/i,
  /#1d4ed8/i,
  /M8 10l8 14 8-16/,
];

let app: TestApp;
let mcp: TestClient;
before(async () => {
  app = await startTestApp({
    CONTENT_DIR: fixture,
    DATABASE_URL: tempSqliteUrl(),
    ASSESSMENT_API_KEYS: 'partner-key-for-tests',
  });
  mcp = await modern.connect(app.mcpUrl);
});
after(async () => {
  await mcp.close();
  await app.stop();
});

const get = (url: string, accept = '*/*') => app.app.http.inject({ url, headers: { accept } });
/** The path of a link on the site (BASE_URL, the address every document links), else undefined. */
const local = (href: string): string | undefined => {
  const base = app.app.services.config.baseUrl;
  const url = new URL(href.replace(/&amp;/g, '&'), `${base}/`);
  return url.origin === new URL(base).origin ? `${url.pathname}${url.search}` : undefined;
};

function assertNoDemoPhrase(text: string, where: string): void {
  for (const phrase of demoPhrases) {
    const at = text.search(phrase);
    assert.ok(at < 0, `${where} says ${phrase}: …${text.slice(Math.max(0, at - 60), at + 60)}…`);
  }
}

describe('a second agency on its own content', () => {
  it('links to no missing page: a crawl from /, the sitemap and llms.txt finds no 404 and no demo phrase', async (t) => {
    const sitemap = (await get('/sitemap.xml')).body;
    const llms = (await get('/llms.txt')).body;
    const queue = [
      '/',
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g), ...llms.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(
        (m) => local(m[1]!) ?? [],
      ),
    ];
    const seen = new Set<string>();
    const dead: string[] = [];
    const kinds = new Map<string, number>();
    let links = 0;
    while (queue.length > 0) {
      const target = queue.shift()!;
      if (seen.has(target)) continue;
      seen.add(target);
      const res = await get(target);
      if (res.statusCode !== 200) dead.push(`${target} (${res.statusCode})`);
      const kind = String(res.headers['content-type']).split(';')[0]!;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      assertNoDemoPhrase(res.body, target);
      if (!/text\/(html|markdown|plain)/.test(String(res.headers['content-type']))) continue;
      const hrefs = [...res.body.matchAll(/href="([^"]+)"/g), ...res.body.matchAll(/\]\(([^)\s]+)\)/g)].map((m) =>
        m[1]!.replace(/#.*$/, ''),
      );
      for (const href of hrefs) {
        if (!href || /^(mailto|tel):/.test(href)) continue;
        const next = local(href);
        // The REST API's addresses are links too; the API answers them (JSON), so they are crawled.
        if (next === undefined) continue;
        links += 1;
        if (!seen.has(next)) queue.push(next);
      }
    }
    t.diagnostic(
      `crawled ${seen.size} addresses (${[...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ')}) through ${links} links: ${dead.length} dead`,
    );
    assert.deepEqual(dead, []);
    assert.ok(
      seen.has('/services/conversion-care') && seen.has('/case-studies/wick-and-wax') && seen.has('/markdown/about.md'),
    );
  });

  it('says nothing of the demo agency in its discovery documents and contracts', async () => {
    for (const url of [
      '/.well-known/ard.json',
      '/.well-known/ai-catalog.json',
      '/.well-known/agent-card.json',
      '/.well-known/mcp/server-card.json',
      '/.well-known/api-catalog',
      '/.well-known/agent-skills/index.json',
      '/.well-known/ai-plugin.json',
      '/agent/openapi.json',
      '/agent/v1/openapi.json',
      '/llms-full.txt',
      '/auth.md',
      '/robots.txt',
      '/developers',
      '/logo.svg',
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assertNoDemoPhrase(res.body, url);
    }
    const ard = (await get('/.well-known/ard.json')).json();
    assert.deepEqual(ard.entries[0].representativeQueries, [
      'Shopify studio for an independent homeware shop',
      'improve the conversion rate of a Shopify store',
    ]);
    assert.match(
      (await get('/agent/openapi.json')).json().info.description,
      /^Anonymous REST API of a Shopify studio for independent consumer retailers/,
    );
    assert.doesNotMatch((await get('/auth.md')).body, /topic `assessment`/, 'no topic for an offer it does not have');
  });

  it('says nothing of the demo agency over MCP: instructions, tools and resources', async () => {
    assertNoDemoPhrase(mcp.server.instructions ?? '', 'instructions');
    const tools = await mcp.listTools();
    assertNoDemoPhrase(JSON.stringify(tools), 'tools/list');
    assert.equal(tools.find((tool) => tool.name === 'studio_request_assessment')?.title, 'Send a partner enquiry');
    assert.match(
      tools.find((tool) => tool.name === 'studio_why_mossgrove')!.description!,
      /e\.g\. "studio", "focus"\)/,
      'its own reason topics',
    );
    const send = tools.find((tool) => tool.name === 'studio_send_enquiry')!;
    assert.deepEqual((send.inputSchema.properties as Record<string, { enum?: string[] }>).topic?.enum, [
      'services',
      'press',
      'general',
    ]);
    const resources = [
      ...(await mcp.listResources()).map((r) => r.uri),
      'studio://page/home',
      'studio://page/services/store-builds',
    ];
    for (const uri of resources) assertNoDemoPhrase(JSON.stringify(await mcp.readResource(uri)), uri);
    assertNoDemoPhrase(JSON.stringify(await mcp.listResourceTemplates()), 'resources/templates/list');
  });

  it('answers a retailer as in fit and what its own fit rule excludes as outside', async () => {
    const shop = await mcp.callTool('studio_match_services', {
      challenge: 'Our Shopify candle store gets visits but few orders',
    });
    assert.equal(shop.structuredContent?.fit, 'in_fit', textOf(shop));
    assert.equal((shop.structuredContent!.matches as { slug: string }[])[0]?.slug, 'services/conversion-care');
    const software = await mcp.callTool('studio_match_services', {
      challenge: 'We sell B2B payroll software to accountants',
    });
    assert.equal(software.structuredContent?.fit, 'outside_fit');
    assert.match(textOf(software), /This looks outside Mossgrove's fit\. The request mentions "B2B"\./);
    const contact = await mcp.callTool('studio_get_contact', {});
    assert.deepEqual(contact.structuredContent?.topics, ['services', 'press', 'general']);
  });

  it("records a key-holding partner's request as a partnership enquiry, as there is no offer to assess", async () => {
    const partner = await modern.connect(app.mcpUrl, { authorization: 'Bearer partner-key-for-tests' });
    try {
      const result = await partner.callTool('studio_request_assessment', {
        fromName: 'Ada Lovelace',
        fromEmail: 'ada@example.com',
        message: 'Our client would like a new store in spring.',
      });
      assert.equal(result.isError, undefined, textOf(result));
      const reference = String(result.structuredContent?.reference);
      const row = await app.app.services.store.db
        .selectFrom('enquiries')
        .select(['topic'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      assert.equal(row.topic, 'partnership');
    } finally {
      await partner.close();
    }
  });

  it('offers the contact page as the next step everywhere, as it declares no offer', async () => {
    const home = (await get('/')).body;
    assert.match(home, /<p class="eyebrow">Shopify · independent retailers · Dublin<\/p>/);
    assert.match(home, /<a class="btn btn-primary" href="\/contact">Talk to us<\/a>/);
    assert.match(home, /<h2>How we work<\/h2>/, 'the home page shows its own sections');
    assert.match(home, /<p>Mossgrove is a studio of six in Dublin/, 'and its opening words');
    assert.match(home, /<strong>Mossgrove<\/strong> · Shopify studio for independent retailers/);
    assert.doesNotMatch(home, /nav-cta/);
    assert.match(
      (await get('/contact')).body,
      /<option value="services">A new store or a project<\/option><option value="press">Press<\/option>/,
    );
  });
});
