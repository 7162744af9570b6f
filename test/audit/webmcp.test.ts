// Chromium with WebMCP enabled reads the site's forms as tools: send_enquiry on /contact and
// search_site on every page, each with a valid, described input schema and no JavaScript on the
// page. The same browser shows the CSP at work: the page's own origin can be fetched, nothing else,
// and no script runs, while the JSON-LD data raises no CSP error. Skips when chromium is absent.
import { strict as assert } from 'node:assert';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { contactEnquiryFields, enquiryTopics } from '../../src/domain/enquiries/schema.ts';
import { filterDescriptions } from '../../src/surfaces/web/webmcp.ts';
import { buildSiteApp, listeningSiteApp, type SiteApp } from '../site/site-app.ts';
import { chromeFlags, chromeMissing, chromePath, webMcpFlag } from '../../audit/lib/chromium.ts';

/** The little of the page's DOM these tests touch (the test code runs in the browser). */
declare const document: {
  modelContext: { getTools(): Promise<Tool[]> };
  createElement(tag: 'script'): { textContent: string };
  head: { append(node: unknown): void };
  documentElement: { dataset: Record<string, string | undefined> };
};

interface Tool {
  name: string;
  description: string;
  inputSchema: { properties: Record<string, { description?: string; enum?: string[] }>; required?: string[] };
}

/** The page's tools as document.modelContext lists them, and the browser's WebMCP form issues. */
async function open(page: Page, url: string): Promise<{ tools: Tool[]; issues: string[]; consoleErrors: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', (event) => {
    const type = event.issue.details.genericIssueDetails?.errorType ?? '';
    if (type.startsWith('FormModelContext')) issues.push(type);
  });
  await cdp.send('Audits.enable');
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(url);
  const tools = await page.evaluate(async () => {
    const listed = await document.modelContext.getTools();
    return listed.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
  });
  return { tools: tools.sort((a, b) => a.name.localeCompare(b.name)), issues, consoleErrors };
}

describe('WebMCP tools and the CSP in Chromium', {
  skip: chromeMissing,
}, () => {
  let site: SiteApp;
  let other: SiteApp;
  let browser: Browser;
  let origin: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  before(async () => {
    ({ site, origin } = await listeningSiteApp());
    other = await buildSiteApp();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({ executablePath: chromePath, args: [...chromeFlags, webMcpFlag] });
  });
  after(async () => {
    await browser?.close();
    await site?.app.close();
    await other?.app.close();
  });

  it("registers send_enquiry and search_site on /contact, with the enquiry schema's fields, topics and descriptions", async () => {
    const page = await browser.newPage();
    const { tools, issues, consoleErrors } = await open(page, `${origin}/contact`);
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['search_site', 'send_enquiry'],
    );
    assert.deepEqual(issues, [], 'the browser reports no WebMCP form issue');
    assert.deepEqual(consoleErrors, [], 'no console error (a CSP violation by the JSON-LD would be one)');

    const enquiry = tools[1]!;
    assert.match(enquiry.description, /enquiry/);
    const fields = ['fromName', 'fromEmail', 'organization', 'topic', 'message'] as const;
    assert.deepEqual(Object.keys(enquiry.inputSchema.properties).sort(), [...fields].sort());
    assert.deepEqual([...(enquiry.inputSchema.required ?? [])].sort(), ['fromEmail', 'fromName', 'message']);
    for (const field of fields)
      assert.equal(enquiry.inputSchema.properties[field]!.description, contactEnquiryFields[field].description, field);
    assert.deepEqual([...(enquiry.inputSchema.properties.topic!.enum ?? [])].sort(), [...enquiryTopics].sort());

    const validate = ajv.compile(enquiry.inputSchema);
    assert.ok(
      validate({
        fromName: 'Ada Lovelace',
        fromEmail: 'ada@example.com',
        topic: 'services',
        message: 'We need pipeline.',
      }),
      JSON.stringify(validate.errors),
    );
    assert.equal(
      validate({ fromName: 'Ada', fromEmail: 'ada@example.com', topic: 'lunch', message: 'We need pipeline.' }),
      false,
      'an unknown topic is refused',
    );
    assert.equal(validate({ fromName: 'Ada', message: 'We need pipeline.' }), false, 'the e-mail address is required');
    await page.close();
  });

  it('registers search_site on every other page: one required, described query', async () => {
    for (const path of ['/', '/services', '/case-studies/copperline-relay', '/developers', '/search?q=fleet']) {
      const page = await browser.newPage();
      const { tools, issues, consoleErrors } = await open(page, `${origin}${path}`);
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ['search_site'],
        path,
      );
      assert.deepEqual(issues, [], path);
      assert.deepEqual(consoleErrors, [], path);
      const schema = tools[0]!.inputSchema;
      assert.deepEqual(Object.keys(schema.properties), ['q'], path);
      assert.deepEqual(schema.required, ['q'], path);
      assert.equal(schema.properties.q!.description, site.catalog.byKey.getSiteIndex.input.shape.query?.description);
      const validate = ajv.compile(schema);
      assert.ok(validate({ q: 'fleet telematics' }), path);
      assert.equal(validate({}), false, path);
      await page.close();
    }
  });

  it('registers filter_case_studies on the case-study index: two optional, described filters', async () => {
    for (const path of ['/case-studies', '/case-studies?service=demand-generation']) {
      const page = await browser.newPage();
      const { tools, issues, consoleErrors } = await open(page, `${origin}${path}`);
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ['filter_case_studies', 'search_site'],
        path,
      );
      assert.deepEqual(issues, [], path);
      assert.deepEqual(consoleErrors, [], path);
      const schema = tools[0]!.inputSchema;
      assert.deepEqual(Object.keys(schema.properties).sort(), ['industry', 'service'], path);
      assert.equal(schema.properties.industry!.description, filterDescriptions.industry);
      assert.equal(schema.properties.service!.description, filterDescriptions.service);
      const validate = ajv.compile(schema);
      assert.ok(validate({}), `${path}: no filter is required`);
      await page.close();
    }
  });

  it('lets a page fetch its own origin but nothing else, and runs no script', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    // page.evaluate runs outside the page's CSP; the fetches and the inserted script do not.
    const result = await page.evaluate(
      async (elsewhere) => {
        const own = await fetch('/llms.txt').then(
          (response) => response.status,
          (error: Error) => error.name,
        );
        const foreign = await fetch(`${elsewhere}/llms.txt`).then(
          (response) => response.status,
          (error: Error) => error.name,
        );
        const script = document.createElement('script');
        script.textContent = 'document.documentElement.dataset.ran = "yes"';
        document.head.append(script);
        return { own, foreign, ran: document.documentElement.dataset.ran ?? 'no' };
      },
      `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`,
    );
    assert.deepEqual(result, { own: 200, foreign: 'TypeError', ran: 'no' });
    await page.close();
  });
});
