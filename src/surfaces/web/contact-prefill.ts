// The contact form reached from an audit report (report-links.ts: `/contact?site=…&report=…`) opens
// the form with a message naming the site and its report. Both values are checked (an http(s) URL,
// a report id's form) and a query that fails the check opens the plain form, never an error.
import { maxAuditUrlLength } from '../../audit/audit-input.ts';
import { isReportId } from '../../audit/public-audits.ts';
import { prefillParams, reportPagePath } from '../../audit/report-links.ts';
import type { ContactFormValues } from './contact-form.ts';

/** The form's values for a query from contactPrefillPath, or undefined when it names nothing usable. */
export function contactPrefill(query: Record<string, unknown>, baseUrl: string): ContactFormValues | undefined {
  const site = query[prefillParams.site];
  const report = query[prefillParams.report];
  if (typeof site !== 'string' || site.length > maxAuditUrlLength) return undefined;
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const link =
    typeof report === 'string' && isReportId(report)
      ? ` (report: ${new URL(reportPagePath(report), baseUrl).href})`
      : '';
  return {
    message: `We audited ${url.href} for agent readiness${link} and would like help with what the report found.`,
  };
}
