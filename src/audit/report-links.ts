// Where a kept report is read and how it leads to the agency, in one place: every surface that
// hands out a report (REST's Location, the form's redirect, the pages, the capability's text) links
// with these, and the contact page reads the same query parameters back.
import { reportRetentionDays } from './public-audits.ts';
import { reportMarkdown } from './render.ts';
import type { AuditReport } from './report.ts';

/** A kept report's page (HTML, or markdown by Accept). */
export function reportPagePath(id: string): string {
  return `/audits/${id}`;
}

/** The page's markdown twin. */
export function reportMarkdownPath(id: string): string {
  return `/markdown/audits/${id}.md`;
}

/** The query parameters the contact page reads to name an audited site and its report. */
export const prefillParams = { site: 'site', report: 'report' } as const;

/** The contact form with the audited site and its report named. */
export function contactPrefillPath(site: string, id: string): string {
  return `/contact?${prefillParams.site}=${encodeURIComponent(site)}&${prefillParams.report}=${id}#form`;
}

/** The report as markdown, then where it is kept and the way to the agency (absolute links). */
export function reportWithLinks(report: AuditReport, id: string, baseUrl: string): string {
  const page = new URL(reportPagePath(id), baseUrl).href;
  return `${reportMarkdown(report)}\n\nThis report is kept for ${reportRetentionDays} days at ${page}. Want these fixed? Ask the agency: ${new URL(contactPrefillPath(report.url, id), baseUrl).href}\n`;
}
