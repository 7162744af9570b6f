// `agentsite report [--since 7d] [--format table|csv|json] [--site <host>]`: the agent-insight
// figures of the dashboard, from the same report, for a terminal, a spreadsheet (CSV, one figure per
// line) or a script (JSON). With SITES_DIR, `--site` keeps them to one site (as its dashboard page
// does); without it every site's are summed.
import { DateRangeError, sinceRange } from '../../domain/insight/date-range.ts';
import { buildReport, type InsightReport } from '../../domain/insight/report.ts';
import { printableJson } from '../../kernel/printable-text.ts';
import type { CommandContext } from './command-context.ts';
import { siteOption } from './site-files.ts';
import { table } from './table.ts';

export const reportFormats = ['table', 'csv', 'json'] as const;

/** Throws the CLI's usage error (passed in, as commands.ts defines it) for bad flags. */
export function reportCommand(usageError: new (message: string) => Error) {
  return async ({
    config,
    store,
    options,
    args,
    out,
  }: CommandContext & { options: { format?: string | undefined } }): Promise<number> => {
    if (args.length > 0) throw new usageError(`report takes no arguments, got "${args[0]}"`);
    const format = options.format ?? 'table';
    if (!(reportFormats as readonly string[]).includes(format))
      throw new usageError(`--format must be table, csv or json, got "${format}"`);
    let range: ReturnType<typeof sinceRange>;
    try {
      range = sinceRange(options.since ?? '7d');
    } catch (error) {
      if (error instanceof DateRangeError) throw new usageError(error.message);
      throw error;
    }
    const site = await siteOption(config, options.site);
    const report = await buildReport(store.db, { ...range, ...(site !== undefined && { site }) });
    if (format === 'json') out(printableJson(report, 2));
    else if (format === 'csv') out(csvLines(report).join('\n'));
    else out(tables(report));
    return 0;
  };
}

/** Every figure as one line: section, label, detail, value. */
function csvLines(r: InsightReport): string[] {
  const lines: (string | number)[][] = [['section', 'label', 'detail', 'value']];
  for (const [key, value] of Object.entries(r.totals)) lines.push(['totals', key, '', value]);
  for (const d of r.trafficByDay) lines.push(['traffic_by_day', d.day, d.group, d.requests]);
  for (const f of r.families)
    lines.push(
      ['families', f.family, 'verified', f.verified],
      ['families', f.family, 'declared', f.declared],
      ['families', f.family, 'people', f.people],
      ['families', f.family, 'other', f.other],
    );
  for (const s of r.surfaces) lines.push(['surfaces', s.surface, '', s.requests]);
  for (const i of r.items) lines.push(['items', i.item, i.surface, i.requests]);
  for (const e of r.enquiries) lines.push(['enquiries', e.channel, e.family, e.enquiries]);
  for (const q of r.queries) lines.push(['queries', q.query, q.source, q.asks]);
  for (const q of r.gaps) lines.push(['no_result', q.query, q.source, q.noResult]);
  for (const q of r.outOfFit) lines.push(['out_of_fit', q.query, q.source, q.outOfFit]);
  return lines.map((line) => line.map(csvCell).join(','));
}

function csvCell(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would be run as a formula by a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function tables(r: InsightReport): string {
  const t = r.totals;
  const days = [...new Set(r.trafficByDay.map((d) => d.day))].map((day) => {
    const of = (group: string): number => r.trafficByDay.find((d) => d.day === day && d.group === group)?.requests ?? 0;
    return { day, agents: of('agents'), people: of('people'), other: of('other') };
  });
  return [
    `Agent insight ${r.range.from} to ${r.range.to} (UTC)`,
    '',
    `requests ${t.requests}  agents ${t.agents}  people ${t.people}  other ${t.other}  verified agents ${t.verifiedAgents}  declared agents ${t.declaredAgents}`,
    `searches and asks ${t.asks}  with no result ${t.noResultAsks}  out of fit ${t.outOfFitAsks}  enquiries ${t.enquiries}`,
    '',
    'Traffic per day',
    table(['day', 'agents', 'people', 'other'], days),
    '',
    'Caller families',
    table(['family', 'verified', 'declared', 'people', 'other', 'requests'], r.families),
    '',
    'Surfaces',
    table(['surface', 'requests'], r.surfaces),
    '',
    'Top items',
    table(['surface', 'item', 'requests', 'errors'], r.items),
    '',
    'Enquiries',
    table(['channel', 'family', 'enquiries'], r.enquiries),
    '',
    'Top searches and asks',
    table(['query', 'source', 'asks', 'noResult', 'outOfFit'], r.queries),
    '',
    'Content gaps (no result)',
    table(['query', 'source', 'noResult'], r.gaps),
    '',
    'Outside the fit',
    table(['query', 'source', 'outOfFit'], r.outOfFit),
  ].join('\n');
}
