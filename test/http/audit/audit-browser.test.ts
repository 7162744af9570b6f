// The audit's pages in a real browser (Debian's chromium, driven by playwright-core) at desktop and
// phone size: the form (a page without script) is posted, and the form and a report page (failures, passes and
// skips, folded and unfolded) pass axe with one h1 and nothing scrolling sideways. Skips when chromium is absent.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import type { RecordingServer } from '../../domain/audit/recording-server.ts';
import { mixedSite } from '../../audit/report-site.ts';
import { chromeFlags, chromeMissing, chromePath } from '../../../audit/lib/chromium.ts';

describe('the audit pages in a real browser', {
  skip: chromeMissing,
}, () => {
  let app: TestApp;
  let site: RecordingServer;
  let browser: Browser;
  before(async () => {
    site = await mixedSite();
    app = await startTestApp({ AUDIT_ALLOW_HOSTS: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await site?.close();
  });

  const accessible = async (page: Page, what: string): Promise<void> => {
    assert.equal(await page.locator('h1').count(), 1, `${what}: one h1`);
    const axe = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      `${what}: axe`,
    );
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    assert.ok(overflow <= 0, `${what}: no sideways scrolling (overflow ${overflow}px)`);
  };

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`audits a site from the form to an accessible report at ${viewport.width}×${viewport.height}`, async () => {
      // Script stays on for axe; the pages themselves have none (layout test), so the form posts as without it.
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/audit`);
      await accessible(page, `/audit at ${viewport.width}`);
      await page.fill('#url', site.url);
      await Promise.all([page.waitForURL(/\/audits\//), page.click('button[type=submit]')]);
      assert.match(await page.locator('h1').innerText(), new RegExp(`^${site.url}/$`));
      await accessible(page, `report at ${viewport.width}`);
      // Its failures, passes and skips are all there; unfolded, the evidence and the passes stay accessible.
      for (const part of ['.finding-fail', '#passed', '#skipped', '#front-mode'])
        assert.equal((await page.locator(part).count()) > 0, true, part);
      await page.evaluate("document.querySelectorAll('details').forEach((details) => { details.open = true; })");
      await accessible(page, `report unfolded at ${viewport.width}`);
      await context.close();
    });
  }
});
