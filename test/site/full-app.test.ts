// The site and discovery documents inside the real service (both listeners, real database): every
// link in llms.txt, the sitemap and the API catalog resolves, including the REST API and the MCP
// server card that other parts of the service serve, and the HTML form posts through /api/contact.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let test: TestApp;
before(async () => {
  test = await startTestApp();
});
after(async () => test?.stop());

/** Fetches a published URL, rewriting the configured base and MCP addresses to the test listeners. */
async function fetchPublished(url: string, init?: RequestInit): Promise<Response> {
  const { baseUrl, mcpUrl } = test.app.services.config;
  const target = url.startsWith(mcpUrl)
    ? test.mcpUrl + url.slice(mcpUrl.length)
    : test.baseUrl + url.slice(baseUrl.length);
  return fetch(target, { redirect: 'manual', ...init });
}

describe('the site in the full service', () => {
  it('is wired into the HTTP listener', async () => {
    const res = await fetch(`${test.baseUrl}/llms.txt`);
    assert.equal(
      res.status,
      200,
      'registerSiteRoutes and registerDiscoveryRoutes must be called in src/app/http-server.ts',
    );
  });

  it('resolves every link in llms.txt, the sitemap and the API catalog, REST and MCP ones included', async () => {
    const { baseUrl, mcpUrl } = test.app.services.config;
    const llms = await (await fetch(`${test.baseUrl}/llms.txt`)).text();
    const sitemap = await (await fetch(`${test.baseUrl}/sitemap.xml`)).text();
    const catalog = (await (await fetch(`${test.baseUrl}/.well-known/api-catalog`)).json()) as {
      linkset: Record<string, unknown>[];
    };
    const urls = new Set<string>([
      ...[...llms.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]!),
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!),
      ...catalog.linkset.flatMap((entry) =>
        Object.entries(entry).flatMap(([rel, value]) =>
          rel === 'anchor' ? [] : (value as { href: string }[]).map((t) => t.href),
        ),
      ),
    ]);
    for (const url of urls) {
      const clean = url.replace(/#.*$/, '');
      assert.ok(clean.startsWith(baseUrl) || clean.startsWith(mcpUrl), clean);
      assert.equal((await fetchPublished(clean)).status, 200, clean);
    }
  });

  it('serves the MCP server card at the MCP address too, equal to the well-known one', async () => {
    const site = await (await fetch(`${test.baseUrl}/.well-known/mcp/server-card.json`)).json();
    const mcp = await fetch(`${test.mcpUrl}/server-card`);
    assert.equal(mcp.status, 200);
    assert.deepEqual(await mcp.json(), site);
  });

  it('accepts the contact form and answers with a page', async () => {
    const body = new URLSearchParams({
      fromName: 'Ada Example',
      fromEmail: 'ada@example.com',
      topic: 'services',
      message: 'We need help with attribution.',
    });
    const res = await fetch(`${test.baseUrl}/api/contact`, { method: 'POST', body });
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.ok(res.status < 300, `status ${res.status}`);
    assert.match(await res.text(), /enq_[0-9a-f]{16}/);
  });
});
