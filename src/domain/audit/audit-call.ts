// The audit as one protocol-free call, for the bindings that serve it to agents (MCP tool, A2A
// skill): input `{url}`, the report as structured output and as markdown with its page and the way
// to the agency. It runs the same public audit as REST and the form, on the same budget and bounds.
import { auditInput, type AuditInput } from './audit-input.ts';
import type { PublicAudits } from './public-audits.ts';
import { reportWithLinks } from './report-links.ts';
import { AuditReport } from './report.ts';

export { auditInput, AuditReport as auditOutput };

export interface AuditCallContext {
  /** The caller's rate-limit key (the TRUST_PROXY rule). */
  client: string;
}

export interface AuditCallResult {
  structured: AuditReport;
  text: string;
}

/**
 * The call, bound to the service's public audits. Throws AppError as `PublicAudits.run` does.
 * @example const call = auditSiteCall({ audits, baseUrl }); await call({ url: 'https://example.com' }, { client: '203.0.113.9' });
 */
export function auditSiteCall(deps: { audits: PublicAudits; baseUrl: string }): (input: AuditInput, context: AuditCallContext) => Promise<AuditCallResult> {
  return async (input, context) => {
    const { id, report } = await deps.audits.run(input, context.client);
    return { structured: report, text: reportWithLinks(report, id, deps.baseUrl) };
  };
}
