// What a hostile site serves and what no output of its audit may carry, shared by the hostile-site
// tests: its texts (script and image tags, javascript: and image links, bidi overrides, ESC, NUL and
// C1 controls, pages of filler, JSON nested 300 000 deep) and the checks every output must pass.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { marked } from 'marked';
import { htmlDoc, jsonDoc, type Doc } from '../audit/document-site.ts';
import { maxReportBytes, reportTextLimits } from '../../src/audit/site-text.ts';

export const tool = 'service_audit_site';
export const controls = '\u202e\u001b[2J\u0000\u0085\u009b';
export const script = `<script>alert(1)</script>${controls}`;
export const image = '<img src=x onerror=alert(1)>';
export const links = '[click](javascript:alert(1)) ![pixel](https://evil.example/p.png) <https://evil.example/a>';
// Controls, bidi marks and separators that may not reach an output; the line feed may.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is looked for.
export const unprintable = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** The hostile site's documents; `filler` pads the names in its cards. */
export function hostileDocs(origin: string, filler = 'x'.repeat(50_000)): Record<string, Doc> {
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
export function assertInert(label: string, text: string, format: 'markdown' | 'json'): void {
  assert.doesNotMatch(text, /<script>alert|<img src/i, `${label} carries the site's tag`);
  assert.doesNotMatch(text, /\]\(javascript:|!\[[^\]]*\]\(http/i, `${label} carries a link or image`);
  assert.doesNotMatch(text, unprintable, `${label} carries a control character`);
  if (format === 'json') return;
  const rendered = marked.parse(text, { async: false });
  assert.doesNotMatch(rendered, /<script|<img|href="javascript:/i, `${label} renders a tag, link or image`);
}

export function assertBounded(report: {
  checks: { message: string; evidence: { url: string; value?: string } }[];
}): void {
  assert.ok(JSON.stringify(report).length <= maxReportBytes);
  for (const check of report.checks) {
    assert.ok(check.message.length <= reportTextLimits.message, check.message.slice(0, 80));
    assert.ok((check.evidence.value ?? '').length <= reportTextLimits.value);
    assert.ok(check.evidence.url.length <= reportTextLimits.url);
  }
}
