// A real browser (Debian's chromium, driven by playwright-core) opens the home page and /developers,
// follows a case-study link and saves screenshots under test-results/. Skips when chromium is absent
// (CI installs it with `apt-get install -y chromium`).
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { buildSiteApp, type SiteApp } from './site-app.ts';

const executablePath = '/usr/bin/chromium';
const outDir = path.resolve(import.meta.dirname, '../../test-results');
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('the site in a real browser', { skip: existsSync(executablePath) ? false : `${executablePath} is not installed` }, () => {
  let site: SiteApp;
  let browser: Browser;
  let origin: string;

  before(async () => {
    // The site's links must point at the listener the browser talks to, so BASE_URL is set after listening.
    const probe = await buildSiteApp();
    await probe.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (probe.app.server.address() as AddressInfo).port;
    await probe.app.close();
    origin = `http://127.0.0.1:${port}`;
    site = await buildSiteApp({ BASE_URL: origin, PORT: String(port) });
    await site.app.listen({ host: '127.0.0.1', port });
    browser = await chromium.launch({ executablePath, args });
    mkdirSync(outDir, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await site?.app.close();
  });

  it('opens the home page and /developers, follows a case-study link and saves screenshots', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    page.on('requestfailed', (request) => errors.push(`failed: ${request.url()}`));

    await page.goto(`${origin}/`);
    assert.match(await page.title(), /Verto/);
    assert.equal(await page.locator('h1').count(), 1);
    await page.screenshot({ path: path.join(outDir, 'site-home.png'), fullPage: true });

    await page.getByRole('link', { name: 'Developers' }).first().click();
    await page.waitForURL(`${origin}/developers`);
    assert.match(await page.locator('h1').innerText(), /Developers/);
    assert.ok(await page.getByText('service_get_site_index').first().isVisible());
    await page.screenshot({ path: path.join(outDir, 'site-developers.png'), fullPage: true });

    await page.goto(`${origin}/case-studies`);
    const first = site.content.caseStudies[0]!;
    await page.locator(`a[href="/case-studies/${first.slug}"]`).first().click();
    await page.waitForURL(`${origin}/case-studies/${first.slug}`);
    assert.match(await page.locator('h1').innerText(), new RegExp(first.client));
    await page.screenshot({ path: path.join(outDir, 'site-case-study.png'), fullPage: true });

    const mobile = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await mobile.goto(`${origin}/contact`);
    const overflow = await mobile.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    assert.ok(overflow <= 0, `no horizontal scrolling on a phone (overflow ${overflow}px)`);
    await mobile.screenshot({ path: path.join(outDir, 'site-contact-mobile.png'), fullPage: true });
    assert.deepEqual(errors, []);
  });
});
