// The dashboard's three kinds of page, each drawn from one InsightReport: the overview, searches
// and asks, and one page per caller family. Every chart has the table of its figures beside it.
import type { InsightReport } from '../../domain/insight/report.ts';
import type { AskSum } from '../../store/analytics-queries.ts';
import { barsOverDays, horizontalBars, renderChart, type Chart } from './charts.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { dashboardHtml, figure, rangeForm, table, tiles, type Column } from './layout.ts';

const pct = (part: number, whole: number): string => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);
const chartOf = async (rows: unknown[], spec: Parameters<typeof renderChart>[0]): Promise<Chart | undefined> =>
  rows.length === 0 ? undefined : renderChart(spec);

const groupTitle = { agents: 'Agents', people: 'People (browsers)', other: 'Other' } as const;
const groupPalette = { domain: Object.values(groupTitle), range: ['#2563eb', '#14b8a6', '#94a3b8'] };
const identityPalette = { domain: ['Verified (signed)', 'Declared (user agent)'], range: ['#1e3a8a', '#60a5fa'] };

async function trafficFigure(report: InsightReport, id: string, title: string): Promise<Html> {
  const rows = report.trafficByDay.map((r) => ({ day: r.day, series: groupTitle[r.group], value: r.requests }));
  const days = [...new Set(report.trafficByDay.map((r) => r.day))];
  const tableRows = days.map((day) => {
    const of = (group: keyof typeof groupTitle): number =>
      report.trafficByDay.find((r) => r.day === day && r.group === group)?.requests ?? 0;
    return { day, agents: of('agents'), people: of('people'), other: of('other') };
  });
  const chart = await chartOf(
    report.totals.requests > 0 ? rows : [],
    barsOverDays(rows, 'Callers', 'Requests', groupPalette),
  );
  return figure(
    id,
    title,
    chart,
    `Stacked bars of requests per day by agents, people and other callers, ${report.range.from} to ${report.range.to}.`,
    table(
      'Requests per day',
      [
        { title: 'Day', value: (r) => r.day },
        { title: 'Agents', value: (r) => r.agents, numeric: true },
        { title: 'People', value: (r) => r.people, numeric: true },
        { title: 'Other', value: (r) => r.other, numeric: true },
      ],
      report.totals.requests > 0 ? tableRows : [],
    ),
  );
}

async function surfacesFigure(report: InsightReport): Promise<Html> {
  const chart = await chartOf(
    report.surfaces,
    horizontalBars(
      report.surfaces.map((s) => ({ label: s.surface, value: s.requests })),
      'Requests',
    ),
  );
  return figure(
    'surfaces',
    'Requests by surface',
    chart,
    'Horizontal bars of requests per surface, largest first.',
    table(
      'Requests by surface',
      [
        { title: 'Surface', value: (r) => r.surface },
        { title: 'Requests', value: (r) => r.requests, numeric: true },
      ],
      report.surfaces,
    ),
  );
}

function itemsFigure(report: InsightReport): Html {
  return figure(
    'items',
    'Top pages, documents, operations and tools',
    undefined,
    '',
    table(
      'Most requested items',
      [
        { title: 'Surface', value: (r) => r.surface },
        { title: 'Item', value: (r) => r.item, wrap: true },
        { title: 'Requests', value: (r) => r.requests, numeric: true },
        { title: '4xx/5xx', value: (r) => r.errors, numeric: true },
      ],
      report.items,
    ),
  );
}

async function enquiriesFigure(report: InsightReport): Promise<Html> {
  const rows = report.enquiries.map((e) => ({ label: e.channel, series: e.family, value: e.enquiries }));
  const chart = await chartOf(rows, horizontalBars(rows, 'Enquiries', 'Caller family'));
  return figure(
    'enquiries',
    'Enquiries by channel and caller family',
    chart,
    'Stacked horizontal bars of accepted enquiries per channel, coloured by caller family.',
    table(
      'Accepted enquiries',
      [
        { title: 'Channel', value: (r) => r.channel },
        { title: 'Caller family', value: (r) => r.family },
        { title: 'Enquiries', value: (r) => r.enquiries, numeric: true },
      ],
      report.enquiries,
    ),
  );
}

const askColumns: Column<AskSum>[] = [
  { title: 'Query', value: (r) => r.query, wrap: true },
  { title: 'Source', value: (r) => r.source },
  { title: 'Asks', value: (r) => r.asks, numeric: true },
  {
    title: 'Avg. results',
    value: (r) => (r.asks === 0 ? 0 : Math.round((r.results / r.asks) * 10) / 10),
    numeric: true,
  },
  { title: 'No result', value: (r) => r.noResult, numeric: true },
  { title: 'Out of fit', value: (r) => r.outOfFit, numeric: true },
];

async function queriesFigure(
  rows: AskSum[],
  id: string,
  title: string,
  value: (a: AskSum) => number,
  valueTitle: string,
  note = '',
): Promise<Html> {
  const data = rows
    .slice(0, 12)
    .map((r) => ({ label: r.query.length > 40 ? `${r.query.slice(0, 39)}…` : r.query, value: value(r) }));
  const chart = await chartOf(data, horizontalBars(data, valueTitle));
  return figure(
    id,
    title,
    chart,
    `Horizontal bars: ${valueTitle.toLowerCase()} per query, largest first.`,
    table(title, askColumns, rows),
    note,
  );
}

export async function overviewMain(report: InsightReport, path = '/'): Promise<Html> {
  const t = report.totals;
  const agentFamilies = report.families.filter((f) => f.verified + f.declared > 0);
  const familyRows = agentFamilies
    .flatMap((f) => [
      { label: f.family, series: 'Verified (signed)', value: f.verified },
      { label: f.family, series: 'Declared (user agent)', value: f.declared },
    ])
    .filter((r) => r.value > 0);
  const familyChart = await chartOf(familyRows, horizontalBars(familyRows, 'Requests', 'Identity', identityPalette));
  const sections = await Promise.all([
    trafficFigure(report, 'traffic', 'Agents and people over time'),
    Promise.resolve(
      figure(
        'families',
        'Top agent families, verified and declared',
        familyChart,
        'Stacked horizontal bars of agent requests per operator family, split into verified and declared.',
        table(
          'Requests per caller family',
          [
            { title: 'Family', value: (r) => r.family },
            { title: 'Verified', value: (r) => r.verified, numeric: true },
            { title: 'Declared', value: (r) => r.declared, numeric: true },
            { title: 'People', value: (r) => r.people, numeric: true },
            { title: 'Other', value: (r) => r.other, numeric: true },
            { title: 'Total', value: (r) => r.requests, numeric: true },
          ],
          report.families,
        ),
        "Verified: a Web Bot Auth signature checked against the operator's key directory. Declared: the user agent names the operator.",
      ),
    ),
    surfacesFigure(report),
    Promise.resolve(itemsFigure(report)),
    enquiriesFigure(report),
  ]);
  return concatHtml(
    html`<h1>Overview</h1><p class="sub">${report.range.from} to ${report.range.to} (UTC)</p>${rangeForm(path, report.range)}`,
    tiles([
      ['Requests', t.requests],
      ['From agents', t.agents],
      ['Agent share', pct(t.agents, t.requests)],
      ['Verified agent share', pct(t.verifiedAgents, t.agents)],
      ['Searches and asks', t.asks],
      ['Enquiries', t.enquiries],
    ]),
    ...sections,
  );
}

export async function searchesMain(report: InsightReport, path = '/searches'): Promise<Html> {
  const t = report.totals;
  const sections = await Promise.all([
    queriesFigure(report.queries, 'top-queries', 'Top searches and asks', (a) => a.asks, 'Asks'),
    queriesFigure(
      report.gaps,
      'gaps',
      'Content gaps: asks with no result',
      (a) => a.noResult,
      'Asks with no result',
      'Queries that found nothing at least once: content the site may be missing.',
    ),
    queriesFigure(
      report.outOfFit,
      'out-of-fit',
      "Outside the agency's fit",
      (a) => a.outOfFit,
      'Out-of-fit asks',
      "Asks the fit check placed outside the agency's market (the fit rule of its content).",
    ),
  ]);
  const range = `${report.range.from} to ${report.range.to}`;
  return concatHtml(
    html`<h1>Searches and asks</h1><p class="sub">Site search, MCP searches and asks, A2A messages · ${range} (UTC)</p>`,
    rangeForm(path, report.range),
    tiles([
      ['Searches and asks', t.asks],
      ['With no result', t.noResultAsks],
      ['Out of fit', t.outOfFitAsks],
    ]),
    ...sections,
    html`<p class="note">Query texts are lower-cased and shortened; a query holding an e-mail address or phone number is counted as "(withheld: contact details)" and never stored.</p>`,
  );
}

export async function familyMain(report: InsightReport, family: string, path: string): Promise<Html> {
  const t = report.totals;
  const sections = await Promise.all([
    trafficFigure(report, 'traffic', `${family} over time`),
    surfacesFigure(report),
    Promise.resolve(itemsFigure(report)),
    queriesFigure(report.queries, 'queries', `What ${family} searches and asks`, (a) => a.asks, 'Asks'),
    enquiriesFigure(report),
  ]);
  return concatHtml(
    dashboardHtml`<h1>${family}</h1><p class="sub">Caller family · ${report.range.from} to ${report.range.to} (UTC)</p>`,
    rangeForm(path, report.range),
    tiles([
      ['Requests', t.requests],
      ['Verified', t.verifiedAgents],
      ['Declared', t.declaredAgents],
      ['Searches and asks', t.asks],
      ['Enquiries', t.enquiries],
    ]),
    ...sections,
  );
}
