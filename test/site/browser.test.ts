// A real browser (Debian's chromium, driven by playwright-core) opens every page type at desktop
// (1366×900) and phone (390×844) size, in the light and the dark theme: axe-core finds no
// accessibility violation, nothing visibly shifts after load (CLS within Lighthouse's "good"), nothing scrolls sideways, and a
// screenshot of each is saved under test-results/screenshots/ (git-ignored) for people to look at.
// Skips when chromium is absent (CI installs it with `apt-get install -y chromium`).
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { goodLayoutShift } from '../helpers/perceived.ts';
import { listeningSiteApp, type SiteApp } from './site-app.ts';
import { chromeFlags, chromeMissing, chromePath } from '../../audit/lib/chromium.ts';

const outDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** One page of each type, named for its screenshot. */
const pageTypes: [string, string][] = [
  ['home', '/'],
  ['services', '/services'],
  ['service', '/services/demand-generation'],
  ['case-studies', '/case-studies'],
  ['case-studies-filtered', '/case-studies?service=account-based-marketing&page=2'],
  ['case-study', '/case-studies/quarry-analytics'],
  ['contact', '/contact'],
  ['developers', '/developers'],
];
const sizes = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

// Layout shifts since navigation start (buffered), summed as Cumulative Layout Shift counts them.
const cumulativeLayoutShift = `new Promise((resolve) => {
  let total = 0;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value; })
    .observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => resolve(total), 500);
})`;

describe('the site in a real browser', {
  skip: chromeMissing,
}, () => {
  let site: SiteApp;
  let browser: Browser;
  let origin: string;

  before(async () => {
    ({ site, origin } = await listeningSiteApp());
    browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
    mkdirSync(outDir, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await site?.app.close();
  });

  const check = async (page: Page, name: string, url: string, suffix: string): Promise<void> => {
    const failures: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    page.on('requestfailed', (request) => failures.push(`failed: ${request.url()}`));
    const response = await page.goto(`${origin}${url}`);
    assert.equal(response?.status(), 200, url);
    assert.equal(await page.locator('h1').count(), 1, `${url}: one h1`);
    const axe = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      `${url} ${suffix}: axe`,
    );
    const shift = await page.evaluate<number>(cumulativeLayoutShift);
    assert.ok(shift <= goodLayoutShift, `${url} ${suffix}: CLS ${shift} is a visible shift (over ${goodLayoutShift})`);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    assert.ok(overflow <= 0, `${url} ${suffix}: no sideways scrolling (overflow ${overflow}px)`);
    await page.screenshot({ path: path.join(outDir, `${name}-${suffix}.png`), fullPage: true });
    assert.deepEqual(failures, [], `${url}: no console errors or failed requests`);
  };

  for (const size of sizes) {
    it(`passes axe with no visible layout shift and no sideways scrolling on every page type at ${size.width}×${size.height}`, async () => {
      const context = await browser.newContext({ viewport: size, colorScheme: 'light' });
      const page = await context.newPage();
      for (const [name, url] of pageTypes) await check(page, name, url, String(size.width));
      await context.close();
    });
  }

  it('measures a visible shift over the bar, so the check above can fail', async () => {
    const page = await browser.newPage({ viewport: sizes[0]! });
    await page.goto(`${origin}/about`);
    // A banner pushed in above the content after load, as a late image without dimensions would.
    await page.evaluate(`new Promise((resolve) => setTimeout(() => {
      const banner = document.createElement('div');
      banner.style.height = '300px';
      document.body.prepend(banner);
      resolve(undefined);
    }, 50))`);
    const shift = await page.evaluate<number>(cumulativeLayoutShift);
    assert.ok(shift > goodLayoutShift, `a 300px push is measured as CLS ${shift}`);
    await page.close();
  });

  it('passes axe (colour contrast included) in the dark theme', async () => {
    const context = await browser.newContext({ viewport: sizes[0]!, colorScheme: 'dark' });
    const page = await context.newPage();
    for (const [name, url] of pageTypes) await check(page, name, url, `${sizes[0]!.width}-dark`);
    await context.close();
  });

  it('shows the form within the first screen of the contact page on a phone', async () => {
    const page = await browser.newPage({ viewport: sizes[1]! });
    await page.goto(`${origin}/contact`);
    const box = await page.locator('form.enquiry').boundingBox();
    assert.ok(box && box.y < sizes[1]!.height, `form starts at ${box?.y}px`);
    await page.close();
  });

  it('follows a case-study card, filters the index with its form and pages on, all without script', async () => {
    const page = await browser.newPage({ viewport: sizes[0]!, javaScriptEnabled: false });
    await page.goto(`${origin}/case-studies`);
    await page.selectOption('#f-service', 'paid-media');
    await page.click('form.filters button');
    await page.waitForURL(`${origin}/case-studies?industry=&service=paid-media`);
    const count = site.content.caseStudies.filter((cs) => cs.services.includes('paid-media')).length;
    assert.match(await page.locator('#matches').innerText(), new RegExp(`^${count} case studies for B2B Paid Media`));
    const first = site.content.caseStudies.find((cs) => cs.services.includes('paid-media'))!;
    await page.locator(`a[href="/case-studies/${first.slug}"]`).first().click();
    await page.waitForURL(`${origin}/case-studies/${first.slug}`);
    assert.match(await page.locator('h1').innerText(), new RegExp(first.client));
    await page.close();
  });
});
