// Every link the site publishes for agents and crawlers resolves. Links to the REST API (/agent/*),
// the audit's page and the MCP server are served by other parts of the service, so this bare app only records them;
// the full-app tests of those routes cover them.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { buildSiteApp, localPath, servedElsewhere, type SiteApp } from './site-app.ts';

let site: SiteApp;
before(async () => {
  site = await buildSiteApp();
});
after(async () => site.app.close());

const elsewhere = new Set<string>();

async function assertResolves(urls: string[], source: string): Promise<void> {
  assert.ok(urls.length > 0, `${source} has links`);
  for (const url of urls) {
    if (servedElsewhere(url, site.baseUrl, site.mcpUrl)) {
      elsewhere.add(url.replace(/#.*$/, ''));
      continue;
    }
    const path = localPath(url.replace(/#.*$/, ''), site.baseUrl);
    assert.ok(path, `${source} links off-site: ${url}`);
    const res = await site.app.inject({ url: path });
    assert.equal(res.statusCode, 200, `${source}: ${url}`);
  }
}

const markdownLinks = (text: string): string[] => [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]!);

describe('published links', () => {
  it('every link in llms.txt resolves', async () => {
    const body = (await site.app.inject({ url: '/llms.txt' })).body;
    assert.match(body, /^# Verto\n\n> /);
    assert.match(body, /\n## Optional\n/);
    await assertResolves(markdownLinks(body), 'llms.txt');
  });

  it('every link in llms-full.txt and the developer page resolves', async () => {
    await assertResolves(markdownLinks((await site.app.inject({ url: '/llms-full.txt' })).body), 'llms-full.txt');
    await assertResolves(markdownLinks((await site.app.inject({ url: '/markdown/developers.md' })).body), 'developers');
  });

  it('every URL in the sitemap resolves', async () => {
    const body = (await site.app.inject({ url: '/sitemap.xml' })).body;
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    assert.equal(locs.length, site.content.pages.length + 1);
    await assertResolves(locs, 'sitemap.xml');
    assert.match(
      (await site.app.inject({ url: '/robots.txt' })).body,
      new RegExp(`Sitemap: ${site.baseUrl}/sitemap.xml`),
    );
  });

  it('every link in the discovery documents resolves', async () => {
    const catalog = (await site.app.inject({ url: '/.well-known/api-catalog' })).json();
    const hrefs = catalog.linkset.flatMap((entry: Record<string, { href: string }[]>) =>
      Object.entries(entry).flatMap(([rel, targets]) =>
        rel === 'anchor' ? [targets as unknown as string] : targets.map((t) => t.href),
      ),
    );
    await assertResolves(hrefs, 'api-catalog');
    const ard = (await site.app.inject({ url: '/.well-known/ard.json' })).json();
    await assertResolves(
      ard.entries.map((e: { url: string }) => e.url),
      'ard.json',
    );
    const skills = (await site.app.inject({ url: '/.well-known/agent-skills/index.json' })).json();
    await assertResolves(
      skills.skills.map((s: { url: string }) => s.url),
      'agent-skills',
    );
  });

  it('every internal link on every HTML page resolves', async () => {
    const seen = new Set<string>();
    for (const page of [...site.content.pages.map((p) => p.path), '/developers', '/search?q=pipeline']) {
      const body = (await site.app.inject({ url: page })).body;
      for (const match of body.matchAll(/href="(\/[^"#]*)/g)) seen.add(match[1]!.replace(/&amp;/g, '&'));
    }
    await assertResolves(
      [...seen].map((path) => `${site.baseUrl}${path}`),
      'HTML pages',
    );
  });

  it("links to other parts of the service only at the REST API, the MCP server, the audit's page and the ask", () => {
    const allowed = new Set([
      `${site.baseUrl}/agent`,
      `${site.baseUrl}/agent/openapi.json`,
      `${site.baseUrl}/agent/v1/openapi.json`,
      `${site.baseUrl}/agent/health`,
      site.mcpUrl,
      `${site.mcpUrl}/server-card`,
      `${site.baseUrl}/audit`,
      `${site.baseUrl}/markdown/audit.md`,
    ]);
    assert.ok(elsewhere.size > 0);
    const asked = (url: string): boolean => url.startsWith(`${site.baseUrl}/ask?`);
    for (const url of elsewhere)
      assert.ok(allowed.has(url) || asked(url), `unexpected dependency on another route: ${url}`);
  });
});
