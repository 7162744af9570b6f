// The report page's sections below the summary: each check to fix (its title, what was found, what it
// costs the site, the fix, and the evidence folded), what passes (folded), what the site does not
// offer, and what importing the site and putting the product in front of it would fix. Every text
// from the audited site (messages, fixes, evidence) is escaped by `html`.
import { checkCost, checkTitle, type ReportView } from '../../../audit/report-view.ts';
import type { CheckResult } from '../../../audit/report.ts';
import type { UiText } from '../../../domain/language/ui-text.ts';
import { concatHtml, html, type Html } from '../../../kernel/html-template.ts';
import { richText } from '../rich-text.ts';

const status = (ui: UiText, check: CheckResult): Html =>
  html`<span class="status status-${check.status}">${ui.text(`audit.status.${check.status}`)}</span>`;

const code = (words: Html): Html => html`<code>${words}</code>`;
const checkId = (ui: UiText, check: CheckResult): Html =>
  html`<span class="check-id">${richText(ui, 'audit.checkId', { id: check.id }, { code })}</span>`;

function evidence(ui: UiText, check: CheckResult): Html {
  const { url, status: answer, value } = check.evidence;
  const shown = answer === null ? ui.text('audit.evidenceNoAnswer') : String(answer);
  const fact = (term: string, detail: Html | string): Html => html`<dt>${term}</dt><dd>${detail}</dd>`;
  return concatHtml(
    html`<details class="evidence"><summary>${ui.text('audit.evidence')}</summary><dl>`,
    fact(ui.text('audit.evidenceUrl'), html`<code>${url}</code>`),
    fact(ui.text('audit.evidenceStatus'), shown),
    value ? fact(ui.text('audit.evidenceValue'), html`<code>${value}</code>`) : html``,
    html`</dl></details>`,
  );
}

function finding(ui: UiText, check: CheckResult): Html {
  const cost = checkCost(ui, check.id);
  const fact = (label: string, words: string): Html => html`<dt>${label}</dt><dd>${words}</dd>`;
  return concatHtml(
    html`<li class="finding finding-${check.status}"><h3>${status(ui, check)} ${checkTitle(ui, check.id)}</h3>`,
    checkId(ui, check),
    html`<dl class="finding-facts">`,
    // What it costs first: it is what a reader who is not technical reads the report for.
    cost ? html`<dt>${ui.text('audit.costLabel')}</dt><dd class="cost">${cost}</dd>` : html``,
    fact(ui.text('audit.foundLabel'), check.message),
    check.fix ? fact(ui.text('audit.fixLabel'), check.fix) : html``,
    html`</dl>${evidence(ui, check)}</li>`,
  );
}

const listed = (ui: UiText, check: CheckResult): Html =>
  html`<li>${status(ui, check)} <strong>${checkTitle(ui, check.id)}</strong> ${checkId(ui, check)}<br>${check.message}</li>`;

export function toFixSection(ui: UiText, view: ReportView): Html {
  if (view.toFix.length === 0) return html``;
  return concatHtml(
    html`<h2 id="to-fix">${ui.text('audit.toFix', { count: view.toFix.length })}</h2>`,
    html`<p class="section-note">${ui.text('audit.toFixIntro')}</p>`,
    html`<ol class="findings">${view.toFix.map((check) => finding(ui, check))}</ol>`,
  );
}

export function passedSection(ui: UiText, view: ReportView): Html {
  if (view.passed.length === 0) return html``;
  return concatHtml(
    html`<h2 id="passed">${ui.text('audit.passed', { count: view.passed.length })}</h2>`,
    html`<details class="folded"><summary>${ui.text('audit.passedShow')}</summary>`,
    html`<ul class="check-list">${view.passed.map((check) => listed(ui, check))}</ul></details>`,
  );
}

export function skippedSection(ui: UiText, view: ReportView): Html {
  if (view.skipped.length === 0) return html``;
  return concatHtml(
    html`<h2 id="skipped">${ui.text('audit.skipped', { count: view.skipped.length })}</h2>`,
    html`<p class="section-note">${ui.text('audit.skippedIntro')}</p>`,
    html`<ul class="check-list">${view.skipped.map((check) => listed(ui, check))}</ul>`,
  );
}

export function frontModeSection(ui: UiText, view: ReportView, guide: string): Html {
  const fixed = view.fixedByFront;
  const link = (words: Html): Html => html`<a href="${guide}">${words}</a>`;
  const list = fixed.length
    ? concatHtml(
        html`<p>${ui.text('audit.frontIntro', { count: fixed.length })}</p>`,
        html`<ul class="front-fixes">${fixed.map((check) => html`<li>${checkTitle(ui, check.id)} ${checkId(ui, check)}</li>`)}</ul>`,
      )
    : html`<p>${ui.text('audit.frontNothing')}</p>`;
  return concatHtml(
    html`<h2 id="front-mode">${ui.text('audit.frontHeading')}</h2>`,
    list,
    html`<p>${richText(ui, 'audit.frontGuide', {}, { link })}</p>`,
  );
}
