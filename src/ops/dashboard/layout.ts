// The dashboard's page shell and shared pieces: navigation, the date-range form (a plain GET form,
// no script), figure tiles, tables and a chart beside its data table.
import { concatHtml, html, pageText, trustedHtml, type Html } from '../../kernel/html-template.ts';
import { printable } from '../../kernel/printable-text.ts';
import type { DayRange } from '../../store/analytics-queries.ts';
import type { Chart } from './charts.ts';
import { dashboardCss } from './styles.ts';

/**
 * The dashboard's template tag: `html`, with every text value first stripped of control and
 * bidirectional characters (printable-text.ts), since most of what the dashboard shows is public input.
 */
export function dashboardHtml(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return html(strings, ...values.map((value) => (typeof value === 'string' ? printable(value) : value)));
}

export interface Shell {
  title: string;
  /** The path of this page, for aria-current. */
  path: string;
  range: DayRange;
  families: string[];
  main: Html;
  /**
   * With SITES_DIR, the site the page is of: its pages' path prefix (`/site/<key>`) and its name. The
   * navigation then leads back to the index of sites (`/`) and through this site's pages only.
   */
  site?: { base: string; name: string };
  /** The index of sites (SITES_DIR): the navigation holds its own link only. */
  sitesIndex?: boolean;
}

/** `?from=…&to=…`, carried by every link so the range stays when moving between pages. */
export function rangeQuery(range: DayRange): string {
  return `?from=${range.from}&to=${range.to}`;
}

export function familyPath(family: string): string {
  return `/family/${encodeURIComponent(family)}`;
}

/** The path prefix of a site's pages (SITES_DIR): `/site/<key>`. */
export function sitePath(key: string): string {
  return `/site/${encodeURIComponent(key)}`;
}

export function page(shell: Shell): string {
  const q = rangeQuery(shell.range);
  const base = shell.site?.base ?? '';
  const links = shell.sitesIndex
    ? [['/', 'Sites']]
    : [
        ...(shell.site ? [['/', 'Sites']] : []),
        [base || '/', 'Overview'],
        [`${base}/searches`, 'Searches and asks'],
        ...shell.families.map((f) => [`${base}${familyPath(f)}`, f]),
      ];
  const nav = links.map(
    ([href, label]) =>
      dashboardHtml`<li><a href="${href}${q}"${href === shell.path ? html` aria-current="page"` : ''}>${label}</a></li>`,
  );
  // Trusted: the dashboard's own stylesheet, a constant of this code.
  const css = trustedHtml(dashboardCss);
  return pageText(dashboardHtml`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shell.title}${shell.site ? ` · ${shell.site.name}` : ''} · Agent insight</title><meta name="robots" content="noindex"><style>${css}</style></head>
<body><header><span class="brand">Agent insight${shell.site ? ` · ${shell.site.name}` : ''}</span><nav aria-label="Dashboard pages"><ul>${nav}</ul></nav></header>
<main>${shell.main}</main></body></html>`);
}

export function rangeForm(path: string, range: DayRange): Html {
  return concatHtml(
    dashboardHtml`<form class="range" method="get" action="${path}">`,
    html`<label>From<input type="date" name="from" value="${range.from}" required></label>`,
    html`<label>To<input type="date" name="to" value="${range.to}" required></label><button type="submit">Show</button></form>`,
  );
}

const formatted = <V extends string | number | Html>(value: V): string | V =>
  typeof value === 'number' ? value.toLocaleString('en-GB') : value;

export function tiles(items: [string, string | number][]): Html {
  const tiles = items.map(
    ([label, value]) =>
      dashboardHtml`<li><span class="value">${formatted(value)}</span><span class="label">${label}</span></li>`,
  );
  return html`<ul class="tiles">${tiles}</ul>`;
}

export interface Column<T> {
  title: string;
  /** The cell: text and numbers are escaped; a fragment (a link) is placed as it is. */
  value(row: T): string | number | Html;
  numeric?: boolean;
  /** Long free text (queries, paths) wraps; every other cell stays on one line. */
  wrap?: boolean;
}

export function table<T>(
  caption: string,
  columns: Column<T>[],
  rows: T[],
  empty = 'Nothing recorded in this range.',
): Html {
  if (rows.length === 0) return dashboardHtml`<p class="empty">${empty}</p>`;
  const numeric = html` class="n"`;
  const head = columns.map((c) => dashboardHtml`<th scope="col"${c.numeric ? numeric : ''}>${c.title}</th>`);
  const cell = (c: Column<T>, row: T): Html =>
    dashboardHtml`<td${c.numeric ? numeric : c.wrap ? html` class="q"` : ''}>${formatted(c.value(row))}</td>`;
  const body = rows.map((row) => html`<tr>${columns.map((c) => cell(c, row))}</tr>`);
  // A scrolling table is focusable and named, so keyboard users can scroll it (axe: scrollable-region-focusable).
  return concatHtml(
    dashboardHtml`<div class="scroll" tabindex="0" role="region" aria-label="${caption}: table">`,
    dashboardHtml`<table><caption>${caption}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`,
  );
}

/** A titled card: the chart (described by its alt text) beside the table of the same figures. */
export function figure(
  id: string,
  title: string,
  chart: Chart | undefined,
  alt: string,
  tableHtml: Html,
  note = '',
): Html {
  const image = chart
    ? dashboardHtml`<img src="${chart.src}" width="${chart.width}" height="${chart.height}" alt="${alt}">`
    : '';
  const inner = chart ? html`<div class="pair"><div>${image}</div><div>${tableHtml}</div></div>` : tableHtml;
  const remark = note ? dashboardHtml`<p class="note">${note}</p>` : '';
  return dashboardHtml`<section class="card" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${inner}${remark}</section>`;
}
