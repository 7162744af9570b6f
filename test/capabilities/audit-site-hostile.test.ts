// A hostile site's texts (script and image tags, javascript: and image links, bidi overrides, ESC,
// NUL and C1 controls, pages of filler) reach no output of the audit raw: the report (JSON) bounds
// every text and the whole report, and the MCP text, the A2A artifacts and the report pages carry
// no tag, link or image of the site's, rendered as markdown or not.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, clientFor, resultOf, send } from '../a2a/agent.ts';
import { modern, textOf } from '../mcp/clients.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { documentSite, type DocumentSite } from '../audit/document-site.ts';
import { insertAuditReport } from '../../src/store/audit-reports.ts';
import {
  assertBounded,
  assertInert,
  controls,
  hostileDocs,
  image,
  links,
  script,
  tool,
  unprintable,
} from './hostile-site.ts';

describe('the audit of a hostile site', () => {
  let app: TestApp;
  let site: DocumentSite;
  before(async () => {
    site = await documentSite();
    site.docs = hostileDocs(site.url);
    app = await startTestApp({ AUDIT_ALLOW_HOSTS: '127.0.0.1' });
  });
  after(async () => {
    await app?.stop();
    await site?.close();
  });

  it('answers the MCP tool with a bounded report and inert markdown, and its pages are inert too', async () => {
    const client = await modern.connect(app.mcpUrl);
    try {
      const result = await client.callTool(tool, { url: site.url });
      assert.equal(result.isError ?? false, false, textOf(result));
      const report = result.structuredContent as Parameters<typeof assertBounded>[0];
      assertBounded(report);
      assertInert('the structured report', JSON.stringify(report), 'json');
      assertInert('the MCP text', textOf(result), 'markdown');
      assert.match(JSON.stringify(report), /nested more than 64 levels|not a linkset/);
      const page = /\/audits\/([A-Za-z0-9_-]{22})/.exec(textOf(result))![0];
      const markdown = await fetch(`${app.baseUrl}${page}`, { headers: { accept: 'text/markdown' } });
      assertInert('the markdown page', await markdown.text(), 'markdown');
      const html = await (await fetch(`${app.baseUrl}${page}`)).text();
      assert.doesNotMatch(html, /<script>alert|<img src=x/);
      assert.doesNotMatch(html, unprintable);
    } finally {
      await client.close();
    }
  });

  it('answers the A2A skill with inert artifacts', async () => {
    const task = await send(await clientFor(app), call(tool, { url: site.url }));
    const { data, text } = resultOf(task);
    assertBounded(data as Parameters<typeof assertBounded>[0]);
    assertInert('the A2A data artifact', JSON.stringify(data), 'json');
    assertInert('the A2A text artifact', text, 'markdown');
  });

  it('shows a report kept from before the bounds without its controls, tags, links or images', async () => {
    const id = 'hostileReportKeptBefor';
    const check = {
      id: 'a2a-agent-card',
      status: 'pass',
      message: `${script}${image}${links}`,
      // The fix is always the auditor's own words; what the site wrote is in the message and evidence.
      fix: 'Publish an A2A 1.0 agent card.',
      evidence: { url: `${site.url}/${controls}`, status: 200, value: `${script}${links}` },
    };
    const now = new Date();
    await insertAuditReport(app.app.services.store.db, {
      site: '',
      id,
      body: JSON.stringify({
        url: `${site.url}/${controls}`,
        auditedAt: now.toISOString(),
        level: 0,
        levelName: 'Not Ready',
        score: 0,
        checks: [check],
      }),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 60_000).toISOString(),
    });
    const page = await fetch(`${app.baseUrl}/audits/${id}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /alert\(1\)/, 'the kept report is shown');
    assert.doesNotMatch(html, unprintable);
    assert.doesNotMatch(html, /<script>alert|<img src=x/);
    assertInert(
      'the kept markdown page',
      await (await fetch(`${app.baseUrl}/markdown/audits/${id}.md`)).text(),
      'markdown',
    );
  });
});
