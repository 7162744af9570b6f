// The audit on sites whose files the project did not write, served locally as their hosts serve
// them: two MIT-licensed static templates (the import tests' fixtures), the MCP SDK's stateless
// example server behind a server card (at the well-known path, or named by an AI catalog), and the A2A SDK's hello-world agent publishing its card in
// A2A 1.0 and in 0.3 shape. Every check's expected status is written from reading those files.
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { AuditReport, CheckStatus } from '../../../src/audit/report.ts';
import { auditSite } from '../../../src/audit/run-audit.ts';
import { loopbackAllowed } from '../../domain/audit/audit-helpers.ts';
import { answer, startSite } from '../../importer/static-site.ts';
import { a2aExampleSite } from './a2a-example-site.ts';
import { mcpExampleSite, type ExampleSite } from './mcp-example-site.ts';

/** A site that publishes no file for agents: no robots.txt, sitemap, llms.txt, card or catalog. */
const publishesNothing: Record<string, CheckStatus> = {
  'robots-txt': 'fail',
  'robots-ai-rules': 'fail',
  'content-signals': 'fail',
  // No robots.txt: every crawler may read the site.
  'crawler-access': 'pass',
  // No CDN or firewall in front: every agent gets the page a browser gets.
  'edge-access': 'pass',
  sitemap: 'fail',
  'link-headers': 'fail',
  canonical: 'fail',
  'markdown-negotiation': 'fail',
  'llms-txt': 'fail',
  'llms-full-txt': 'skip',
  'api-catalog': 'fail',
  openapi: 'skip',
  'oauth-protected-resource': 'fail',
  'oauth-authorization-server': 'fail',
  'mcp-server-card': 'fail',
  'mcp-connect': 'skip',
  'a2a-agent-card': 'fail',
  'a2a-connect': 'skip',
  'agent-skills': 'fail',
  webmcp: 'skip',
  'json-ld': 'fail',
  'web-bot-auth': 'skip',
  ard: 'skip',
};

const sites: [string, () => Promise<ExampleSite>, Record<string, CheckStatus>][] = [
  // One <h1>, then h2 straight to h5 (the feature cards): enough text, headings skip a level.
  [
    'Modern Business (Start Bootstrap)',
    () => startSite('modern-business'),
    { ...publishesNothing, extractability: 'warn' },
  ],
  // Cloudflare's managed robots.txt: a `*` group allowing all with a Content-signal, then eight AI
  // crawlers shut out by name (seven trainers and Amazonbot); no agent acting for a user among them.
  [
    "Modern Business behind Cloudflare's managed robots.txt",
    cloudflareFronted,
    {
      ...publishesNothing,
      extractability: 'warn',
      'robots-txt': 'pass',
      'robots-ai-rules': 'pass',
      'content-signals': 'pass',
    },
  ],
  // Four <h1> elements on the home page, and h2 straight to h5.
  ['Rappo', () => startSite('rappo'), { ...publishesNothing, extractability: 'warn' }],
  // No page at all: the home page answers 404 with two words of HTML.
  [
    'the MCP SDK stateless example',
    mcpExampleSite,
    { ...publishesNothing, extractability: 'fail', 'mcp-server-card': 'pass', 'mcp-connect': 'pass' },
  ],
  // The card is found through the AI catalog and gives its endpoint as SEP-1649's transport.endpoint.
  [
    'the MCP SDK stateless example, listed in an AI catalog',
    () => mcpExampleSite('ai-catalog'),
    { ...publishesNothing, extractability: 'fail', 'mcp-server-card': 'pass', 'mcp-connect': 'pass', ard: 'pass' },
  ],
  [
    'the A2A SDK hello-world agent, A2A 1.0 card',
    () => a2aExampleSite('1.0'),
    { ...publishesNothing, extractability: 'fail', 'a2a-agent-card': 'pass', 'a2a-connect': 'pass' },
  ],
  [
    'the A2A SDK hello-world agent, A2A 0.3 card',
    () => a2aExampleSite('0.3'),
    { ...publishesNothing, extractability: 'fail', 'a2a-agent-card': 'pass', 'a2a-connect': 'pass' },
  ],
];

async function cloudflareFronted(): Promise<ExampleSite> {
  const robots = await readFile(new URL('cloudflare-managed-robots.txt', import.meta.url), 'utf8');
  const site = await startSite('modern-business');
  site.routes.set('/robots.txt', answer(robots.replace('https://www.crawlstop.com/', site.url), 'text/plain'));
  return site;
}

function statusesOf(report: AuditReport): Record<string, string> {
  return Object.fromEntries(report.checks.map((check) => [check.id, `${check.status}: ${check.message}`]));
}

describe('the audit on a corpus of real sites', () => {
  for (const [name, start, expected] of sites) {
    it(`gives ${name} the verdict its files call for on every check`, async () => {
      const site = await start();
      try {
        const report = await auditSite(site.url, { policy: loopbackAllowed });
        const found = statusesOf(report);
        for (const check of report.checks) {
          assert.ok(expected[check.id], `no expected status for ${check.id}`);
          assert.equal(found[check.id]!.split(':')[0], expected[check.id], `${check.id}: ${found[check.id]}`);
        }
        if (name.includes('Cloudflare'))
          assert.equal(
            found['crawler-access'],
            'pass: agents acting for a user: may read; AI search crawlers: Amazonbot shut out; AI training crawlers: GPTBot, ClaudeBot, Google-Extended +4 shut out',
          );
        // The ladder's first rung needs two of robots.txt, a sitemap and Link headers: none has any.
        assert.equal(report.level, 0);
      } finally {
        await site.close();
      }
    });
  }
});
