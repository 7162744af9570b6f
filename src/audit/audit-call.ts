// The audit as one protocol-free call, for the bindings that serve it to agents (MCP tool, A2A
// skill): input `{url}`, the report as structured output and as markdown with its page and the way
// to the agency. It runs the same public audit as REST and the form, on the same budget and bounds.
import { auditInput, type AuditInput } from './audit-input.ts';
import { invalidRequest } from '../kernel/errors.ts';
import { AuditedSiteUnreachable, type PublicAudits } from './public-audits.ts';
import { reportPagePath, reportWithLinks } from './report-links.ts';
import { AuditReport } from './report.ts';

export { auditInput, AuditReport as auditOutput };

export interface AuditCallContext {
  /** The caller's rate-limit key (the TRUST_PROXY rule). */
  client: string;
}

export interface AuditCallResult {
  structured: AuditReport;
  text: string;
  /** The kept report's page (an absolute URL). */
  keptAt: string;
}

/**
 * The call, bound to the service's public audits. Throws AppError as `PublicAudits.run` does, but an
 * unreachable site is an invalid_request on `url`.
 * @example const call = auditSiteCall({ audits, baseUrl }); await call({ url: 'https://example.com' }, { client: '203.0.113.9' });
 */
export function auditSiteCall(deps: {
  audits: Pick<PublicAudits, 'run'>;
  baseUrl: string;
}): (input: AuditInput, context: AuditCallContext) => Promise<AuditCallResult> {
  return async (input, context) => {
    try {
      const { id, report } = await deps.audits.run(input, context.client);
      const keptAt = new URL(reportPagePath(id), deps.baseUrl).href;
      return { structured: report, text: reportWithLinks(report, id, deps.baseUrl), keptAt };
    } catch (error) {
      // The agent protocols render upstream_error as the database's failure; this one is the caller's
      // site. The failure itself stays the cause, for REST, which answers it as a 502.
      if (error instanceof AuditedSiteUnreachable) {
        const refusal = invalidRequest([
          { field: 'url', message: `names a site whose home page did not answer: ${error.message}` },
        ]);
        refusal.cause = error;
        throw refusal;
      }
      throw error;
    }
  };
}
