// The site's WebMCP form tools are bindings of the capabilities the forms perform: a capability
// reworded in the catalogue, with no other edit, rewords the form's toolname, tooldescription,
// toolparamdescription and toolautosubmit on every page that shows the form.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod';
import { auditSiteCapability } from '../../src/capabilities/audit-site.ts';
import type { CatalogDeps } from '../../src/capabilities/deps.ts';
import { enquiryCapability } from '../../src/capabilities/enquiry.ts';
import { capabilityNames } from '../../src/capabilities/catalog.ts';
import { siteIndexCapability } from '../../src/capabilities/site-index.ts';
import { readHints, type Capability } from '../../src/capabilities/capability.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

/** The agency's enquiry, audit and site index, reworded as a content editor might. */
function reworded(deps: CatalogDeps): Capability[] {
  const names = capabilityNames(deps.content.site);
  const enquiry = enquiryCapability(deps, names);
  const audit = auditSiteCapability(deps, names);
  const index = siteIndexCapability(deps, names);
  return [
    {
      ...enquiry,
      name: `${deps.content.site.toolPrefix}_leave_note`,
      description: 'Leaves the studio a note for a user: a question or a brief. Only with their consent.',
      input: enquiry.input.extend({ fromName: z.string().min(1).max(100).describe('Who the note is from.') }),
    },
    // Read-only now, so the browser agent may send the form on its own.
    { ...audit, hints: readHints, input: z.strictObject({ url: z.string().describe('The address to check.') }) },
    { ...index, input: index.input.extend({ query: z.string().optional().describe('Words to look for.') }) },
  ];
}

/** The rest of the start tag that begins with `opening`, e.g. `<form class="enquiry"`. */
function tag(html: string, opening: string): string {
  const start = html.indexOf(opening);
  assert.notEqual(start, -1, `${opening} is on the page`);
  return html.slice(start, html.indexOf('>', start) + 1);
}

describe('WebMCP form tools read the capability catalogue', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { capabilities: reworded });
  });
  after(() => app.stop());

  const page = async (path: string): Promise<string> => (await app.app.http.inject(path)).body;

  it("names and describes the contact form's tool and fields after the enquiry capability", async () => {
    const html = await page('/contact');
    const form = tag(html, '<form class="enquiry"');
    assert.match(form, / toolname="leave_note" /);
    assert.match(form, / tooldescription="Leaves the studio a note for a user\. On this form the person checks/);
    assert.doesNotMatch(form, /toolautosubmit/, 'an enquiry is sent by the person');
    assert.match(tag(html, '<input id="fromName"'), / toolparamdescription="Who the note is from\."/);
    assert.match(tag(html, '<input id="fromEmail"'), / toolparamdescription="E-mail address to reply to\."/);
  });

  it("describes the audit form's field after the audit capability and lets a read-only one submit itself", async () => {
    const html = await page('/audit');
    const form = tag(html, '<form class="enquiry"');
    assert.match(form, / toolname="audit_site" /);
    assert.match(form, / toolautosubmit>$/);
    assert.match(tag(html, '<input id="url"'), / toolparamdescription="The address to check\."/);
  });

  it("describes the site search's query after the site index's on every page with the form", async () => {
    for (const path of ['/', '/contact', '/search?q=pipeline', '/no-such-page']) {
      const input = tag(await page(path), 'name="q"');
      assert.match(input, / toolparamdescription="Words to look for\."/, path);
    }
  });
});
