// The audit's pages for people, as HTML in the site's layout and as markdown: the form at /audit
// (no script; it posts to its own address) and a kept report at /audits/<id>, which leads to the
// contact form with the audited site filled in. Every text from an audited site is escaped by `html`.
import { maxAuditUrlLength } from '../../../audit/audit-input.ts';
import { reportRetentionDays } from '../../../audit/public-audits.ts';
import {
  contactPrefillPath,
  reportMarkdownPath,
  reportPagePath,
  reportWithLinks,
} from '../../../audit/report-links.ts';
import type { AuditReport, CheckResult } from '../../../audit/report.ts';
import { describeRatePolicy } from '../../../domain/limit-wording.ts';
import { auditPolicy } from '../../../domain/rate-limit/rate-limit.ts';
import { band, pageHead } from '../components.ts';
import type { SiteDeps } from '../deps.ts';
import { concatHtml, html, type Html } from '../../../kernel/html-template.ts';
import { layout } from '../layout.ts';
import { auditFormTool, type FormToolDeps } from '../webmcp.ts';

export const auditPagePath = '/audit';
export const auditMarkdownPath = '/markdown/audit.md';
/** Where the form posts: the fragment moves focus to the error summary of an answer. */
const formAction = `${auditPagePath}#errors`;

/** What a post to the form came back with, when it did not become a report. */
export interface AuditFormProblem {
  message: string;
  url?: string;
}

const statusWords: Record<CheckResult['status'], string> = {
  pass: 'Pass',
  warn: 'Warning',
  fail: 'Fail',
  skip: 'Not offered',
  error: 'Could not check',
};

function auditForm(deps: FormToolDeps, url = '', problem?: AuditFormProblem): Html {
  const tool = auditFormTool(deps);
  const summary = problem
    ? concatHtml(
        html`<div class="notice bad error-summary" id="errors" tabindex="-1" autofocus role="alert">`,
        html`<h2>There is a problem</h2><p><a href="#url">${problem.message}</a></p></div>`,
      )
    : '';
  const label = html`<label for="url">Your site's address <span class="hint" id="url-hint">(for example https://example.com)</span></label>`;
  const invalid = problem ? html` aria-invalid="true"` : '';
  const input = concatHtml(
    html`<input id="url" name="url" type="url" inputmode="url" required maxlength="${maxAuditUrlLength}"`,
    html` aria-describedby="url-hint" value="${url}"${invalid}${tool.param('url')}>`,
  );
  return html`${summary}<form class="enquiry" method="post" action="${formAction}" accept-charset="utf-8"${tool.attributes}>
<div class="field${problem ? ' field-invalid' : ''}">${label}${input}</div>
<button type="submit">Audit my site</button>
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

const intro =
  'We check what AI agents and their auditors read on your site: robots.txt and its AI rules, the sitemap, markdown for agents, llms.txt, API and MCP discovery, A2A, agent skills, WebMCP and structured data. You get a level from 0 to 5, a score and a fix for every gap.';
const terms = `Public sites only (ports 80 and 443). ${describeRatePolicy(auditPolicy)} per visitor. Reports are kept for ${reportRetentionDays} days at their own address, then deleted.`;

/** The form page; with a problem it is the answer to a post that did not become a report. */
export function auditFormHtml(
  deps: Pick<SiteDeps, 'config' | 'content' | 'catalog'>,
  url?: string,
  problem?: AuditFormProblem,
): string {
  const head = pageHead({ eyebrow: 'Free check', title: 'How ready is your site for AI agents?', lead: intro });
  const main = html`${head}${band('', html`<div class="form-card">${auditForm(deps, url, problem)}<p class="hint">${terms}</p></div>`)}`;
  return pageOf(
    deps,
    problem ? 'Error: audit not run' : 'Agent-readiness audit',
    auditPagePath,
    auditMarkdownPath,
    main,
  );
}

export function auditFormMarkdown({ config }: Pick<SiteDeps, 'config'>): string {
  return `# Agent-readiness audit\n\n${intro}\n\n${terms}\n\nPeople use the form at ${config.baseUrl}${auditPagePath}. Agents send \`POST ${config.baseUrl}/agent/audits\` with \`{"url": "https://example.com"}\` (see ${config.baseUrl}/developers).\n`;
}

function checkRow(check: CheckResult): Html {
  const fix = check.fix ? html`<br><span class="hint">Fix: ${check.fix}</span>` : '';
  const status = html`<span class="status status-${check.status}">${statusWords[check.status]}</span>`;
  return html`<tr><td><code>${check.id}</code></td><td>${status}</td><td>${check.message}${fix}</td></tr>`;
}

const tableHead = html`<thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">What we found</th></tr></thead>`;

export function reportHtml(
  deps: Pick<SiteDeps, 'config' | 'content' | 'catalog'>,
  id: string,
  report: AuditReport,
): string {
  const failing = report.checks.filter(
    (check) => check.status === 'fail' || check.status === 'error' || check.status === 'warn',
  ).length;
  const work = failing === 0 ? 'Nothing to fix.' : `${failing} ${failing === 1 ? 'check needs' : 'checks need'} work.`;
  const audited = report.auditedAt.slice(0, 16).replace('T', ' ');
  const lead = `Level ${report.level} of 5 (${report.levelName}), score ${report.score} out of 100. ${work} Audited ${audited} UTC.`;
  const table = concatHtml(
    html`<div class="table-scroll" role="region" aria-label="Checks" tabindex="0">`,
    html`<table><caption>Every check, in the order agents meet them</caption>${tableHead}`,
    html`<tbody>${report.checks.map(checkRow)}</tbody></table></div>`,
  );
  const ask = html`<a class="btn btn-primary" href="${contactPrefillPath(report.url, id)}">Ask us about this report</a>`;
  const next = concatHtml(
    html`<h2 id="help">Want these fixed?</h2><p>Send us this report and we will tell you what to fix first.</p>`,
    html`<p class="actions">${ask}<a class="btn btn-secondary" href="${auditPagePath}">Audit another site</a></p>`,
  );
  const head = pageHead({ eyebrow: 'Agent-readiness report', title: report.url, lead });
  const main = html`${head}${band('', table)}${band('cta', next, 'help')}`;
  return pageOf(deps, `Agent readiness of ${report.url}`, reportPagePath(id), reportMarkdownPath(id), main);
}

/** The report as markdown, with the way to the enquiry. */
export function reportPageMarkdown({ config }: Pick<SiteDeps, 'config'>, id: string, report: AuditReport): string {
  return reportWithLinks(report, id, config.baseUrl);
}
