// Server-side charts: a Vega-Lite spec compiled and rendered to SVG by Vega (no browser, no
// script), returned as a data: URI for an <img> so the page's CSP needs no inline style or script.
// Vega is loaded on first use, so a server without the dashboard never loads it.
import type { Config, TopLevelSpec } from 'vega-lite';
import { printable } from '../../kernel/printable-text.ts';

export interface Chart {
  /** data:image/svg+xml;base64,… */
  src: string;
  width: number;
  height: number;
}

type Libraries = { vega: typeof import('vega'); vl: typeof import('vega-lite') };
let libraries: Promise<Libraries> | undefined;
const load = (): Promise<Libraries> =>
  (libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vl]) => ({ vega, vl })));

/** The house look of every chart: quiet axes, no frame, the dashboard's font and palette. */
export const chartConfig: Config = {
  background: '#ffffff',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  view: { stroke: null },
  axis: {
    labelColor: '#475569',
    titleColor: '#334155',
    gridColor: '#e2e8f0',
    domainColor: '#cbd5e1',
    tickColor: '#cbd5e1',
    labelFontSize: 11,
    titleFontSize: 11,
    titleFontWeight: 600,
    labelLimit: 260,
  },
  legend: {
    labelColor: '#334155',
    titleColor: '#334155',
    labelFontSize: 11,
    titleFontSize: 11,
    orient: 'top',
    labelLimit: 260,
    symbolType: 'square',
  },
  range: { category: ['#2563eb', '#f59e0b', '#94a3b8', '#10b981', '#8b5cf6', '#ef4444', '#0ea5e9', '#84cc16'] },
  bar: { cornerRadiusEnd: 2 },
};

export async function renderChart(spec: TopLevelSpec): Promise<Chart> {
  const { vega, vl } = await load();
  const compiled = vl.compile({ ...spec, config: chartConfig }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  const size = /width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(svg);
  return {
    src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    width: Math.round(Number(size?.[1] ?? 0)),
    height: Math.round(Number(size?.[2] ?? 0)),
  };
}

/** Fixed colours for named series, so a series keeps its colour on every page. */
export interface Palette {
  domain: string[];
  range: string[];
}

const colour = (field: string, title: string, palette?: Palette): object => ({
  field,
  type: 'nominal',
  title,
  ...(palette && { scale: { domain: palette.domain, range: palette.range } }),
});

/** Stacked bars over days, one colour per series. */
export function barsOverDays(
  rows: { day: string; series: string; value: number }[],
  seriesTitle: string,
  valueTitle: string,
  palette?: Palette,
): TopLevelSpec {
  return {
    width: 520,
    height: 220,
    data: { values: rows },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'day', type: 'ordinal', title: null, axis: { labelAngle: -40, labelExpr: 'slice(datum.value, 5)' } },
      y: { field: 'value', type: 'quantitative', title: valueTitle, axis: { tickMinStep: 1, format: 'd' } },
      color: colour('series', seriesTitle, palette),
    },
  };
}

/** Horizontal bars, largest first; with `series`, stacked. */
export function horizontalBars(
  rows: { label: string; series?: string; value: number }[],
  valueTitle: string,
  seriesTitle?: string,
  palette?: Palette,
): TopLevelSpec {
  const labels = new Set(rows.map((r) => r.label)).size;
  return {
    width: 380,
    height: Math.max(48, labels * 26),
    // Labels are public text (queries, caller families): drawn without control or bidi characters.
    data: {
      values: rows.map((row) => ({
        ...row,
        label: printable(row.label),
        ...(row.series !== undefined && { series: printable(row.series) }),
      })),
    },
    mark: { type: 'bar', height: { band: 0.7 } },
    encoding: {
      y: { field: 'label', type: 'nominal', title: null, sort: { op: 'sum', field: 'value', order: 'descending' } },
      x: { field: 'value', type: 'quantitative', title: valueTitle, axis: { tickMinStep: 1, format: 'd' } },
      color: seriesTitle ? colour('series', seriesTitle, palette) : { value: '#2563eb' },
    },
  };
}
