// The discovery documents as Lighthouse 13 judges them: its own audit code (ard-schema, llms-txt,
// robots-txt) and its ARD gatherer's robots.txt reading run on what a real HTTP client fetches, and
// each must pass with no table of issues, except the robots-txt audit's one stated gap (see there).
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import ArdSchema from 'lighthouse/core/audits/agentic/ard-schema.js';
import LlmsTxt from 'lighthouse/core/audits/agentic/llms-txt.js';
import RobotsTxt from 'lighthouse/core/audits/seo/robots-txt.js';
import AgentResourceDiscovery from 'lighthouse/core/gather/gatherers/agentic/ard.js';
import { freePort } from '../helpers/free-port.ts';
import { buildSiteApp, type SiteApp } from '../site/site-app.ts';

// The media types the ARD specification registers (the audit warns about any other).
const registeredTypes = [
  'application/ai-catalog+json',
  'application/agent-card+json',
  'application/a2a-agent-card+json',
  'application/mcp-server-card+json',
  'application/agent-skills+zip',
  'application/agent-skills+gzip',
  'text/markdown; profile="urn:air:agent-skills"',
  'application/ai-registry',
  'application/ai-registry+json',
];

let site: SiteApp;
let origin: string;
before(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // With the draft robots.txt lines, whose reading by Lighthouse (below) is what this file holds;
  // the default robots.txt passes robots-txt outright (test/audit/robots-directives.test.ts).
  site = await buildSiteApp({ BASE_URL: origin, ROBOTS_DRAFT_DIRECTIVES: 'true' });
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
      AgentResourceDiscovery: {
        status,
        content,
        headers: null,
        catalogUrl: `${origin}/.well-known/ai-catalog.json`,
        discoverySignals: {},
      },
    } as never);
    assert.equal(result.score, 1, JSON.stringify(result.details));
    assert.equal(result.details, undefined, 'no errors and no low-severity warnings');
  });

  it('gives every catalog entry representative queries and a registered media type, at both paths', async () => {
    const ard = await fetched('/.well-known/ard.json');
    assert.equal(ard.content, (await fetched('/.well-known/ai-catalog.json')).content);
    const catalog = JSON.parse(ard.content) as {
      entries: { type: string; url: string; representativeQueries: string[] }[];
    };
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

  it('finds the ARD catalog through robots.txt as its gatherer does, and passes ard-schema on it', async () => {
    const robots = await fetched('/robots.txt');
    const agentmap = AgentResourceDiscovery.getRobotsTxtAgentmap(robots as never, `${origin}/`);
    assert.equal(agentmap, `${origin}/.well-known/ard.json`);
    const { status, content } = await fetched(new URL(agentmap).pathname);
    const result = ArdSchema.audit({
      AgentResourceDiscovery: {
        status,
        content,
        headers: null,
        catalogUrl: agentmap,
        discoverySignals: { robotsTxtAgentmap: agentmap },
      },
    } as never);
    assert.equal(result.score, 1, JSON.stringify(result.details));
    assert.equal(result.details, undefined);
  });

  // Lighthouse 13.5's robots-txt audit knows a fixed list of directives that predates both the ARD
  // Agentmap (which its own ARD gatherer reads, above) and AIPREF's Content-Usage, and reports each
  // as an unknown directive. Every other line must pass, and those lines must be the only findings.
  it('passes robots-txt on /robots.txt but for the Agentmap and Content-Usage lines it predates', async () => {
    const robots = await fetched('/robots.txt');
    const result = RobotsTxt.audit({ RobotsTxt: robots } as never);
    assert.equal(result.notApplicable, undefined);
    const items = (result.details as { items: { line: string; message: string }[] }).items;
    const newer = robots.content.split('\n').filter((line) => /^(Agentmap|Content-Usage):/.test(line));
    assert.equal(newer.length, 3, 'Content-Usage in both groups, one Agentmap');
    assert.deepEqual(
      items.map((item) => [item.line, item.message]),
      newer.map((line) => [line, 'Unknown directive']),
    );
    const without = robots.content
      .split('\n')
      .filter((line) => !newer.includes(line))
      .join('\n');
    assert.equal(RobotsTxt.audit({ RobotsTxt: { status: 200, content: without } } as never).score, 1);
  });
});
