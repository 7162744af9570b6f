// `agentsite audit <url> [--format json|markdown|table] [--fail-under <score>] [--language en|de]`: the agent-readiness
// audit of a site, run by the operator on their own machine, so any address may be audited (operator
// mode). Needs no database or configuration. Exit 0 when no check fails, 1 when one does (with
// --fail-under: when the score is below it, whatever single checks do, as a CI gate wants), 2 on a
// bad URL or option or an unreachable site.
import { FetchRefused } from '../../audit/fetch/errors.ts';
import { operatorPolicy } from '../../audit/fetch/address-policy.ts';
import { reportMarkdown, reportTable } from '../../audit/render.ts';
import { printable } from '../../kernel/printable-text.ts';
import { createUiText } from '../../domain/language/ui-text.ts';
import { auditSite } from '../../audit/run-audit.ts';
import { SiteUnreachable } from '../../audit/site-unreachable.ts';

const auditFormats = ['json', 'markdown', 'table'] as const;
/** The languages the product writes a report in. */
const auditLanguages = ['en', 'de'];

export interface AuditCommandContext {
  args: string[];
  format: string | undefined;
  /** `--fail-under`, as typed: a score from 0 to 100. */
  failUnder?: string | undefined;
  /** `--language`: the findings' language and the markdown's (English by default). */
  language?: string | undefined;
  out(text: string): void;
  err(text: string): void;
}

/** Throws `usageError` for a missing URL, an unknown format or a bad score (exit 2 through the CLI's usage path). */
export async function auditCommand(
  { args, format = 'table', failUnder, language = 'en', out, err }: AuditCommandContext,
  usageError: new (message: string) => Error,
): Promise<number> {
  if (args.length !== 1) throw new usageError('audit takes one URL, e.g. agentsite audit https://example.com');
  if (!(auditFormats as readonly string[]).includes(format))
    throw new usageError(`--format must be json, markdown or table, got "${printable(format).slice(0, 40)}"`);
  if (!auditLanguages.includes(language))
    throw new usageError(`--language must be en or de, got "${printable(language).slice(0, 40)}"`);
  const threshold = failUnder === undefined ? undefined : scoreThreshold(failUnder, usageError);
  // A bare host name is read as an https site, as a browser's address bar does.
  const url = /^[a-z][a-z0-9+.-]*:/i.test(args[0]!) ? args[0]! : `https://${args[0]}`;
  let report: Awaited<ReturnType<typeof auditSite>>;
  try {
    report = await auditSite(url, { policy: operatorPolicy, language });
  } catch (error) {
    if (!(error instanceof FetchRefused || error instanceof SiteUnreachable)) throw error;
    err(printable(`agentsite: ${error.message}`));
    return 2;
  }
  out(
    format === 'json'
      ? printable(JSON.stringify(report, null, 2))
      : format === 'markdown'
        ? reportMarkdown(report, { ui: createUiText(language) })
        : reportTable(report),
  );
  if (threshold === undefined) return report.checks.some((check) => check.status === 'fail') ? 1 : 0;
  if (report.score >= threshold) return 0;
  err(`agentsite: score ${report.score} is below --fail-under ${threshold}`);
  return 1;
}

/** `--fail-under`'s value as a number from 0 to 100 (decimals allowed), or a usage error naming what came. */
function scoreThreshold(value: string, usageError: new (message: string) => Error): number {
  const score = /^\d{1,3}(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(score >= 0 && score <= 100))
    throw new usageError(`--fail-under must be a score from 0 to 100, got "${printable(value).slice(0, 40)}"`);
  return score;
}
