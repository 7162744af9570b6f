// The report as markdown (for people and for the page later) and as plain text lines for a terminal.
// Every text from the audited site is read through `inert` again, as a report kept from before the
// checks bounded their texts may hold anything: it cannot steer a terminal, open a tag, or (with its
// brackets escaped) become a markdown link or image in the table and the list.
import { printable } from '../kernel/printable-text.ts';
import type { AuditReport, CheckResult } from './report.ts';

const inert = (text: string): string =>
  printable(text).replace(/\s+/g, ' ').replace(/</g, '‹').replace(/>/g, '›').replace(/\|/g, '\\|');
const cell = (text: string): string => inert(text).replace(/[[\]]/g, '\\$&');
const code = (text: string): string => `\`${inert(text).replace(/`/g, "'")}\``;

function summary(report: AuditReport): string {
  return `Level ${report.level} of 5 (${report.levelName}), score ${report.score}/100, audited ${report.auditedAt}.`;
}

function proof(check: CheckResult): string {
  const e = check.evidence;
  return ` Evidence: ${cell(e.url)} (${e.status ?? 'no answer'})${e.value ? `, ${code(e.value)}` : ''}.`;
}

export function reportMarkdown(report: AuditReport): string {
  const rows = report.checks.map((check) => `| ${check.id} | ${check.status} | ${cell(check.message)} |`);
  const toFix = report.checks.filter((check) => check.fix);
  return printable(
    [
      `# Agent readiness of ${cell(report.url)}`,
      '',
      summary(report),
      '',
      '| Check | Status | Finding |',
      '|---|---|---|',
      ...rows,
      ...(toFix.length
        ? [
            '',
            '## To fix',
            '',
            ...toFix.map((check) => `- **${check.id}** (${check.status}): ${cell(check.fix!)}${proof(check)}`),
          ]
        : []),
    ].join('\n'),
  );
}

export function reportTable(report: AuditReport): string {
  const width = Math.max(...report.checks.map((check) => check.id.length));
  return printable(
    [
      `${report.url}  ${summary(report)}`,
      '',
      ...report.checks.map(
        (check) => `${check.status.toUpperCase().padEnd(5)}  ${check.id.padEnd(width)}  ${inert(check.message)}`,
      ),
    ].join('\n'),
  );
}
