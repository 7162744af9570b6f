// `agentsite audit <url> [--format json|markdown|table]`: the agent-readiness audit of a site, run
// by the operator on their own machine, so any address may be audited (operator mode). Needs no
// database or configuration. Exit 0 when no check fails, 1 when one does, 2 on a bad URL or an
// unreachable site.
import { FetchRefused } from '../../audit/fetch/errors.ts';
import { operatorPolicy } from '../../audit/fetch/address-policy.ts';
import { reportMarkdown, reportTable } from '../../audit/render.ts';
import { printable } from '../../kernel/printable-text.ts';
import { auditSite, SiteUnreachable } from '../../audit/run-audit.ts';

const auditFormats = ['json', 'markdown', 'table'] as const;

export interface AuditCommandContext {
  args: string[];
  format: string | undefined;
  out(text: string): void;
  err(text: string): void;
}

/** Throws `usageError` for a missing URL or an unknown format (exit 2 through the CLI's usage path). */
export async function auditCommand(
  { args, format = 'table', out, err }: AuditCommandContext,
  usageError: new (message: string) => Error,
): Promise<number> {
  if (args.length !== 1) throw new usageError('audit takes one URL, e.g. agentsite audit https://example.com');
  if (!(auditFormats as readonly string[]).includes(format))
    throw new usageError(`--format must be json, markdown or table, got "${printable(format).slice(0, 40)}"`);
  // A bare host name is read as an https site, as a browser's address bar does.
  const url = /^[a-z][a-z0-9+.-]*:/i.test(args[0]!) ? args[0]! : `https://${args[0]}`;
  let report: Awaited<ReturnType<typeof auditSite>>;
  try {
    report = await auditSite(url, { policy: operatorPolicy });
  } catch (error) {
    if (!(error instanceof FetchRefused || error instanceof SiteUnreachable)) throw error;
    err(printable(`agentsite: ${error.message}`));
    return 2;
  }
  out(
    format === 'json'
      ? printable(JSON.stringify(report, null, 2))
      : format === 'markdown'
        ? reportMarkdown(report)
        : reportTable(report),
  );
  return report.checks.some((check) => check.status === 'fail') ? 1 : 0;
}
