// One deployment, three sites by Host (SITES_DIR): each answers every surface (pages, twins,
// llms.txt, cards, REST, MCP through the official client, A2A through the A2A SDK, /ask, robots.txt,
// sitemap.xml) for its own host with its own words, and nothing of another site appears. A host no
// site names gets 421 in both shapes; a folder added or removed is picked up without a restart.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ClientFactory } from '@a2a-js/sdk/client';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { freePorts, freshDatabaseUrl } from '../helpers/app.ts';
import { modern, textOf } from '../mcp/clients.ts';
import { ask, send } from '../a2a/agent.ts';
import { answerTestHostsLocally } from './local-hosts.ts';
import { addSite, makeSitesDir, siteFolders } from './sites-folder.ts';

answerTestHostsLocally();

/** Each site: its folder, its host, and words only it says. */
const sites = {
  verto: { from: siteFolders.verto, host: 'verto.test', brand: 'Verto', query: 'pipeline' },
  hafen: { from: siteFolders.hafenwerk, host: 'hafen.test', brand: 'Hafenwerk', query: 'Mittelstand' },
  moss: { from: siteFolders.mossgrove, host: 'moss.test', brand: 'Mossgrove', query: 'Shopify' },
} as const;
type Key = keyof typeof sites;
const keys = Object.keys(sites) as Key[];

describe('many sites in one deployment', () => {
  let app: RunningApp;
  let sitesDir: string;
  let port: number;
  let mcpPort: number;
  const hosting = (host: string): string =>
    `hosts: [${host}]\nbaseUrl: http://${host}:${port}\nmcpUrl: http://${host}:${mcpPort}/mcp`;
  const base = (key: Key): string => `http://${sites[key].host}:${port}`;
  const get = async (key: Key, target: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base(key)}${target}`, { headers });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  /** `text` names `key`'s brand and host, and no other site's. */
  const ownsOnly = (key: Key, text: string, what: string): void => {
    assert.ok(text.includes(sites[key].brand), `${what} of ${key} names ${sites[key].brand}`);
    for (const other of keys.filter((k) => k !== key)) {
      assert.ok(!text.includes(sites[other].brand), `${what} of ${key} names ${sites[other].brand}`);
      assert.ok(!text.includes(sites[other].host), `${what} of ${key} names ${sites[other].host}`);
    }
  };

  before(async () => {
    [port, mcpPort] = (await freePorts(2)) as [number, number];
    sitesDir = makeSitesDir();
    for (const key of keys) addSite(sitesDir, key, sites[key].from, hosting(sites[key].host));
    const config = loadConfig({
      SITES_DIR: sitesDir,
      CONTENT_POLL_SECONDS: '1',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      DATABASE_URL: await freshDatabaseUrl(),
    });
    app = await startApp(config);
  });
  after(() => app?.stop());

  it('serves each site its own pages, twins, llms.txt, robots.txt and sitemap', async () => {
    for (const key of keys) {
      const home = await get(key, '/');
      assert.equal(home.status, 200);
      ownsOnly(key, home.text, 'home page');
      const twin = await get(key, '/', { accept: 'text/markdown' });
      assert.equal(twin.status, 200);
      assert.match(twin.type ?? '', /^text\/markdown/);
      ownsOnly(key, twin.text, 'markdown twin');
      for (const document of ['/llms.txt', '/llms-full.txt', '/sitemap.xml']) {
        const answer = await get(key, document);
        assert.equal(answer.status, 200, document);
        if (document !== '/sitemap.xml') ownsOnly(key, answer.text, document);
        assert.ok(answer.text.includes(base(key)), `${document} of ${key} links its own address`);
      }
      const robots = await get(key, '/robots.txt');
      assert.ok(robots.text.includes(`Sitemap: ${base(key)}/sitemap.xml`), robots.text);
    }
    assert.match((await get('hafen', '/')).text, /<html lang="de">/);
    assert.match((await get('moss', '/')).text, /<html lang="en">/);
  });

  it('names each site in its agent card, server card, OpenAPI contract and REST answers', async () => {
    for (const key of keys) {
      const card = JSON.parse((await get(key, '/.well-known/agent-card.json')).text);
      ownsOnly(key, JSON.stringify(card), 'agent card');
      assert.ok(card.name.includes(sites[key].brand));
      const serverCard = (await get(key, '/.well-known/mcp/server-card.json')).text;
      ownsOnly(key, serverCard, 'server card');
      assert.ok(serverCard.includes(`http://${sites[key].host}:${mcpPort}/mcp`));
      const contract = (await get(key, '/agent/openapi.json')).text;
      assert.ok(contract.includes(base(key)), 'the contract names its own server');
      const index = await get(key, '/agent/case-studies');
      assert.equal(index.status, 200);
      for (const other of keys.filter((k) => k !== key)) assert.ok(!index.text.includes(sites[other].host));
    }
    const hafenSlugs = JSON.parse((await get('hafen', '/agent/case-studies')).text).items.map(
      (i: { slug: string }) => i.slug,
    );
    const mossSlugs = JSON.parse((await get('moss', '/agent/case-studies')).text).items.map(
      (i: { slug: string }) => i.slug,
    );
    assert.equal(hafenSlugs.filter((slug: string) => mossSlugs.includes(slug)).length, 0);
  });

  it('answers /ask from each site content alone', async () => {
    for (const key of keys) {
      const answer = await get(key, `/ask?query=${encodeURIComponent(sites[key].query)}`);
      assert.equal(answer.status, 200);
      const body = JSON.parse(answer.text) as { results: { url: string }[] };
      assert.ok(body.results.length > 0, `${key} finds ${sites[key].query}`);
      for (const result of body.results) assert.ok(result.url.startsWith(base(key)), result.url);
    }
  });

  it('serves each site its own MCP tools and words through the official client', async () => {
    const prefixes = new Set<string>();
    for (const key of keys) {
      const client = await modern.connect(`http://${sites[key].host}:${mcpPort}/mcp`);
      try {
        ownsOnly(key, client.server.instructions ?? '', 'MCP instructions');
        const tools = await client.listTools();
        const index = tools.find((tool) => tool.name.endsWith('get_site_index'));
        assert.ok(index, `${key} lists its site index tool`);
        prefixes.add(index.name);
        const text = textOf(await client.callTool(index.name, {}));
        ownsOnly(key, text, 'MCP site index');
      } finally {
        await client.close();
      }
    }
    assert.ok(prefixes.size >= 2, 'the sites name their tools with their own prefixes');
  });

  it('answers A2A questions as each site through the A2A SDK client', async () => {
    for (const key of keys) {
      const client = await new ClientFactory().createFromUrl(base(key));
      const task = await send(client, ask(sites[key].query));
      const text = JSON.stringify(task.artifacts);
      for (const other of keys.filter((k) => k !== key)) assert.ok(!text.includes(sites[other].host), text);
      assert.ok(text.includes(sites[key].host), `${key}'s answer links its own pages`);
    }
  });

  it('answers a host no site names with 421, as JSON under /agent and MCP, as a page elsewhere', async () => {
    const elsewhere = (target: string, at = port) => fetch(`http://elsewhere.test:${at}${target}`);
    const page = await elsewhere('/');
    assert.equal(page.status, 421);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const api = await elsewhere('/agent/case-studies');
    assert.equal(api.status, 421);
    assert.equal(((await api.json()) as { status: string }).status, 'misdirected_request');
    const mcp = await fetch(`http://elsewhere.test:${mcpPort}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    assert.equal(mcp.status, 421);
    assert.ok(((await mcp.json()) as { error?: unknown }).error);
    assert.equal((await elsewhere('/agent/health')).status, 200, 'the health check answers any host');
  });

  it('serves a folder added, and stops serving one removed, without a restart', async () => {
    addSite(
      sitesDir,
      'second',
      siteFolders.mossgrove,
      hosting('second.test').replace('hosts: [second.test]', 'hosts: [second.test, Also.Second.test]'),
    );
    const added = await until(async () => (await fetch(`http://also.second.test:${port}/llms.txt`)).status === 200);
    assert.ok(added, 'the added site is served');
    fs.rmSync(path.join(sitesDir, 'second'), { recursive: true });
    const removed = await until(async () => (await fetch(`http://second.test:${port}/`)).status === 421);
    assert.ok(removed, 'the removed site is no longer served');
    assert.equal((await get('moss', '/llms.txt')).status, 200);
  });
});

/** Whether `check` comes true within 15 s, looked at every 200 ms (the poll looks every second). */
async function until(check: () => Promise<boolean>): Promise<boolean> {
  for (let tries = 0; tries < 75; tries++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}
