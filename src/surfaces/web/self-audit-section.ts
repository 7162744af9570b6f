// The "Latest self-audit" section of /developers: the site audited by its own auditor (the drift
// monitor), its level, score and any check that does not pass, and which checks a site without
// their subject skips rather than fails. Made once per self-audit result.
import { passedWhenAbsent, skippedWhenAbsent, checkIds, type AuditReport } from '../../audit/report.ts';
import type { SelfAudit, SelfAuditState } from '../../audit/self-audit.ts';
import { printable } from '../../kernel/printable-text.ts';
import { band } from './components.ts';
import { markdownToHtml } from './html.ts';
import { html } from '../../kernel/html-template.ts';

const code = (id: string): string => `\`${id}\``;

function latest(state: SelfAuditState): string {
  if (state.kind === 'none') return 'The first self-audit is running now; this section shows it once it is done.';
  if (state.kind === 'unreachable') return `The self-audit of ${state.at} could not reach the site's own home page.`;
  return summary(state.report);
}

function summary(report: AuditReport): string {
  const open = report.checks.filter((check) => check.status !== 'pass' && check.status !== 'skip');
  const skipped = report.checks.filter((check) => check.status === 'skip').map((check) => code(check.id));
  return [
    `Level **${report.level} of 5** (${report.levelName}), score **${report.score}/100**, audited ${report.auditedAt}.`,
    open.length === 0
      ? 'Every check passes.'
      : `Not passing:\n\n${open.map((check) => `- ${code(check.id)} (${check.status}): ${printable(check.message).replace(/\s+/g, ' ')}`).join('\n')}`,
    ...(skipped.length ? [`Skipped (nothing to check here): ${skipped.join(', ')}.`] : []),
  ].join('\n\n');
}

/** The section as markdown, for the page's markdown twin and (converted) its HTML. */
export function selfAuditMarkdown(state: SelfAuditState): string {
  const failed = checkIds.filter((id) => !skippedWhenAbsent.includes(id) && !passedWhenAbsent.includes(id));
  return `## Latest self-audit

This site runs its own [agent-readiness audit](/audit) on itself at most once an hour: a check it
fails is a regression. ${latest(state)}

When a site does not offer a check's subject, ${skippedWhenAbsent.map(code).join(', ')} are \`skip\`
(not counted, as the reference scanners leave them out), ${passedWhenAbsent.map(code).join(' and ')} pass (without a robots.txt
every crawler may read the site; without bot rules at its CDN or firewall every agent gets the page) and ${failed.map(code).join(', ')} are \`fail\`.
`;
}

/** The section's HTML and markdown for the current state, each made once per state; `lang` marks its English. */
export function selfAuditSection(
  selfAudit: SelfAudit,
  lang: 'en' | undefined,
): () => { html: string; markdown: string } {
  let made: { state: SelfAuditState; html: string; markdown: string } | undefined;
  return () => {
    const state = selfAudit.latest();
    if (made?.state !== state) {
      const markdown = selfAuditMarkdown(state);
      made = {
        state,
        markdown,
        html: band(
          '',
          lang
            ? html`<div class="prose" lang="${lang}">${markdownToHtml(markdown)}</div>`
            : html`<div class="prose">${markdownToHtml(markdown)}</div>`,
        ),
      };
    }
    return made;
  };
}
