// Every link and form of the dashboard leads to a page it answers, in both modes: one site, and two
// sites of SITES_DIR on real sockets (the site scope is set by Host). The crawl starts at the first
// page and at the short message pages (not found, bad input, sign-in, not allowed), whose navigation
// must hold only pages of the mode they are in.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningApp } from '../../src/app/app.ts';
import { freePorts, startTestApp, type TestApp } from '../helpers/app.ts';
import { answerTestHostsLocally } from '../sites/local-hosts.ts';
import { addSite, makeSitesDir, siteFolders, startSites } from '../sites/sites-folder.ts';
import { brokenLinks, crawlDashboard, type Seed } from './crawl.ts';

answerTestHostsLocally();

const token = 'dashboard-links-token-0123456789';

/** A search by a declared agent and one by an unnamed caller, so each site has two caller families. */
async function searchAt(base: string): Promise<void> {
  for (const headers of [{ 'user-agent': 'Mozilla/5.0 (compatible; GPTBot/1.2)' }, {}]) {
    const response = await fetch(`${base}/search?q=${encodeURIComponent('shopify store')}`, { headers });
    assert.equal(response.status, 200);
    await response.arrayBuffer();
  }
}

/** The message pages every dashboard can show, beside its first page. */
const commonSeeds: Seed[] = [
  { target: '/' },
  { target: '/nowhere' },
  { target: '/?from=nonsense' },
  { target: '/', init: {} },
  { target: '/', init: { method: 'POST', headers: { authorization: `Bearer ${token}` } } },
];

describe('the links of the dashboard of many sites', () => {
  let app: RunningApp;
  let admin: string;

  before(async () => {
    const [port, mcpPort] = (await freePorts(2)) as [number, number];
    const sitesDir = makeSitesDir();
    const hosts = { verto: 'verto.test', hafen: 'hafen.test' };
    addSite(sitesDir, 'verto', siteFolders.verto, `hosts: [${hosts.verto}]\nbaseUrl: http://${hosts.verto}:${port}`);
    addSite(
      sitesDir,
      'hafen',
      siteFolders.hafenwerk,
      `hosts: [${hosts.hafen}]\nbaseUrl: http://${hosts.hafen}:${port}`,
    );
    app = await startSites(sitesDir, [port, mcpPort], { ADMIN_PORT: '0', ADMIN_TOKEN: token });
    admin = `http://127.0.0.1:${app.admin!.port}`;
    for (const host of Object.values(hosts)) await searchAt(`http://${host}:${port}`);
  });
  after(async () => {
    await app?.stop();
  });

  it('leads from the index, every site page and every message page only to pages it answers', async () => {
    const seeds: Seed[] = [
      ...commonSeeds,
      { target: '/searches' },
      { target: '/site/nowhere' },
      { target: '/site/verto/elsewhere' },
      { target: '/?page=zero' },
      { target: '/?page=9' },
    ];
    const crawled = await crawlDashboard(admin, token, seeds);
    assert.deepEqual(brokenLinks(crawled), []);
    const targets = crawled.map((link) => link.target.split('?')[0]);
    // The crawl reached each site's pages, its families' among them, so the test covers them.
    for (const key of ['verto', 'hafen'])
      for (const page of ['', '/searches', '/family/OpenAI', '/family/Other'])
        assert.ok(targets.includes(`/site/${key}${page}`), `the crawl reached /site/${key}${page}`);
  });
});

describe('the links of the dashboard of one site', () => {
  let app: TestApp;
  let admin: string;

  before(async () => {
    app = await startTestApp({ ADMIN_PORT: '0', ADMIN_TOKEN: token });
    admin = `http://127.0.0.1:${app.app.admin!.port}`;
    await searchAt(app.baseUrl);
  });
  after(async () => {
    await app?.stop();
  });

  it('leads from the overview and every message page only to pages it answers', async () => {
    const crawled = await crawlDashboard(admin, token, [...commonSeeds, { target: '/family/%E0%A4%A' }]);
    assert.deepEqual(brokenLinks(crawled), []);
    const targets = crawled.map((link) => link.target.split('?')[0]);
    for (const page of ['/', '/searches', '/family/OpenAI', '/family/Other'])
      assert.ok(targets.includes(page), `the crawl reached ${page}`);
  });
});
