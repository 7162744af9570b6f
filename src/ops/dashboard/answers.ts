// What a dashboard request is answered with: a page and its status, the short message pages (sign-in,
// not found, bad input), and the caller family a `/family/<name>` path names.
import { dayRange } from '../../domain/insight/date-range.ts';
import type { DayRange } from '../../store/analytics-queries.ts';
import { dashboardHtml, page } from './layout.ts';

/** A page to send: its status, HTML and any headers beside the security ones. */
export interface DashboardAnswer {
  status: number;
  html: string;
  headers?: Record<string, string>;
}

/**
 * What the dashboard's first page (`/`) is: the overview of its one site, or with SITES_DIR the index
 * of sites. A page that says one thing links only to pages that exist in that mode.
 */
export type FirstPage = 'overview' | 'sites';

/** A page that says one thing, with a way back to the dashboard's first page. */
export function message(
  title: string,
  text: string,
  firstPage: FirstPage,
  range: DayRange = dayRange(undefined, undefined),
): string {
  const back = firstPage === 'sites' ? 'Back to the index of sites' : 'Back to the overview';
  return page({
    title,
    path: '',
    range,
    families: [],
    // With SITES_DIR the navigation is the index's own (Sites only): `/searches` exists per site only.
    sitesIndex: firstPage === 'sites',
    main: dashboardHtml`<h1>${title}</h1><p class="error" role="alert">${text}</p><p><a href="/">${back}</a></p>`,
  });
}

/** 404 with `text` saying where to look instead. */
export function notFound(text: string, firstPage: FirstPage): DashboardAnswer {
  return { status: 404, html: message('Not found', text, firstPage) };
}

/** The family a `/family/<name>` path names, or undefined. */
export function familyOf(pathname: string): string | undefined {
  const match = /^\/family\/([^/]{1,120})$/.exec(pathname);
  if (!match) return undefined;
  try {
    const name = decodeURIComponent(match[1]!);
    // No family holds NUL (it is never stored), and PostgreSQL cannot even compare text carrying it.
    return name.trim() === '' || name.includes('\u0000') ? undefined : name;
  } catch {
    return undefined;
  }
}
