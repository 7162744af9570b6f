// Escaping is automatic: content and queries holding markup, quotes and ampersands reach every page
// type as text, because the pages are html`` templates and never escape by hand.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSiteApp, type SiteApp } from './site-app.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/retail-studio');
const hostile = `Harbour <script>alert(1)</script> "Linen" & Co's`;
const escaped = 'Harbour &lt;script&gt;alert(1)&lt;/script&gt; &quot;Linen&quot; &amp; Co&#39;s';

/** The retail fixture with markup in a client's name, an industry, a figure's label and a deliverable. */
function hostileContent(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentsite-escaping-'));
  cpSync(fixture, dir, { recursive: true });
  const study = path.join(dir, 'case-studies/harbour-linen.md');
  writeFileSync(
    study,
    readFileSync(study, 'utf8')
      .replace('client: Harbour Linen', `client: '${hostile.replace(/'/g, "''")}'`)
      .replace('industry: Homeware', "industry: 'Home & <b>ware</b>'")
      .replace('  - label: Checkout completion', `  - label: 'Checkout "<i>completion</i>"'`),
  );
  const services = path.join(dir, 'services.yaml');
  writeFileSync(
    services,
    readFileSync(services, 'utf8').replace(
      '[Monthly test plan,',
      "['<img src=x onerror=alert(1)>', Monthly test plan,",
    ),
  );
  return dir;
}

describe('pages escape what content and visitors write', () => {
  let site: SiteApp;
  before(async () => {
    site = await buildSiteApp({ CONTENT_DIR: hostileContent() });
  });
  after(() => site.app.close());

  const page = async (url: string): Promise<string> => {
    const response = await site.app.inject({ url, headers: { accept: 'text/html' } });
    assert.equal(response.statusCode, 200, url);
    return response.body;
  };
  const noMarkupFromContent = (html: string, url: string): void => {
    for (const injected of ['<script>alert', '<b>ware', '<i>completion', '<img src=x'])
      assert.ok(!html.includes(injected), `${url} holds ${injected}`);
  };

  it('shows a client name with markup, quotes and an ampersand as text on every page that names it', async () => {
    for (const url of ['/', '/case-studies', '/case-studies/harbour-linen', '/services/conversion-care']) {
      const html = await page(url);
      assert.ok(html.includes(escaped), `${url} shows the name as text`);
      noMarkupFromContent(html, url);
    }
  });

  it('escapes an industry, a figure label and a deliverable in text and in attribute values', async () => {
    const study = await page('/case-studies/harbour-linen');
    assert.ok(
      study.includes(
        '<dd><a href="/case-studies?industry=home-and-b-ware-b">Home &amp; &lt;b&gt;ware&lt;/b&gt;</a></dd>',
      ),
    );
    assert.ok(study.includes('<p class="figure-label">Checkout &quot;&lt;i&gt;completion&lt;/i&gt;&quot;</p>'));
    assert.ok(study.includes(`<title>${escaped}:`));
    const index = await page('/case-studies');
    assert.ok(index.includes('<option value="home-and-b-ware-b">Home &amp; &lt;b&gt;ware&lt;/b&gt;</option>'));
    const service = await page('/services/conversion-care');
    assert.ok(service.includes('<li>&lt;img src=x onerror=alert(1)&gt;</li>'));
    noMarkupFromContent(service, '/services/conversion-care');
  });

  it('writes a search query back as text in the form value and the results line', async () => {
    const query = `<blink>"&'zqxj`;
    const html = await page(`/search?q=${encodeURIComponent(query)}`);
    assert.ok(html.includes('value="&lt;blink&gt;&quot;&amp;&#39;zqxj"'));
    assert.ok(html.includes('<p>No pages match “&lt;blink&gt;&quot;&amp;&#39;zqxj”.</p>'));
    assert.ok(!html.includes('<blink>'));
  });
});
