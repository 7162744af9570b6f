// The contact form in a real browser (Debian's chromium, driven by playwright-core), without any
// JavaScript of ours: a refused post lands with focus on the error summary, whose links move focus to
// each field; an accepted one lands on the thank-you page, which can be reloaded without resending.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { chromeFlags, chromeMissing, chromePath } from '../../../audit/lib/chromium.ts';

describe('the contact form in a real browser', {
  skip: chromeMissing,
}, () => {
  let app: TestApp;
  let browser: Browser;
  before(async () => {
    app = await startTestApp();
    browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('moves focus to the error summary, links each error to its field, then shows the reference after a fix', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${app.baseUrl}/contact`);
    await page.fill('#fromName', '\u200b\u200b');
    await page.fill('#fromEmail', 'ada@example.com');
    await page.fill('#message', 'We would like to talk about pipeline.');
    const [refused] = await Promise.all([
      page.waitForResponse(`${app.baseUrl}/api/contact`),
      page.click('button[type=submit]'),
    ]);
    assert.equal(refused.status(), 400);
    await page.waitForLoadState();
    assert.equal(
      await page.evaluate<string | undefined>('document.activeElement?.id'),
      'errors',
      'focus is on the error summary',
    );
    assert.match(await page.title(), /^Error: /);

    await page.click('#errors a[href="#fromName"]');
    assert.equal(
      await page.evaluate<string | undefined>('document.activeElement?.id'),
      'fromName',
      'the link moves focus to the field',
    );
    assert.equal(await page.inputValue('#message'), 'We would like to talk about pipeline.', 'what was typed is kept');

    await page.fill('#fromName', 'Ada Lovelace');
    await Promise.all([
      page.waitForURL(/\/contact\/sent\?ref=enq_[0-9a-f]{16}#thanks$/),
      page.click('button[type=submit]'),
    ]);
    assert.equal(await page.evaluate<string | undefined>('document.activeElement?.id'), 'thanks');
    const reference = /ref=(enq_[0-9a-f]{16})/.exec(page.url())![1]!;
    assert.match(await page.locator('main').innerText(), new RegExp(reference));

    await page.reload();
    const rows = await app.app.services.store.db
      .selectFrom('enquiries')
      .select('reference')
      .where('from_email', '=', 'ada@example.com')
      .execute();
    assert.deepEqual(
      rows.map((row) => row.reference),
      [reference],
      'reloading the thank-you page sends nothing',
    );
    await page.close();
  });
});
