// The dashboard of one deployment serving three sites (SITES_DIR), on real sockets and the back-end
// of AGENTSITE_TEST_STORE: the index lists every site with its own enquiry and delivery counts, and
// each site's pages show its own insight, content gaps and deliveries and nothing of another site.
// Each site's searches are judged out of fit by that site's own fit rule. The index and a site's page
// pass axe in Chromium under the dashboard's CSP.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser } from 'playwright-core';
import { chromeFlags, chromeMissing, chromePath } from '../../audit/lib/chromium.ts';
import type { RunningApp } from '../../src/app/app.ts';
import { startWebhookReceiver, waitFor, type Receiver } from '../delivery/doubles.ts';
import { freePorts } from '../helpers/app.ts';
import { answerTestHostsLocally } from '../sites/local-hosts.ts';
import { addSite, makeSitesDir, siteFolders, startSites } from '../sites/sites-folder.ts';

answerTestHostsLocally();

const outDir = path.resolve(import.meta.dirname, '../../test-results/dashboard');
const token = 'sites-dashboard-token-0123456789';
const secret = `whsec_${Buffer.from('sites-dashboard-secret-0123456789').toString('base64')}`;

/** Each site: its folder, host, how many enquiries it gets, its webhook's answer and its words. */
const sites = {
  verto: { from: siteFolders.verto, host: 'verto.test', enquiries: 1, hook: 200, gap: 'verto-gap reply time' },
  hafen: { from: siteFolders.hafenwerk, host: 'hafen.test', enquiries: 2, hook: 400, gap: 'hafen-gap reply time' },
  moss: { from: siteFolders.mossgrove, host: 'moss.test', enquiries: 3, hook: 503, gap: 'moss-gap reply time' },
} as const;
type Key = keyof typeof sites;
const keys = Object.keys(sites) as Key[];
/** A search that finds nothing on any site, so it is a content gap of the site asked only. */
const nothingFound = (key: Key): string => `zz${key} qqnothing`;

describe('the dashboard of many sites', () => {
  let app: RunningApp;
  let port: number;
  let admin: string;
  const hooks = new Map<Key, Receiver>();
  const references = new Map<Key, string[]>();
  let forwarded = 0;

  const at = (key: Key, target: string): string => `http://${sites[key].host}:${port}${target}`;
  const dashboard = async (target: string): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${admin}${target}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, text: await response.text() };
  };
  const search = async (key: Key, query: string): Promise<void> => {
    const response = await fetch(at(key, `/search?q=${encodeURIComponent(query)}`));
    assert.equal(response.status, 200);
    await response.arrayBuffer();
  };
  const deliveryStates = async (key: Key): Promise<string[]> =>
    (await app.services.store.db.selectFrom('deliveries').select('state').where('site', '=', key).execute()).map(
      (row) => row.state,
    );

  before(async () => {
    let mcpPort: number;
    [port, mcpPort] = (await freePorts(2)) as [number, number];
    const sitesDir = makeSitesDir();
    for (const key of keys) {
      const hook = await startWebhookReceiver(secret);
      hook.status = sites[key].hook;
      hooks.set(key, hook);
      const { host } = sites[key];
      const dir = addSite(
        sitesDir,
        key,
        sites[key].from,
        `hosts: [${host}]\nbaseUrl: http://${host}:${port}\nmcpUrl: http://${host}:${mcpPort}/mcp\n` +
          `delivery:\n  crmWebhook: { url: "${hook.url}", secret: "${secret}" }`,
      );
      // A value the site's own folder leaves to be written: a content gap of this site alone.
      const contact = path.join(dir, 'contact.yaml');
      const text = fs
        .readFileSync(contact, 'utf8')
        .replace(/^responseTime: .*$/m, `responseTime: "TODO: ${sites[key].gap}"`);
      fs.writeFileSync(contact, text);
    }
    app = await startSites(sitesDir, [port, mcpPort], {
      ADMIN_PORT: '0',
      ADMIN_TOKEN: token,
      // A retryable failure waits long enough to be seen queued.
      DELIVERY_POLL_MS: '50',
      DELIVERY_BASE_DELAY_MS: '60000',
      DELIVERY_MAX_DELAY_MS: '60000',
    });
    admin = `http://127.0.0.1:${app.admin!.port}`;
    for (const key of keys) {
      const sent: string[] = [];
      for (let n = 0; n < sites[key].enquiries; n += 1) {
        const response = await fetch(at(key, '/agent/v1/contact'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${++forwarded}` },
          body: JSON.stringify({ fromName: 'Ada Lovelace', fromEmail: 'ada@example.com', message: `Hello ${key}.` }),
        });
        assert.equal(response.status, 202, await response.clone().text());
        sent.push(((await response.json()) as { reference: string }).reference);
      }
      references.set(key, sent);
      await search(key, nothingFound(key));
      await search(key, 'shopify store');
      await search(key, 'b2b saas platform');
    }
    const settled = { verto: 'delivered', hafen: 'dead', moss: 'pending' } as const;
    for (const key of keys) {
      await waitFor(`${key}'s deliveries ${settled[key]}`, async () => {
        const states = await deliveryStates(key);
        return states.length === sites[key].enquiries && states.every((state) => state === settled[key]);
      });
    }
  });
  after(async () => {
    await app?.stop();
    await Promise.all([...hooks.values()].map((hook) => hook.close()));
  });

  /** The cells of the index's row of `key`, as text. */
  const indexRow = (page: string, key: Key): string[] => {
    const row = [...page.matchAll(/<tr>(.*?)<\/tr>/gs)].find((match) => match[1]!.includes(`>${key}</a>`));
    assert.ok(row, `the index lists ${key}`);
    return [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) => cell[1]!.replace(/<[^>]+>/g, ''));
  };

  it('lists every site with its hosts and its own enquiry and delivery counts', async () => {
    const index = await dashboard('/');
    assert.equal(index.status, 200);
    const expected = {
      verto: { queued: '0', failed: '0', delivered: '1' },
      hafen: { queued: '0', failed: '2', delivered: '0' },
      moss: { queued: '3', failed: '0', delivered: '0' },
    };
    for (const key of keys) {
      const [folder, hosts, content, origin, , enquiries, last, queued, failed, delivered] = indexRow(index.text, key);
      assert.deepEqual(
        { folder, hosts, content, origin, enquiries, queued, failed, delivered },
        {
          folder: key,
          hosts: sites[key].host,
          content: 'loaded',
          origin: '–',
          enquiries: String(sites[key].enquiries),
          ...expected[key],
        },
      );
      assert.match(last ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }

    const found = await dashboard('/?q=MOSS.te');
    assert.ok(found.text.includes('>moss</a>'));
    assert.ok(!found.text.includes('>verto</a>') && !found.text.includes('>hafen</a>'), 'only the site that matches');
  });

  it("shows on each site's overview its own content gaps and deliveries, and nothing of another site", async () => {
    for (const key of keys) {
      const overview = await dashboard(`/site/${key}`);
      assert.equal(overview.status, 200);
      assert.ok(overview.text.includes(sites[key].gap), `${key}'s page lists its gap`);
      assert.ok(overview.text.includes(sites[key].host), `${key}'s page names its host`);
      for (const reference of key === 'verto' ? [] : references.get(key)!)
        assert.ok(overview.text.includes(reference), `${key}'s page lists its delivery for ${reference}`);
      for (const other of keys.filter((k) => k !== key)) {
        assert.ok(!overview.text.includes(sites[other].gap), `${key}'s page shows ${other}'s gap`);
        assert.ok(!overview.text.includes(sites[other].host), `${key}'s page names ${other}'s host`);
        for (const reference of references.get(other)!)
          assert.ok(!overview.text.includes(reference), `${key}'s page shows ${other}'s enquiry ${reference}`);
      }
    }
  });

  it("shows on each site's searches page its own searches, judged by its own fit rule", async () => {
    for (const key of keys) {
      const searches = await dashboard(`/site/${key}/searches`);
      assert.equal(searches.status, 200);
      assert.ok(searches.text.includes(nothingFound(key)), `${key}'s searches list its own`);
      // The caller family's page of the site: the test's fetch declares no agent, so it is "Other".
      const family = await dashboard(`/site/${key}/family/Other`);
      assert.equal(family.status, 200);
      assert.ok(family.text.includes(nothingFound(key)), `${key}'s family page lists its own searches`);
      for (const other of keys.filter((k) => k !== key)) {
        assert.ok(!searches.text.includes(nothingFound(other)), `${key}'s searches show ${other}'s`);
        assert.ok(!family.text.includes(nothingFound(other)), `${key}'s family page shows ${other}'s`);
      }
    }
    const outOfFit = async (key: Key, query: string): Promise<number> => {
      const rows = await app.services.store.db
        .selectFrom('insight_asks')
        .select('out_of_fit')
        .where('site', '=', key)
        .where('query', '=', query)
        .execute();
      assert.equal(rows.length, 1, `${key} recorded "${query}"`);
      return Number(rows[0]!.out_of_fit);
    };
    // Verto (B2B) places a Shopify store outside its fit; Mossgrove (a Shopify studio) places B2B SaaS there.
    assert.deepEqual([await outOfFit('verto', 'shopify store'), await outOfFit('moss', 'shopify store')], [1, 0]);
    assert.deepEqual(
      [await outOfFit('verto', 'b2b saas platform'), await outOfFit('moss', 'b2b saas platform')],
      [0, 1],
    );
  });

  it('answers a site key or page it does not serve with 404, and asks for the token', async () => {
    assert.equal((await dashboard('/site/nowhere')).status, 404);
    assert.equal((await dashboard('/site/verto/elsewhere')).status, 404);
    assert.equal((await dashboard('/searches')).status, 404);
    assert.equal((await dashboard('/?page=2')).status, 404);
    assert.equal((await dashboard('/?page=zero')).status, 400);
    assert.equal((await fetch(`${admin}/site/verto`)).status, 401);
  });

  describe('in Chromium', { skip: chromeMissing }, () => {
    let browser: Browser;
    before(async () => {
      browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
    });
    after(async () => {
      await browser?.close();
    });

    for (const target of ['/', '/site/moss']) {
      it(`draws ${target} with no accessibility violation and nothing the CSP refuses`, async () => {
        const context = await browser.newContext({ httpCredentials: { username: 'operator', password: token } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        assert.equal((await page.goto(`${admin}${target}`))?.status(), 200);
        fs.mkdirSync(outDir, { recursive: true });
        await page.screenshot({ path: path.join(outDir, `sites${target.replaceAll('/', '-')}.png`), fullPage: true });
        const axe = await new AxeBuilder({ page }).analyze();
        assert.deepEqual(
          axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          [],
        );
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  });
});
