// The discovery documents as Lighthouse 13 judges them: its own audit code (ard-schema, llms-txt,
// robots-txt) runs on what a real HTTP client fetches, and each must pass with no table of issues.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import ArdSchema from 'lighthouse/core/audits/agentic/ard-schema.js';
import LlmsTxt from 'lighthouse/core/audits/agentic/llms-txt.js';
import RobotsTxt from 'lighthouse/core/audits/seo/robots-txt.js';
import { freePort } from '../helpers/free-port.ts';
import { buildSiteApp, type SiteApp } from '../site/site-app.ts';

// The media types the ARD specification registers (the audit warns about any other).
const registeredTypes = [
  'application/ai-catalog+json', 'application/agent-card+json', 'application/a2a-agent-card+json',
  'application/mcp-server-card+json', 'application/agent-skills+zip', 'application/agent-skills+gzip',
  'text/markdown; profile="urn:air:agent-skills"', 'application/ai-registry', 'application/ai-registry+json',
];

let site: SiteApp;
let origin: string;
before(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  site = await buildSiteApp({ BASE_URL: origin });
  await site.app.listen({ host: '127.0.0.1', port });
});
after(async () => site.app.close());

async function fetched(path: string): Promise<{ status: number; content: string }> {
  const res = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
  return { status: res.status, content: await res.text() };
}

describe('Lighthouse 13 agentic-browsing and SEO audits over the served documents', () => {
  it('passes ard-schema on /.well-known/ai-catalog.json with no warning', async () => {
    const { status, content } = await fetched('/.well-known/ai-catalog.json');
    const result = ArdSchema.audit({
      AgentResourceDiscovery: { status, content, headers: null, catalogUrl: `${origin}/.well-known/ai-catalog.json`, discoverySignals: {} },
    } as never);
    assert.equal(result.score, 1, JSON.stringify(result.details));
    assert.equal(result.details, undefined, 'no errors and no low-severity warnings');
  });

  it('gives every catalog entry representative queries and a registered media type, at both paths', async () => {
    const ard = await fetched('/.well-known/ard.json');
    assert.equal(ard.content, (await fetched('/.well-known/ai-catalog.json')).content);
    const catalog = JSON.parse(ard.content) as { entries: { type: string; url: string; representativeQueries: string[] }[] };
    for (const entry of catalog.entries) {
      assert.ok(registeredTypes.includes(entry.type), entry.type);
      assert.ok(entry.representativeQueries.length >= 2 && entry.representativeQueries.length <= 5);
      // The MCP server card lives on the MCP listener, which this bare site app has not; server-card.test.ts fetches it.
      if (entry.url.startsWith(site.mcpUrl)) continue;
      assert.equal((await fetch(entry.url)).status, 200, entry.url);
    }
    const skills = catalog.entries.filter((entry) => entry.type === 'text/markdown; profile="urn:air:agent-skills"');
    assert.equal(skills.length, site.content.skills.length, 'each SKILL.md is an entry');
  });

  it('passes llms-txt on /llms.txt', async () => {
    const result = LlmsTxt.audit({ LlmsTxt: await fetched('/llms.txt') } as never);
    assert.equal(result.score, 1, JSON.stringify(result.details));
    assert.equal(result.notApplicable, undefined);
  });

  it('passes robots-txt on /robots.txt', async () => {
    const result = RobotsTxt.audit({ RobotsTxt: await fetched('/robots.txt') } as never);
    assert.equal(result.score, 1, JSON.stringify(result.details));
    assert.equal(result.notApplicable, undefined);
  });
});
