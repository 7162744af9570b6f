// A hostile site's texts (script and image tags, javascript: and image links, bidi overrides, ESC,
// NUL and C1 controls, pages of filler) reach no output of the audit raw: the report (JSON) bounds
// every text and the whole report, and the MCP text, the A2A artifacts and the report pages carry
// no tag, link or image of the site's, rendered as markdown or not.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { marked } from 'marked';
import { call, clientFor, resultOf, send } from '../a2a/agent.ts';
import { modern, textOf } from '../mcp/clients.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { documentSite, htmlDoc, jsonDoc, type DocumentSite } from '../audit/document-site.ts';
import { maxReportBytes, reportTextLimits } from '../../src/audit/site-text.ts';
import { insertAuditReport } from '../../src/store/audit-reports.ts';

const tool = 'service_audit_site';
const controls = '\u202e\u001b[2J\u0000\u0085\u009b';
const script = `<script>alert(1)</script>${controls}`;
const image = '<img src=x onerror=alert(1)>';
const links = '[click](javascript:alert(1)) ![pixel](https://evil.example/p.png) <https://evil.example/a>';
const filler = 'x'.repeat(50_000);
// Controls, bidi marks and separators that may not reach an output; the line feed may.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is looked for.
const unprintable = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

function hostileDocs(origin: string) {
  const skill = Buffer.from('# Skill\n');
  return {
    '/': htmlDoc(
      `<title>x</title><form toolname="${image}${controls}" tooldescription="d"><input></form>` +
        `<script type="application/ld+json">${JSON.stringify({ '@type': [`${script}${filler}`, links] })}</script>`,
    ),
    '/.well-known/agent-card.json': jsonDoc({
      name: `${script}${image}${filler}`,
      description: links,
      version: '1',
      supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
    }),
    '/.well-known/mcp/server-card.json': jsonDoc({
      name: `${links}${controls}${filler}`,
      remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
    }),
    '/.well-known/agent-skills/index.json': jsonDoc({
      $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
      skills: [{ name: `${image}${links}`, url: '/skill.md', digest: `sha256:${'0'.repeat(64)}` }],
    }),
    '/skill.md': { type: 'text/markdown', body: skill },
    '/llms.txt': { type: 'text/markdown', body: `# ${script}\n\n- ${links}\n` },
    '/.well-known/api-catalog': { type: 'application/linkset+json', body: `{"linkset": ${'['.repeat(300_000)}` },
    '/.well-known/oauth-protected-resource': jsonDoc({ resource: `${origin}/`, authorization_servers: [image] }),
    '/digest-check': { type: 'text/plain', body: createHash('sha256').update(skill).digest('hex') },
  };
}

/**
 * What no output may carry: the site's tags, javascript: links or remote images, or a control
 * character; and markdown must render none of them (nor any tag at all).
 */
function assertInert(label: string, text: string, format: 'markdown' | 'json'): void {
  assert.doesNotMatch(text, /<script>alert|<img src/i, `${label} carries the site's tag`);
  assert.doesNotMatch(text, /\]\(javascript:|!\[[^\]]*\]\(http/i, `${label} carries a link or image`);
  assert.doesNotMatch(text, unprintable, `${label} carries a control character`);
  if (format === 'json') return;
  const rendered = marked.parse(text, { async: false });
  assert.doesNotMatch(rendered, /<script|<img|href="javascript:/i, `${label} renders a tag, link or image`);
}

function assertBounded(report: { checks: { message: string; evidence: { url: string; value?: string } }[] }): void {
  assert.ok(JSON.stringify(report).length <= maxReportBytes);
  for (const check of report.checks) {
    assert.ok(check.message.length <= reportTextLimits.message, check.message.slice(0, 80));
    assert.ok((check.evidence.value ?? '').length <= reportTextLimits.value);
    assert.ok(check.evidence.url.length <= reportTextLimits.url);
  }
}

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
