// Where a kept report is read and how it leads to the agency, in one place: every surface that
// hands out a report (REST's Location, the form's redirect, the pages, the capability's text) links
// with these, and the contact page reads the same query parameters back.
import { reportRetentionDays } from './public-audits.ts';
import type { UiText } from '../domain/language/ui-text.ts';
import { reportMarkdown } from './render.ts';
import type { AuditReport } from './report.ts';
import { englishUi } from './report-view.ts';

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

/** Where the site explains adoption: the product in front of an existing site (/developers). */
export const adoptionGuidePath = '/developers#in-front-of-an-existing-site';

/**
 * The report as markdown in `ui`'s language (English by default), then where it is kept and the way
 * to the agency (absolute links).
 */
export function reportWithLinks(report: AuditReport, id: string, baseUrl: string, ui?: UiText): string {
  const guide = new URL(adoptionGuidePath, baseUrl).href;
  const page = new URL(reportPagePath(id), baseUrl).href;
  const contact = new URL(contactPrefillPath(report.url, id), baseUrl).href;
  const kept = (ui ?? englishUi).text('audit.keptAt', { days: reportRetentionDays, page, contact });
  return `${reportMarkdown(report, { ...(ui && { ui }), guide })}\n\n${kept}\n`;
}
