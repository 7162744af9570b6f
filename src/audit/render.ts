// The report as markdown (for people and for the page's twin) and as plain text lines for a terminal,
// in the order of the report page: the checks to fix first, with what each costs, its fix and its
// evidence; then what passes; then what the site does not offer; then what front mode would fix.
// Every text from the audited site is read through `inert` again, as a report kept from before the
// checks bounded their texts may hold anything: it cannot steer a terminal, open a tag, or (with its
// brackets escaped) become a markdown link or image in the table and the list.
import type { UiText } from '../domain/language/ui-text.ts';
import { printable } from '../kernel/printable-text.ts';
import type { AuditReport, CheckResult } from './report.ts';
import { checkCost, checkTitle, englishUi, nextLevel, reportLead, reportView } from './report-view.ts';

const inert = (text: string): string =>
  printable(text).replace(/\s+/g, ' ').replace(/</g, '‹').replace(/>/g, '›').replace(/\|/g, '\\|');
const cell = (text: string): string => inert(text).replace(/[[\]]/g, '\\$&');
const code = (text: string): string => `\`${inert(text).replace(/`/g, "'")}\``;

/** The product's own adoption guide, where no page of a running site links it. */
const adoptionGuide = 'docs/adopt.md';

export interface MarkdownOptions {
  /** The words of the report (the site's language); English by default. */
  ui?: UiText;
  /** Where the adoption guide is read (the site's own page of it); the product's guide by default. */
  guide?: string;
}

function evidence(ui: UiText, check: CheckResult): string {
  const e = check.evidence;
  const status = e.status === null ? ui.text('audit.evidenceNoAnswer') : String(e.status);
  return `${cell(e.url)} (${status})${e.value ? `, ${code(e.value)}` : ''}`;
}

function toFixEntry(ui: UiText, check: CheckResult): string[] {
  const cost = checkCost(ui, check.id);
  return [
    `### ${ui.text(`audit.status.${check.status}`)}: ${checkTitle(ui, check.id)} (\`${check.id}\`)`,
    '',
    ...(cost ? [`- ${ui.text('audit.costLabel')}: ${cost}`] : []),
    `- ${ui.text('audit.foundLabel')}: ${cell(check.message)}`,
    ...(check.fix ? [`- ${ui.text('audit.fixLabel')}: ${cell(check.fix)}`] : []),
    `- ${ui.text('audit.evidence')}: ${evidence(ui, check)}`,
    '',
  ];
}

const listed = (ui: UiText, check: CheckResult): string =>
  `- ${checkTitle(ui, check.id)} (\`${check.id}\`): ${cell(check.message)}`;

function frontSection(ui: UiText, fixed: CheckResult[], guide: string): string[] {
  const link = (chunks: string[]): string => `[${chunks.join('')}](${guide})`;
  return [
    `## ${ui.text('audit.frontHeading')}`,
    '',
    fixed.length ? ui.text('audit.frontIntro', { count: fixed.length }) : ui.text('audit.frontNothing'),
    ...(fixed.length ? ['', ...fixed.map((check) => `- ${checkTitle(ui, check.id)} (\`${check.id}\`)`)] : []),
    '',
    ui.parts<string>('audit.frontGuide', { link }).join(''),
  ];
}

export function reportMarkdown(report: AuditReport, options: MarkdownOptions = {}): string {
  const ui = options.ui ?? englishUi;
  const view = reportView(report);
  const section = (heading: string, lines: string[]): string[] =>
    lines.length ? [`## ${heading}`, '', ...lines, ''] : [];
  return printable(
    [
      `# ${ui.text('audit.reportTitle', { url: cell(report.url) })}`,
      '',
      reportLead(ui, report),
      '',
      nextLevel(ui, report.level),
      '',
      ...section(
        ui.text('audit.toFix', { count: view.toFix.length }),
        view.toFix.flatMap((check) => toFixEntry(ui, check)),
      ),
      ...section(
        ui.text('audit.passed', { count: view.passed.length }),
        view.passed.map((check) => listed(ui, check)),
      ),
      ...section(
        ui.text('audit.skipped', { count: view.skipped.length }),
        view.skipped.length ? [ui.text('audit.skippedIntro'), '', ...view.skipped.map((c) => listed(ui, c))] : [],
      ),
      ...frontSection(ui, view.fixedByFront, options.guide ?? adoptionGuide),
    ]
      .join('\n')
      .replace(/\n{3,}/g, '\n\n'),
  );
}

/** The report for a terminal: the summary, then one line per check, those to fix first. */
export function reportTable(report: AuditReport): string {
  const view = reportView(report);
  const width = Math.max(...report.checks.map((check) => check.id.length));
  return printable(
    [
      `${report.url}  ${reportLead(englishUi, report)}`,
      '',
      ...[...view.toFix, ...view.passed, ...view.skipped].map(
        (check) => `${check.status.toUpperCase().padEnd(5)}  ${check.id.padEnd(width)}  ${inert(check.message)}`,
      ),
    ].join('\n'),
  );
}
