// The offer every call to action leads to is content: the second agency's folder with an offer of
// its own (its page at an address of its choosing) gets that offer everywhere, in its words.
import { strict as assert } from 'node:assert';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSiteApp, type SiteApp } from './site-app.ts';

const studio = path.resolve(import.meta.dirname, '../fixtures/retail-studio');
let dir: string;
let site: SiteApp;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'offer-'));
  await cp(studio, dir, { recursive: true });
  const siteYaml = path.join(dir, 'site.yaml');
  await writeFile(
    siteYaml,
    `${await readFile(siteYaml, 'utf8')}offer:\n  page: store-health-check\n  name: Store Health Check\n`,
  );
  // Without its own list of topics, the content offers every topic, the offer's among them.
  const contactYaml = path.join(dir, 'contact.yaml');
  await writeFile(contactYaml, (await readFile(contactYaml, 'utf8')).replace(/^topics:\n(?: {2}.+\n)+/m, ''));
  await writeFile(
    path.join(dir, 'pages/store-health-check.md'),
    '---\ntitle: Store Health Check\ndescription: A one-week review of your store that ends with a list of fixes.\nsection: company\npath: /health-check\n---\n\n# Store Health Check\n\nA week with your store.\n',
  );
  site = await buildSiteApp({ CONTENT_DIR: dir });
});
after(async () => {
  await site.app.close();
  await rm(dir, { recursive: true, force: true });
});

const html = async (url: string): Promise<string> => (await site.app.inject({ url })).body;

describe('an offer declared by the content', () => {
  it('is the primary call to action, the highlighted navigation link and the closing sentence', async () => {
    const home = await html('/');
    assert.match(home, /<a class="btn btn-primary" href="\/health-check">Ask about the Store Health Check<\/a>/);
    assert.match(home, /<a href="\/health-check" class="nav-cta">Store Health Check<\/a>/);
    assert.match(
      home,
      /<h3><a href="\/health-check">Not sure where to start\?<\/a><\/h3><p>A one-week review of your store/,
    );
    const service = await html('/services/store-builds');
    assert.match(
      service,
      /<h2 id="next-step">Is Shopify Store Builds your next step\?<\/h2><p>A one-week review of your store that ends with a list of fixes\.<\/p>/,
    );
  });

  it('has its own page, which leads to the contact form, and a contact topic of its name', async () => {
    const page = await site.app.inject({ url: '/health-check' });
    assert.equal(page.statusCode, 200);
    assert.match(
      page.body,
      /<h2 id="next-step">Ask about the Store Health Check<\/h2>.*href="\/contact#form">Go to the contact form<\/a>/s,
    );
    assert.match(await html('/contact'), /<option value="assessment">Store Health Check<\/option>/);
  });

  it("names the partners' tool after it", () => {
    const tool = site.catalog.byKey.requestAssessment;
    assert.equal(tool.title, 'Request a Store Health Check');
    assert.match(tool.description, /^Requests a Store Health Check from Mossgrove/);
  });
});
