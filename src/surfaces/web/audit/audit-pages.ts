// The audit's pages for people, as HTML in the site's layout and as markdown: the form at /audit
// (no script; it posts to its own address) and a kept report at /audits/<id>, which leads to the
// contact form with the audited site filled in; the report's sections are in report-summary.ts and
// report-findings.ts. Every text from an audited site is escaped by `html`.
import { maxAuditUrlLength } from '../../../audit/audit-input.ts';
import { reportRetentionDays } from '../../../audit/public-audits.ts';
import {
  adoptionGuidePath,
  contactPrefillPath,
  reportMarkdownPath,
  reportPagePath,
  reportWithLinks,
} from '../../../audit/report-links.ts';
import type { AuditReport } from '../../../audit/report.ts';
import { reportLead, reportView } from '../../../audit/report-view.ts';
import type { UiText } from '../../../domain/language/ui-text.ts';
import { ratePolicyInWords } from '../limits-in-words.ts';
import { richText } from '../rich-text.ts';
import { auditPolicy } from '../../../domain/rate-limit/rate-limit.ts';
import { band, pageHead } from '../components.ts';
import type { SiteDeps } from '../deps.ts';
import { concatHtml, html, type Html } from '../../../kernel/html-template.ts';
import { layout } from '../layout.ts';
import { auditFormTool, type FormToolDeps } from '../webmcp.ts';
import { frontModeSection, passedSection, skippedSection, toFixSection } from './report-findings.ts';
import { reportSummary } from './report-summary.ts';

export const auditPagePath = '/audit';
export const auditMarkdownPath = '/markdown/audit.md';
/** Where the form posts: the fragment moves focus to the error summary of an answer. */
const formAction = `${auditPagePath}#errors`;

/** What a post to the form came back with, when it did not become a report. */
export interface AuditFormProblem {
  message: string;
  url?: string;
}

type PageDeps = Pick<SiteDeps, 'config' | 'content' | 'catalog'>;

function auditForm(deps: FormToolDeps & { content: { ui: UiText } }, url = '', problem?: AuditFormProblem): Html {
  const tool = auditFormTool(deps);
  const { ui } = deps.content;
  const summary = problem
    ? concatHtml(
        html`<div class="notice bad error-summary" id="errors" tabindex="-1" autofocus role="alert">`,
        html`<h2>${ui.text('audit.problem')}</h2><p><a href="#url">${problem.message}</a></p></div>`,
      )
    : '';
  const hint = (words: Html): Html => html`<span class="hint" id="url-hint">${words}</span>`;
  const label = html`<label for="url">${richText(ui, 'audit.urlLabel', {}, { hint })}</label>`;
  const invalid = problem ? html` aria-invalid="true"` : '';
  const input = concatHtml(
    html`<input id="url" name="url" type="url" inputmode="url" required maxlength="${maxAuditUrlLength}"`,
    html` aria-describedby="url-hint" value="${url}"${invalid}${tool.param('url')}>`,
  );
  return html`${summary}<form class="enquiry" method="post" action="${formAction}" accept-charset="utf-8"${tool.attributes}>
<div class="field${problem ? ' field-invalid' : ''}">${label}${input}</div>
<button type="submit">${ui.text('audit.submit')}</button>
</form>`;
}

function pageOf(
  deps: Pick<SiteDeps, 'config' | 'content' | 'catalog'>,
  title: string,
  path: string,
  markdownUrl: string,
  main: Html,
): string {
  const { config, content } = deps;
  return layout({
    content,
    catalog: deps.catalog,
    title: `${title} · ${content.site.brandName}`,
    description: title,
    canonical: `${config.baseUrl}${path}`,
    markdownUrl: `${config.baseUrl}${markdownUrl}`,
    path,
    main,
    designed: true,
  });
}

const terms = (ui: UiText): string =>
  ui.text('audit.terms', { policy: ratePolicyInWords(ui, auditPolicy), days: reportRetentionDays });

/** The form page; with a problem it is the answer to a post that did not become a report. */
export function auditFormHtml(deps: PageDeps, url?: string, problem?: AuditFormProblem): string {
  const { ui } = deps.content;
  const head = pageHead({
    eyebrow: ui.text('audit.eyebrow'),
    title: ui.text('audit.title'),
    lead: ui.text('audit.intro'),
  });
  const card = html`<div class="form-card">${auditForm(deps, url, problem)}<p class="hint">${terms(ui)}</p></div>`;
  const main = html`${head}${band('', card)}`;
  return pageOf(
    deps,
    ui.text(problem ? 'audit.errorTitle' : 'audit.pageTitle'),
    auditPagePath,
    auditMarkdownPath,
    main,
  );
}

export function auditFormMarkdown({ config, content }: Pick<SiteDeps, 'config' | 'content'>): string {
  const { ui } = content;
  const use = ui.text('audit.markdownUse', {
    form: `${config.baseUrl}${auditPagePath}`,
    api: `${config.baseUrl}/agent/audits`,
    example: '{"url": "https://example.com"}',
    developers: `${config.baseUrl}/developers`,
  });
  return `# ${ui.text('audit.pageTitle')}\n\n${ui.text('audit.intro')}\n\n${terms(ui)}\n\n${use}\n`;
}

export function reportHtml(deps: PageDeps, id: string, report: AuditReport): string {
  const { ui } = deps.content;
  const view = reportView(report);
  const ask = html`<a class="btn btn-primary" href="${contactPrefillPath(report.url, id)}">${ui.text('audit.ask')}</a>`;
  const another = html`<a class="btn btn-secondary" href="${auditPagePath}">${ui.text('audit.another')}</a>`;
  const next = concatHtml(
    html`<h2 id="help">${ui.text('audit.wantFixed')}</h2><p>${ui.text('audit.sendReport')}</p>`,
    html`<p class="actions">${ask}${another}</p>`,
  );
  const head = pageHead({ eyebrow: ui.text('audit.reportEyebrow'), title: report.url, lead: reportLead(ui, report) });
  const findings = concatHtml(toFixSection(ui, view), passedSection(ui, view), skippedSection(ui, view));
  const main = concatHtml(
    head,
    band('report-top', reportSummary(ui, report), 'level'),
    band('report-body', findings),
    band('alt', frontModeSection(ui, view, adoptionGuidePath), 'front-mode'),
    band('cta', next, 'help'),
  );
  const title = ui.text('audit.reportTitle', { url: report.url });
  return pageOf(deps, title, reportPagePath(id), reportMarkdownPath(id), main);
}

/** The report as markdown, with the way to the enquiry. */
export function reportPageMarkdown(
  { config, content }: Pick<SiteDeps, 'config' | 'content'>,
  id: string,
  report: AuditReport,
): string {
  return reportWithLinks(report, id, config.baseUrl, content.ui);
}
