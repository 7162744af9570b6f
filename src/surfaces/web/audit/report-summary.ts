// The report page's summary: the score as a gauge and the level ladder with the site's level marked
// and what the next level needs. Pure SVG and CSS (the page has no script): the gauge's arc is one
// circle whose dash is the score, read on a path length of 100.
import { levelNames, type AuditReport } from '../../../audit/report.ts';
import { levelName, nextLevel } from '../../../audit/report-view.ts';
import type { UiText } from '../../../domain/language/ui-text.ts';
import { html, type Html } from '../../../kernel/html-template.ts';

/** A score's band, for the gauge's colour: what a reader sees at a glance. */
function band(score: number): 'low' | 'mid' | 'high' {
  return score >= 80 ? 'high' : score >= 50 ? 'mid' : 'low';
}

function scoreGauge(ui: UiText, score: number): Html {
  const label = ui.text('audit.gauge', { score });
  // The arc starts at the top and runs clockwise: the circle is turned a quarter back.
  return html`<figure class="gauge gauge-${band(score)}">
<svg viewBox="0 0 120 120" role="img" aria-label="${label}" focusable="false">
<circle class="gauge-track" cx="60" cy="60" r="52" pathLength="100"></circle>
<circle class="gauge-arc" cx="60" cy="60" r="52" pathLength="100" stroke-dasharray="${score} 100" transform="rotate(-90 60 60)"></circle>
<text class="gauge-score" x="60" y="62" text-anchor="middle" dominant-baseline="middle" aria-hidden="true">${score}</text>
<text class="gauge-unit" x="60" y="86" text-anchor="middle" aria-hidden="true">${ui.text('audit.gaugeUnit')}</text>
</svg></figure>`;
}

function levelLadder(ui: UiText, level: number): Html {
  const rungs = levelNames.map((_, rung) => {
    const kind = rung === level ? 'rung-here' : rung < level ? 'rung-reached' : 'rung-ahead';
    const current = rung === level ? html` aria-current="step"` : '';
    const here = rung === level ? html` <span class="rung-tag">${ui.text('audit.ladderHere')}</span>` : '';
    const name = html`<span class="rung-name">${levelName(ui, rung)}</span>`;
    return html`<li class="rung ${kind}"${current}><span class="rung-level">${rung}</span> ${name}${here}</li>`;
  });
  // Highest level first, as a ladder reads.
  return html`<ol class="ladder" aria-label="${ui.text('audit.ladder')}">${rungs.reverse()}</ol>`;
}

/** Gauge, level and ladder side by side; the next step in one sentence under the level. */
export function reportSummary(ui: UiText, report: AuditReport): Html {
  const { level, score } = report;
  const title = ui.text('audit.levelOf', { level, levelName: levelName(ui, level) });
  return html`<div class="report-summary">${scoreGauge(ui, score)}<div class="report-level">
<h2 id="level">${title}</h2><p class="next-level">${nextLevel(ui, level)}</p></div>${levelLadder(ui, level)}</div>`;
}
