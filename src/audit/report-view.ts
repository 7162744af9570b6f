// The report as people read it, in every format (the page, its markdown, a terminal): the checks to
// fix first (fail, then error, then warn, each in report order), then what passes, then what the site
// does not offer, and among those to fix the ones front mode would make pass. Also each check's and
// level's words in the site's language; a check id whose words are not in the catalogues yet is
// shown by its id and without a cost, never as an error.
import { createUiText, uiKeys, type UiKey, type UiText } from '../domain/language/ui-text.ts';
import { fixedByFrontMode } from './front-mode-fixes.ts';
import type { AuditReport, CheckId, CheckResult, CheckStatus } from './report.ts';

export interface ReportView {
  /** Failures, then checks that could not run, then warnings. */
  toFix: CheckResult[];
  passed: CheckResult[];
  skipped: CheckResult[];
  /** The checks to fix that importing the site and putting the product in front of it would pass. */
  fixedByFront: CheckResult[];
}

/** What needs attention, most urgent first. */
const attention: readonly CheckStatus[] = ['fail', 'error', 'warn'];

export function reportView(report: AuditReport): ReportView {
  const withStatus = (status: CheckStatus): CheckResult[] => report.checks.filter((check) => check.status === status);
  const toFix = attention.flatMap(withStatus);
  return {
    toFix,
    passed: withStatus('pass'),
    skipped: withStatus('skip'),
    fixedByFront: toFix.filter((check) => fixedByFrontMode.includes(check.id)),
  };
}

/** The report's words for the operator's terminal and the agent protocols, which have no site language. */
export const englishUi: UiText = createUiText('en');

const known = (key: string): key is UiKey => uiKeys.has(key);

/** The check's name for people ("Sitemap", "Markdown for agents"). */
export function checkTitle(ui: UiText, id: CheckId): string {
  const key = `audit.title.${id}`;
  return known(key) ? ui.text(key) : id;
}

/** What failing the check costs the site, in one sentence. */
export function checkCost(ui: UiText, id: CheckId): string | undefined {
  const key = `audit.cost.${id}`;
  return known(key) ? ui.text(key) : undefined;
}

/** A level's name in the site's language (levels 0-5). */
export function levelName(ui: UiText, level: number): string {
  return ui.text(`audit.levelName.${level}` as UiKey);
}

/** What the level above `level` needs, in one sentence (at the top: that it is the top). */
export function nextLevel(ui: UiText, level: number): string {
  return ui.text(`audit.next.${level}` as UiKey);
}

/** The report's summary: level and its name, score, how many checks need work, when. */
export function reportLead(ui: UiText, report: AuditReport): string {
  const count = reportView(report).toFix.length;
  const work = count === 0 ? ui.text('audit.nothingToFix') : ui.text('audit.needWork', { count });
  const audited = report.auditedAt.slice(0, 16).replace('T', ' ');
  const { level, score } = report;
  return ui.text('audit.lead', { level, levelName: levelName(ui, level), score, work, audited });
}
