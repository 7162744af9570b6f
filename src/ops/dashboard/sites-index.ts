// The dashboard's first page with SITES_DIR: every served site, a page of them at a time (optionally
// those whose folder or a host holds a text), each with its hosts, whether its content is loaded, its
// front-mode origin, its requests and enquiries in the range, its last enquiry and its deliveries by
// state. The figures of a page come from one grouped query per table, however many sites are served.
import type { Services } from '../../app/services.ts';
import type { LiveSites } from '../../app/sites/registry.ts';
import type { ServedSite } from '../../domain/sites/registry.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import type { DayRange } from '../../store/analytics-queries.ts';
import { siteFigures, type SiteFigures } from '../../store/site-figures.ts';
import { type DashboardAnswer, message } from './answers.ts';
import { type Column, dashboardHtml, page, rangeQuery, sitePath, table, tiles } from './layout.ts';

/** Sites on one page of the index. */
export const sitesPerPage = 100;

interface Line {
  site: ServedSite;
  loaded: boolean;
  figures: SiteFigures;
}

export async function sitesIndex(
  services: Services,
  sites: LiveSites,
  params: URLSearchParams,
  range: DayRange,
): Promise<DashboardAnswer> {
  const filter = (params.get('q') ?? '').trim().toLowerCase().slice(0, 200);
  const pageText = params.get('page') ?? '1';
  if (!/^[1-9][0-9]{0,5}$/.test(pageText))
    return { status: 400, html: message('Bad page', 'page must be a whole number from 1.', 'sites', range) };
  const all = sites.sites();
  const matching = filter === '' ? all : all.filter((site) => matches(site, filter));
  const pages = Math.max(1, Math.ceil(matching.length / sitesPerPage));
  const number = Number(pageText);
  if (number > pages)
    return { status: 404, html: message('Not found', `The index has ${pages} page(s) of sites.`, 'sites', range) };
  const shown = matching.slice((number - 1) * sitesPerPage, number * sitesPerPage);
  // Counts still in memory are written first, so the page shows every request up to now.
  await services.insight.flush();
  const figures = await siteFigures(
    services.store.db,
    shown.map((site) => site.key),
    range,
  );
  const lines = shown.map((site) => ({
    site,
    loaded: sites.loadedContent(site.key) !== undefined,
    figures: figures.get(site.key)!,
  }));
  const link = (n: number): string =>
    `/${rangeQuery(range)}&page=${n}${filter === '' ? '' : `&q=${encodeURIComponent(filter)}`}`;
  const main = concatHtml(
    dashboardHtml`<h1>Sites</h1><p class="sub">Every site of SITES_DIR · ${range.from} to ${range.to} (UTC)</p>`,
    indexForm(range, filter),
    tiles([
      ['Sites served', all.length],
      ['Content loaded', all.filter((site) => sites.loadedContent(site.key) !== undefined).length],
      ...(filter === '' ? [] : ([['Matching', matching.length]] as [string, number][])),
    ]),
    table(`Sites, page ${number} of ${pages}`, columns(range), lines, 'No site served here matches.'),
    pager(number, pages, link),
  );
  return { status: 200, html: page({ title: 'Sites', path: '/', range, families: [], main, sitesIndex: true }) };
}

function matches(site: ServedSite, filter: string): boolean {
  return site.key.toLowerCase().includes(filter) || site.hosts.some((host) => host.includes(filter));
}

function columns(range: DayRange): Column<Line>[] {
  return [
    {
      title: 'Folder',
      value: ({ site }) => dashboardHtml`<a href="${sitePath(site.key)}${rangeQuery(range)}">${site.key}</a>`,
    },
    { title: 'Hosts', value: ({ site }) => site.hosts.join(', '), wrap: true },
    { title: 'Content', value: ({ loaded }) => (loaded ? 'loaded' : 'not loaded') },
    { title: 'Front origin', value: ({ site }) => site.origin ?? '–' },
    { title: 'Requests', value: ({ figures }) => figures.requests, numeric: true },
    { title: 'Enquiries', value: ({ figures }) => figures.enquiries, numeric: true },
    { title: 'Last enquiry', value: ({ figures }) => figures.lastEnquiryAt?.slice(0, 16).replace('T', ' ') ?? '–' },
    { title: 'Queued', value: ({ figures }) => figures.pending, numeric: true },
    { title: 'Given up', value: ({ figures }) => figures.failed, numeric: true },
    { title: 'Delivered', value: ({ figures }) => figures.delivered, numeric: true },
  ];
}

/** The date range and a text to find sites by folder or host: a plain GET form, no script. */
function indexForm(range: DayRange, filter: string): Html {
  return concatHtml(
    html`<form class="range" method="get" action="/">`,
    dashboardHtml`<label>Folder or host<input type="search" name="q" value="${filter}" maxlength="200"></label>`,
    html`<label>From<input type="date" name="from" value="${range.from}" required></label>`,
    html`<label>To<input type="date" name="to" value="${range.to}" required></label><button type="submit">Show</button></form>`,
  );
}

function pager(number: number, pages: number, link: (n: number) => string): Html {
  if (pages === 1) return html``;
  const previous = number > 1 ? html`<a href="${link(number - 1)}" rel="prev">Previous page</a>` : '';
  const next = number < pages ? html`<a href="${link(number + 1)}" rel="next">Next page</a>` : '';
  return html`<nav class="pager" aria-label="Pages of sites"><p>${previous} Page ${number} of ${pages} ${next}</p></nav>`;
}
