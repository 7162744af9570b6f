// The dashboard's page shell and shared pieces: navigation, the date-range form (a plain GET form,
// no script), figure tiles, tables and a chart beside its data table.
import { escapeHtml } from '../html/escape.ts';
import { printable } from '../printable-text.ts';
import type { DayRange } from '../store/analytics-queries.ts';
import type { Chart } from './charts.ts';
import { dashboardCss } from './styles.ts';

/** HTML-escaped text without control or bidirectional characters (printable-text.ts). */
export const esc = (text: string): string => escapeHtml(printable(text));

export interface Shell {
  title: string;
  /** The path of this page, for aria-current. */
  path: string;
  range: DayRange;
  families: string[];
  main: string;
}

/** `?from=…&to=…`, carried by every link so the range stays when moving between pages. */
export function rangeQuery(range: DayRange): string {
  return `?from=${range.from}&to=${range.to}`;
}

export function familyPath(family: string): string {
  return `/family/${encodeURIComponent(family)}`;
}

export function page(shell: Shell): string {
  const q = rangeQuery(shell.range);
  const links = [
    ['/', 'Overview'],
    ['/searches', 'Searches and asks'],
    ...shell.families.map((f) => [familyPath(f), f]),
  ];
  const nav = links
    .map(
      ([href, label]) =>
        `<li><a href="${esc(href!)}${q}"${href === shell.path ? ' aria-current="page"' : ''}>${esc(label!)}</a></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(shell.title)} · Agent insight</title><meta name="robots" content="noindex"><style>${dashboardCss}</style></head>
<body><header><span class="brand">Agent insight</span><nav aria-label="Dashboard pages"><ul>${nav}</ul></nav></header>
<main>${shell.main}</main></body></html>`;
}

export function rangeForm(path: string, range: DayRange): string {
  return (
    `<form class="range" method="get" action="${esc(path)}"><label>From<input type="date" name="from" value="${range.from}" required></label>` +
    `<label>To<input type="date" name="to" value="${range.to}" required></label><button type="submit">Show</button></form>`
  );
}

export function tiles(items: [string, string | number][]): string {
  return `<ul class="tiles">${items
    .map(
      ([label, value]) =>
        `<li><span class="value">${esc(typeof value === 'number' ? value.toLocaleString('en-GB') : value)}</span><span class="label">${esc(label)}</span></li>`,
    )
    .join('')}</ul>`;
}

export interface Column<T> {
  title: string;
  value(row: T): string | number;
  numeric?: boolean;
  /** Long free text (queries, paths) wraps; every other cell stays on one line. */
  wrap?: boolean;
}

export function table<T>(caption: string, columns: Column<T>[], rows: T[]): string {
  if (rows.length === 0) return `<p class="empty">Nothing recorded in this range.</p>`;
  const head = columns.map((c) => `<th scope="col"${c.numeric ? ' class="n"' : ''}>${esc(c.title)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${columns
          .map((c) => {
            const value = c.value(row);
            return `<td${c.numeric ? ' class="n"' : c.wrap ? ' class="q"' : ''}>${esc(typeof value === 'number' ? value.toLocaleString('en-GB') : value)}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('');
  // A scrolling table is focusable and named, so keyboard users can scroll it (axe: scrollable-region-focusable).
  return `<div class="scroll" tabindex="0" role="region" aria-label="${esc(caption)}: table"><table><caption>${esc(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** A titled card: the chart (described by its alt text) beside the table of the same figures. */
export function figure(
  id: string,
  title: string,
  chart: Chart | undefined,
  alt: string,
  tableHtml: string,
  note = '',
): string {
  const image = chart
    ? `<img src="${chart.src}" width="${chart.width}" height="${chart.height}" alt="${esc(alt)}">`
    : '';
  const inner = chart ? `<div class="pair"><div>${image}</div><div>${tableHtml}</div></div>` : tableHtml;
  return `<section class="card" aria-labelledby="${id}"><h2 id="${id}">${esc(title)}</h2>${inner}${note ? `<p class="note">${esc(note)}</p>` : ''}</section>`;
}
