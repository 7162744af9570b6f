// auditSite: POST …/audits. Runs the public agent-readiness audit of the URL sent (public hosts only)
// through the domain's one public audit path, and answers the report with the page it is kept at.
import { auditInput } from '../../../audit/audit-input.ts';
import { reportRetentionDays } from '../../../audit/public-audits.ts';
import { reportPagePath } from '../../../audit/report-links.ts';
import { AuditReport } from '../../../audit/report.ts';
import { maxRunningAudits } from '../../../audit/running-audits.ts';
import { describeRatePolicy } from '../../../domain/limit-wording.ts';
import { auditPolicy } from '../../../domain/rate-limit/rate-limit.ts';
import type { Operation } from '../operation.ts';
import { clientOf, setRateLimitState } from '../../../http/request-state.ts';

export const auditSite: Operation = {
  operationId: 'auditSite',
  method: 'POST',
  path: '/audits',
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
  rateLimit: 'audit',
  requestBody: { schema: auditInput, description: 'The site to audit.' },
  success: {
    status: 201,
    description: 'The audit ran; the report follows and is kept at `Location`.',
    schema: AuditReport.meta({ id: 'AuditReport', description: 'An agent-readiness report.' }),
    headers: ['Location'],
  },
  errors: [400, 413, 415, 502],
  handler:
    ({ services }) =>
    async (request, reply) => {
      const { id, report, rateLimit } = await services.audits.run(request.body, clientOf(request, services));
      setRateLimitState(request, rateLimit);
      return reply
        .code(201)
        .header('Location', new URL(reportPagePath(id), services.config.baseUrl).href)
        .send(report);
    },
};
