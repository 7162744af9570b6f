// The agent-readiness audit of any public site, as agents call it (MCP tool, A2A skill): the same
// public audit as POST /agent/audits and the /audit form, on the same audit budget and bounds. It
// reaches other sites, so it is open-world, and each call runs a new audit (not idempotent).
import { auditInput, auditOutput, auditSiteCall } from '../audit/audit-call.ts';
import { AuditedSiteUnreachable, reportRetentionDays } from '../audit/public-audits.ts';
import { maxRunningAudits } from '../audit/running-audits.ts';
import { describeRatePolicy } from '../domain/limit-wording.ts';
import { auditPolicy } from '../domain/rate-limit/rate-limit.ts';
import { defineCapability, noAuthentication, type Capability, type Hints, type Route } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import type { CapabilityNames } from './names.ts';

/** It reads other sites and keeps a report: neither read-only nor idempotent, and nothing is destroyed. */
const auditHints: Hints = { readOnly: false, destructive: false, idempotent: false, openWorld: true };

/** POST …/audits: a 201 with the report, and the page it is kept at as Location. */
const auditRoute: Route = {
  method: 'POST',
  path: '/audits',
  contract: {
    operationId: 'auditSite',
    summary: "Audit a site's agent readiness",
    description:
      'Fetches what agents and their auditors read on the site (robots.txt, sitemap, Link headers, markdown negotiation, ' +
      'llms.txt, the API catalog and OpenAPI, OAuth metadata, the MCP and A2A cards and a connection to each, agent skills, ' +
      'WebMCP, JSON-LD, Web Bot Auth, the AI catalog) and answers the report: a level 0-5, a score and every check with its ' +
      `evidence and fix. Only public hosts on ports 80 and 443 are audited; a URL naming another (or resolving to one) is a 400 ` +
      `on \`url\`. A site whose home page does not answer is a 502. The report is kept ${reportRetentionDays} days at the ` +
      `page \`Location\` names. Limited to ${describeRatePolicy(auditPolicy)} per client, and ${maxRunningAudits} audits at once ` +
      'on this server (429 with Retry-After when busy).',
    tag: 'Audits',
  },
  request: { schema: auditInput, description: 'The site to audit.' },
  success: {
    status: 201,
    description: 'The audit ran; the report follows and is kept at `Location`.',
    body: auditOutput.meta({ id: 'AuditReport', description: 'An agent-readiness report.' }),
    headers: { Location: (result) => result.keptAt },
  },
  errors: [400, 413, 415, 502],
  // Agents are told which input failed; REST answers the audited site's failure as what it is, a 502.
  refusal: (error) => (error.cause instanceof AuditedSiteUnreachable ? error.cause : error),
};

export function auditSiteCapability(deps: CatalogDeps, names: CapabilityNames): Capability {
  const call = auditSiteCall({ audits: deps.audits, baseUrl: deps.config.baseUrl });
  return defineCapability({
    key: 'auditSite',
    name: names.auditSite,
    title: "Audit a site's agent readiness",
    description:
      'Audits how ready a public website is for AI agents, as the agents and their auditors read it: robots.txt and ' +
      'its AI rules, content signals, the sitemap, Link headers, markdown negotiation, llms.txt, the API catalog and OpenAPI, ' +
      'OAuth metadata, the MCP server card and a connection to it, the A2A agent card and a message to it, agent skills ' +
      '(digests checked), WebMCP, JSON-LD, Web Bot Auth and the AI catalog. Returns a level 0-5, a score and every check with ' +
      `its evidence and fix, and the report's page (kept ${reportRetentionDays} days). Public hosts only (ports 80 and 443). ` +
      `Limited to ${describeRatePolicy(auditPolicy)} per client, shared with POST /agent/audits, and ${maxRunningAudits} audits at once.`,
    input: auditInput,
    output: auditOutput,
    budget: 'audit',
    authentication: noAuthentication,
    hints: auditHints,
    a2aSkill: true,
    stable: false,
    examples: [{ url: 'https://example.com' }],
    prompts: ['Check how ready example.com is for AI agents'],
    tags: ['audit', 'agent-readiness', 'seo'],
    route: auditRoute,
    handle: (input, context) => call(input, { client: context.client }),
  });
}
