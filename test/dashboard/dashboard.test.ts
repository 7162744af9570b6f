// The dashboard against real traffic (traffic.ts) on the back-end of AGENTSITE_TEST_STORE: what the
// database holds afterwards (no personal data), and each page opened in Chromium, checked against
// the traffic sent, checked by axe, under its CSP, with screenshots in test-results/dashboard/.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { personal, sendTraffic, type SentTraffic } from './traffic.ts';
import { chromeFlags, chromeMissing, chromePath } from '../../audit/lib/chromium.ts';

const outDir = path.resolve(import.meta.dirname, '../../test-results/dashboard');
const token = 'dashboard-test-token-0123456789';

describe('the agent-insight dashboard after real traffic', () => {
  let app: TestApp;
  let sent: SentTraffic;
  let admin: string;

  before(async () => {
    app = await startTestApp({ ADMIN_PORT: '0', ADMIN_TOKEN: token });
    admin = `http://127.0.0.1:${app.app.admin!.port}`;
    sent = await sendTraffic(app.baseUrl, app.mcpUrl);
    mkdirSync(outDir, { recursive: true });
  });
  after(async () => {
    await app?.stop();
  });

  it('stores no address, e-mail, phone number, name or message text', async () => {
    await app.app.services.insight.flush();
    const db = app.app.services.store.db;
    const dump = {
      insight_visits: await db
        .selectFrom('insight_visits')
        .selectAll()
        .orderBy('surface')
        .orderBy('item')
        .orderBy('family')
        .execute(),
      insight_asks: await db.selectFrom('insight_asks').selectAll().orderBy('source').orderBy('query').execute(),
      insight_enquiries: await db.selectFrom('insight_enquiries').selectAll().orderBy('channel').execute(),
    };
    writeFileSync(path.join(outDir, 'database-dump.json'), `${JSON.stringify(dump, null, 1)}\n`);
    const text = JSON.stringify(dump).toLowerCase();
    const forbidden = [
      ...personal.names,
      ...personal.emails,
      ...personal.phones,
      ...personal.messages,
      ...personal.names.flatMap((n) => n.split(' ')),
      '7946 0958',
      '010-4477',
      '127.0.0.1',
      '@',
    ];
    for (const value of forbidden) assert.ok(!text.includes(value.toLowerCase()), `"${value}" must not be stored`);
    assert.ok(
      dump.insight_asks.some((row) => row.query === '(withheld: contact details)'),
      'queries with contact details are counted, withheld',
    );
    assert.ok(dump.insight_visits.length > 0 && dump.insight_enquiries.length === 3);
  });

  it('answers 401 with WWW-Authenticate without the token, and the page with it', async () => {
    const anonymous = await fetch(`${admin}/`);
    assert.equal(anonymous.status, 401);
    assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Basic realm=/);
    assert.equal(
      (await fetch(`${admin}/`, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status,
      401,
    );
    const basic = `Basic ${Buffer.from(`anyone:${token}`).toString('base64')}`;
    for (const authorization of [`Bearer ${token}`, basic]) {
      const ok = await fetch(`${admin}/`, { headers: { authorization } });
      assert.equal(ok.status, 200);
      assert.match(ok.headers.get('content-security-policy') ?? '', /^default-src 'none'; style-src 'sha256-/);
    }
  });

  it('answers a bad date range with a page that says what is expected', async () => {
    const response = await fetch(`${admin}/?from=2026-02-30`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.status, 400);
    assert.match(await response.text(), /from must be a date written YYYY-MM-DD/);
    const reversed = await fetch(`${admin}/searches?from=2026-03-02&to=2026-03-01`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(reversed.status, 400);
    assert.match(await reversed.text(), /from \(2026-03-02\) must not be after to \(2026-03-01\)/);
    const long = await fetch(`${admin}/?from=1990-01-01&to=2026-01-01`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(long.status, 400);
  });

  describe('in Chromium', { skip: chromeMissing }, () => {
    let browser: Browser;
    before(async () => {
      browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
    });
    after(async () => {
      await browser?.close();
    });

    /** Opens a dashboard page, fails on any console error (a CSP refusal shows there), checks axe. */
    async function open(pathAndQuery: string, screenshot: string): Promise<Page> {
      const context = await browser.newContext({
        httpCredentials: { username: 'operator', password: token },
        viewport: { width: 1360, height: 900 },
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const response = await page.goto(`${admin}${pathAndQuery}`);
      assert.equal(response?.status(), 200);
      await page.screenshot({ path: path.join(outDir, screenshot), fullPage: true });
      const axe = await new AxeBuilder({ page }).analyze();
      assert.deepEqual(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        [],
      );
      assert.deepEqual(errors, []);
      for (const image of await page.locator('main img').all()) {
        assert.ok(
          await image.evaluate(
            (img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0,
          ),
          'every chart is drawn',
        );
      }
      return page;
    }

    /** The cells of the table with this caption, one array per body row. */
    async function rows(page: Page, caption: string): Promise<string[][]> {
      return page
        .locator('table', { has: page.locator('caption', { hasText: caption }) })
        .first()
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    }

    it('shows the overview with the traffic that was sent', async () => {
      const page = await open('/', 'overview.png');
      const families = Object.fromEntries((await rows(page, 'Requests per caller family')).map((r) => [r[0], r]));
      assert.equal(families.OpenAI?.[2], String(sent.visits.OpenAI), 'OpenAI declared');
      assert.equal(families.Perplexity?.[2], String(sent.visits.Perplexity));
      assert.equal(families.Anthropic?.[2], String(sent.visits.Anthropic));
      assert.equal(families.Browser?.[3], String(sent.visits.Browser), 'browsers are people');
      const enquiries = (await rows(page, 'Accepted enquiries')).map((r) => `${r[0]}/${r[1]}=${r[2]}`).sort();
      assert.deepEqual(enquiries, sent.enquiries.map((e) => `${e.channel}/${e.family}=1`).sort());
      const items = await rows(page, 'Most requested items');
      assert.ok(items.some((r) => r[0] === 'rest' && r[1] === 'GET /health' && r[2] === '3'));
      assert.ok(
        items.some((r) => r[0] === 'mcp' && r[1] === 'service_get_proof_points' && r[2] === '1'),
        'a call served by the SDK path',
      );
      assert.ok(items.some((r) => r[0] === 'page-html' && r[1] === 'not-found'));
      const total = Object.values(sent.visits).reduce((a, b) => a + b, 0);
      assert.equal(await page.locator('.tiles li').first().locator('.value').innerText(), String(total));
    });

    it('shows searches, content gaps and out-of-fit asks', async () => {
      const page = await open('/searches', 'searches.png');
      const top = await rows(page, 'Top searches and asks');
      const asks = (query: string): number =>
        top.filter((r) => r[0] === query).reduce((sum, r) => sum + Number(r[2]), 0);
      assert.equal(
        asks('cybersecurity'),
        3,
        'three MCP searches (one from the result cache), normalised into one query',
      );
      assert.equal(asks('(withheld: contact details)'), 3, 'two site searches and one MCP ask');
      const gaps = (await rows(page, 'Content gaps: asks with no result')).map((r) => r[0]);
      assert.ok(gaps.includes('quantum knitting patterns'));
      const outOfFit = (await rows(page, "Outside the agency's fit")).map((r) => r[0]);
      assert.deepEqual(outOfFit.sort(), ['shopify store', 'we run a shopify store for fashion']);
    });

    it('shows one page per caller family', async () => {
      const page = await open('/family/Anthropic', 'family-anthropic.png');
      assert.equal(await page.locator('h1').innerText(), 'Anthropic');
      const items = await rows(page, 'Most requested items');
      assert.ok(items.some((r) => r[0] === 'mcp' && r[1] === 'service_search_case_studies' && r[2] === '3'));
      assert.ok(
        items.some((r) => r[0] === 'mcp' && r[1] === 'service_get_page' && r[3] === '1'),
        'the tool error counts as 4xx',
      );
      await open('/family/OpenAI', 'family-openai.png');
    });
  });
});
