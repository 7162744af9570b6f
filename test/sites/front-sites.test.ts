// One deployment, many sites, two of them in front mode (SITES_DIR, each site.yaml naming its own
// `origin`): a front site's pages come from its own origin, its owned documents from the product in
// its own words, and nothing crosses between sites: not an origin's answer (the cache keeps them
// apart), not a robots rule, not a request. The sites without an origin never reach one, and an
// enquiry reaches only its own site's webhook.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { startWebhookReceiver, waitFor, type Receiver } from '../delivery/doubles.ts';
import { fastDelivery } from '../delivery/fixture.ts';
import { sampleEnquiry, submitEnquiry } from '../delivery/submit.ts';
import { runAgentsite } from '../helpers/agentsite-cli.ts';
import { freePorts, freshDatabaseUrl } from '../helpers/app.ts';
import { closeServer, listenOnLoopback } from '../helpers/loopback-server.ts';
import { answerTestHostsLocally } from './local-hosts.ts';
import { addSite, makeSitesDir, siteFolders } from './sites-folder.ts';

answerTestHostsLocally();

const hookSecret = `whsec_${Buffer.from('front-sites-test-secret-0123456789').toString('base64')}`;

/** An agency's existing site: every page cacheable for ten minutes and naming its origin; its own robots rule. */
interface Origin {
  url: string;
  name: string;
  /** The paths it was asked for, in order. */
  seen: string[];
  close(): Promise<void>;
}

async function startNamedOrigin(name: string): Promise<Origin> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    seen.push(path);
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nDisallow: /${name}-private/\n`);
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=600' })
      .end(
        `<!doctype html><html lang="en"><title>${name}</title><body><p>${name} origin page at ${path}</p></body></html>`,
      );
  });
  return { url: await listenOnLoopback(server), name, seen, close: () => closeServer(server) };
}

describe('front mode per site in one deployment', () => {
  let app: RunningApp;
  let port: number;
  let kante: Origin;
  let lindgren: Origin;
  let birke: Origin | undefined;
  let hook: Receiver;
  let sitesDir: string;
  let databaseUrl: string;
  const base = (host: string): string => `http://${host}:${port}`;
  const get = async (host: string, target: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base(host)}${target}`, { headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const asked = (): number => kante.seen.length + lindgren.seen.length;

  before(async () => {
    [kante, lindgren, hook] = await Promise.all([
      startNamedOrigin('kante'),
      startNamedOrigin('lindgren'),
      startWebhookReceiver(hookSecret),
    ]);
    let mcpPort: number;
    [port, mcpPort] = (await freePorts(2)) as [number, number];
    const hosting = (host: string, extra = ''): string =>
      `hosts: [${host}]\nbaseUrl: http://${host}:${port}\nmcpUrl: http://${host}:${mcpPort}/mcp\n${extra}`;
    sitesDir = makeSitesDir();
    databaseUrl = await freshDatabaseUrl();
    addSite(sitesDir, 'moss', siteFolders.mossgrove, hosting('moss.test', `origin: ${kante.url}`));
    addSite(sitesDir, 'zwei', siteFolders.zweiklang, hosting('zwei.test', `origin: ${lindgren.url}`));
    addSite(sitesDir, 'hafen', siteFolders.hafenwerk, hosting('hafen.test'));
    addSite(
      sitesDir,
      'verto',
      siteFolders.verto,
      hosting('verto.test', `delivery:\n  crmWebhook: { url: "${hook.url}", secret: "${hookSecret}" }`),
    );
    app = await startApp(
      loadConfig({
        SITES_DIR: sitesDir,
        CONTENT_POLL_SECONDS: '1',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        MCP_PORT: String(mcpPort),
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: 'loopback',
        ORIGIN_TIMEOUT_MS: '2000',
        ...fastDelivery,
      }),
    );
  });
  after(async () => {
    await app?.stop();
    await Promise.all([kante?.close(), lindgren?.close(), birke?.close(), hook?.close()]);
  });

  it("serves a front site's pages from its own origin, with the product's discovery links", async () => {
    const about = await get('moss.test', '/about');
    assert.equal(about.status, 200);
    assert.match(about.text, /kante origin page at \/about/);
    assert.match(about.headers.get('link') ?? '', /<http:\/\/moss\.test:\d+\/llms\.txt>; rel="describedby"/);
    assert.equal(kante.seen.at(-1), '/about');
    const other = await get('zwei.test', '/services');
    assert.match(other.text, /lindgren origin page at \/services/);
  });

  it("answers a front site's owned documents from the product in that site's words", async () => {
    const before = asked();
    const llms = await get('moss.test', '/llms.txt');
    assert.equal(llms.status, 200);
    assert.ok(llms.text.includes('Mossgrove') && !llms.text.includes('Zweiklang'), llms.text.slice(0, 200));
    assert.ok(llms.text.includes(base('moss.test')));
    const card = JSON.parse((await get('zwei.test', '/.well-known/agent-card.json')).text) as { name: string };
    assert.match(card.name, /Zweiklang/);
    assert.equal((await get('moss.test', '/agent/health')).status, 200);
    const index = await get('zwei.test', '/agent/case-studies');
    assert.equal(index.status, 200);
    assert.ok(!index.text.includes('moss.test'));
    const twin = await get('moss.test', '/', { accept: 'text/markdown' });
    assert.match(twin.headers.get('content-type') ?? '', /^text\/markdown/);
    assert.match(twin.text, /Mossgrove/);
    assert.equal(asked(), before, 'no origin is asked for what the product owns');
  });

  it("gives each front site its own origin's answer for the same address, never another's from the cache", async () => {
    const first = await get('moss.test', '/pricing');
    assert.match(first.text, /kante origin page at \/pricing/);
    const again = await get('moss.test', '/pricing');
    assert.match(again.headers.get('cache-status') ?? '', /hit/, 'the page is kept for its own site');
    const lindgrenAsked = lindgren.seen.length;
    const other = await get('zwei.test', '/pricing');
    assert.match(other.text, /lindgren origin page at \/pricing/);
    assert.doesNotMatch(other.headers.get('cache-status') ?? '', /hit/);
    assert.equal(lindgren.seen.length, lindgrenAsked + 1, "the other site's origin is asked");
  });

  it("drops one site's cached page on cache purge --site, and keeps the other site's", async () => {
    const cacheOf = async (host: string) => (await get(host, '/kept')).headers.get('cache-status') ?? '';
    for (const host of ['moss.test', 'zwei.test']) await get(host, '/kept');
    assert.match(await cacheOf('moss.test'), /hit/);
    assert.match(await cacheOf('zwei.test'), /hit/);
    const purge = await runAgentsite(['cache', 'purge', '/kept', '--site', 'moss.test'], {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      SITES_DIR: sitesDir,
    });
    assert.equal(purge.code, 0, purge.stderr);
    assert.match(purge.stdout, /of moss/);
    // The instance reads purges every 2 s: bounded wait for the page to come from its origin again.
    let moss = await cacheOf('moss.test');
    for (let i = 0; i < 60 && /hit/.test(moss); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      moss = await cacheOf('moss.test');
    }
    assert.match(moss, /stored/, 'the purged site asks its origin again');
    assert.match(await cacheOf('zwei.test'), /hit/, "the other site's page stays");
  });

  it("merges each front site's robots.txt with its own origin's rules alone", async () => {
    const moss = await get('moss.test', '/robots.txt');
    assert.equal(moss.status, 200);
    assert.match(moss.text, /Disallow: \/kante-private\//);
    assert.doesNotMatch(moss.text, /lindgren/);
    assert.match(moss.text, /Added by the site's agent surface/);
    const zwei = await get('zwei.test', '/robots.txt');
    assert.match(zwei.text, /Disallow: \/lindgren-private\//);
    assert.doesNotMatch(zwei.text, /kante/);
  });

  it('keeps the sites without an origin on their own pages, never asking an origin', async () => {
    const before = asked();
    const hafen = await get('hafen.test', '/');
    assert.equal(hafen.status, 200);
    assert.match(hafen.text, /<html lang="de">/);
    assert.match(hafen.text, /Hafenwerk/);
    for (const target of ['/pricing', '/about', '/robots.txt', '/sitemap.xml', '/nowhere']) {
      const answer = await get('verto.test', target);
      assert.doesNotMatch(answer.text, /origin page|kante|lindgren/, target);
    }
    assert.match((await get('verto.test', '/robots.txt')).text, /Sitemap: http:\/\/verto\.test/);
    assert.equal((await get('hafen.test', '/nowhere')).status, 404);
    assert.equal(asked(), before, 'no origin is asked for a site without one');
  });

  it("sends an enquiry to its own site's webhook, and a front site's to the product, not its origin", async () => {
    const sent = await submitEnquiry(base('verto.test'), sampleEnquiry);
    assert.equal(sent.status, 202);
    await waitFor("the enquiry at verto's webhook", () => hook.bodies.length === 1);
    const front = await submitEnquiry(base('moss.test'), sampleEnquiry);
    assert.equal(front.status, 202);
    assert.ok(!kante.seen.some((path) => path.startsWith('/agent')), 'the origin never sees /agent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(hook.bodies.length, 1, "the front site's enquiry does not reach verto's webhook");
  });

  it("serves a front site before the new origin its site.yaml names, without a restart or the old origin's cached answers", async () => {
    birke = await startNamedOrigin('birke');
    await get('zwei.test', '/pricing');
    assert.match((await get('zwei.test', '/pricing')).headers.get('cache-status') ?? '', /hit/);
    const file = path.join(sitesDir, 'zwei', 'site.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(`origin: ${lindgren.url}`, `origin: ${birke.url}`));
    let page = '';
    for (let tries = 0; tries < 75 && !/birke/.test(page); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      page = (await get('zwei.test', '/pricing')).text;
    }
    assert.match(page, /birke origin page at \/pricing/);
    assert.match((await get('moss.test', '/pricing')).text, /kante origin page/, 'the other front site is as it was');
  });

  it('keeps a site on its own pages once no site names an origin, and fronts one that names an origin then', async () => {
    const setOrigin = (key: string, origin: string | undefined): void => {
      const file = path.join(sitesDir, key, 'site.yaml');
      const hosting = fs.readFileSync(file, 'utf8').replace(/^origin: .*\n/m, '');
      fs.writeFileSync(file, origin ? `${hosting}origin: ${origin}\n` : hosting);
    };
    const until = async (host: string, target: string, done: (text: string) => boolean): Promise<string> => {
      let text = '';
      for (let tries = 0; tries < 75 && !done(text); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        text = (await get(host, target)).text;
      }
      return text;
    };
    setOrigin('moss', undefined);
    setOrigin('zwei', undefined);
    const ownHome = await until('moss.test', '/', (text) => /Mossgrove/.test(text) && !/origin page/.test(text));
    assert.doesNotMatch(ownHome, /origin page/, "moss's own home page, no origin's");
    const seen = asked() + (birke?.seen.length ?? 0);
    assert.equal((await get('zwei.test', '/')).status, 200);
    assert.equal(asked() + (birke?.seen.length ?? 0), seen, 'no origin asked while none is named');
    setOrigin('hafen', birke!.url);
    assert.match(await until('hafen.test', '/pricing', (text) => /birke/.test(text)), /birke origin page at \/pricing/);
  });
});
