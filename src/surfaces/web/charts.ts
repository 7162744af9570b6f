// Before/after charts for case-study figures written "18% → 29%": a Vega-Lite bar chart rendered to
// SVG on the server (renderer "none", no canvas), so pages keep no script and no external asset.
import type { TopLevelSpec } from 'vega-lite';
import { html, trustedHtml, type Html } from '../../kernel/html-template.ts';
import { typeset } from './typography.ts';
import type { UiText } from '../../domain/language/ui-text.ts';

export interface BeforeAfter {
  label: string;
  before: { text: string; amount: number };
  after: { text: string; amount: number };
}

// Units a figure may carry, in English and German, in a common base so "41h → 9 min" and
// "72 Std. → 4 Std." compare like with like. Any other unit ("Leads") compares only with itself.
const unitScale: Record<string, number> = {
  '': 1,
  '%': 1,
  h: 60,
  hours: 60,
  std: 60,
  stunden: 60,
  min: 1,
  minutes: 1,
  minuten: 1,
  day: 1440,
  days: 1440,
  tag: 1440,
  tage: 1440,
  week: 10_080,
  weeks: 10_080,
  woche: 10_080,
  wochen: 10_080,
};
// A number groups thousands with either separator ("1,200", "1.200"); a separator before one or two
// digits is a decimal point ("2.5", "2,5"), as in the company sizes the ask reads.
const figure = /^\s*(-?(?:\d{1,3}(?:([.,])\d{3})(?:\2\d{3})*(?![.,]?\d)|\d+(?:[.,]\d+)?))\s*(%|\p{L}+\.?)?\s*$/u;

/** A figure's number and its unit ("" for none, lower case, without a closing full stop). */
function figureOf(text: string): { value: number; unit: string } | undefined {
  const match = figure.exec(text);
  if (!match) return undefined;
  const [, digits = '', grouping, unit = ''] = match;
  const value = Number(grouping ? digits.replaceAll(grouping, '') : digits.replace(',', '.'));
  return { value, unit: unit.toLowerCase().replace(/\.$/, '') };
}

// Vega and Vega-Lite load when the first chart is drawn, not at start: they are large (tens of ms
// to evaluate, megabytes of heap) and most processes never render a case study.
type Libraries = { vega: typeof import('vega'); vl: typeof import('vega-lite') };
let libraries: Promise<Libraries> | undefined;
const loadLibraries = (): Promise<Libraries> =>
  (libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vl]) => ({ vega, vl })));

/** The before and after of a stat value such as "18% → 29%", or undefined for any other value. */
export function beforeAfter(label: string, value: string): BeforeAfter | undefined {
  const [beforeText, afterText, ...rest] = value.split('→').map((part) => part.trim());
  if (!beforeText || !afterText || rest.length > 0) return undefined;
  const before = figureOf(beforeText);
  const after = figureOf(afterText);
  if (!before || !after) return undefined;
  const same = before.unit === after.unit;
  const scaleOf = (unit: string): number | undefined => unitScale[unit] ?? (same ? 1 : undefined);
  const [beforeScale, afterScale] = [scaleOf(before.unit), scaleOf(after.unit)];
  if (beforeScale === undefined || afterScale === undefined) return undefined;
  return {
    label,
    before: { text: beforeText, amount: before.value * beforeScale },
    after: { text: afterText, amount: after.value * afterScale },
  };
}

/** `when` names the two bars in the site's language. */
function spec(data: BeforeAfter, when: { before: string; after: string }): TopLevelSpec {
  const values = [
    { when: when.before, amount: data.before.amount, text: typeset(data.before.text) },
    { when: when.after, amount: data.after.amount, text: typeset(data.after.text) },
  ];
  const y = {
    field: 'when',
    type: 'nominal',
    sort: null,
    title: null,
    axis: { domain: false, ticks: false, labelPadding: 8 },
  } as const;
  return {
    width: 240,
    height: 64,
    background: null as unknown as string,
    data: { values },
    encoding: { y, x: { field: 'amount', type: 'quantitative', axis: null, scale: { domainMin: 0 } } },
    layer: [
      {
        mark: { type: 'bar', cornerRadiusEnd: 3, height: 22 },
        encoding: {
          color: {
            field: 'when',
            type: 'nominal',
            scale: { domain: [when.before, when.after], range: ['#94a3b8', '#2563eb'] },
            legend: null,
          },
        },
      },
      { mark: { type: 'text', align: 'left', dx: 6, fontWeight: 700 }, encoding: { text: { field: 'text' } } },
    ],
    config: {
      aria: false,
      view: { stroke: null },
      font: 'system-ui, sans-serif',
      axis: { labelFontSize: 13 },
      text: { fontSize: 14 },
    },
  } as TopLevelSpec;
}

/** The chart as inline SVG with a text alternative; drawn by Vega-Lite, never by hand. */
export async function beforeAfterSvg(data: BeforeAfter, id: string, ui: UiText): Promise<Html> {
  const { vega, vl } = await loadLibraries();
  const when = { before: ui.text('study.before'), after: ui.text('study.after') };
  const view = new vega.View(vega.parse(vl.compile(spec(data, when)).spec), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    const label = ui.text('study.chartLabel', { label: data.label, before: data.before.text, after: data.after.text });
    // Vega's SVG carries fixed pixel sizes and a class; the page's CSS sizes and colours it.
    // Inner roles are dropped (the whole chart is one image with a label) and clip-path ids are made
    // unique to the chart, since a page holds several charts. Vega numbers clips across the process,
    // so they are numbered again in order of appearance: the same chart is the same bytes (and the
    // page the same ETag) however many were drawn before it.
    const clips = new Map<string, number>();
    const clipNumber = (n: string): number => clips.get(n) ?? clips.set(n, clips.size + 1).size;
    const inner = svg
      .slice(svg.indexOf('>') + 1)
      .replace(/ (?:role|aria-roledescription|aria-hidden|pointer-events)="[^"]*"/g, '')
      .replace(/\bclip(\d+)\b/g, (_, n: string) => `${id}-clip${clipNumber(n)}`);
    const viewBox = /viewBox="([^"]*)"/.exec(svg)?.[1];
    const box = viewBox === undefined ? '' : html`viewBox="${viewBox}"`;
    // Trusted: Vega's own SVG rendering (it escapes the chart's text), reshaped above without new content.
    const drawing = trustedHtml(inner);
    return html`<svg xmlns="http://www.w3.org/2000/svg" ${box} role="img" aria-label="${label}" class="chart-svg">${drawing}`;
  } finally {
    view.finalize();
  }
}
