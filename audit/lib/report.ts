// The audit's outputs: a table of page × form factor × category on stdout, and every run's full
// Lighthouse report as JSON under audit-results/<timestamp>/ (git-ignored).
import fs from 'node:fs';
import path from 'node:path';
import { agenticCategory, scoredCategories, type PageAudit } from './lighthouse.ts';

const columns = [...scoredCategories, agenticCategory];
const headings: Record<string, string> = {
  performance: 'Perf',
  accessibility: 'A11y',
  'best-practices': 'Best pr.',
  seo: 'SEO',
  [agenticCategory]: 'Agentic',
};

export function table(audits: readonly PageAudit[]): string {
  const rows = audits.map((a) => [
    a.path,
    a.formFactor,
    ...columns.map((id) => String(a.scores[id] ?? '–')),
    String(a.runs),
  ]);
  const head = ['page', 'form factor', ...columns.map((id) => headings[id] ?? id), 'runs'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/**
 * Whether robots-txt's only findings are the Agentmap and Content-Usage lines: Lighthouse 13.5 knows
 * neither directive (its own ARD gatherer reads Agentmap), so they cost SEO about 8 points while the
 * robots.txt is as its standards ask.
 */
export function onlyNewerDirectives(details: unknown): boolean {
  const items = (details as { items?: { line?: string; message?: string }[] } | undefined)?.items ?? [];
  return (
    items.length > 0 &&
    items.every((item) => item.message === 'Unknown directive' && /^(Agentmap|Content-Usage):/.test(item.line ?? ''))
  );
}

/** The weighted audits of a category that did not pass, but robots-txt's findings on the newer directives. */
export function failingAudits(audit: PageAudit, category: string): string[] {
  return (audit.lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (audit.lhr.audits[ref.id]?.score ?? 1) < 1)
    .filter((ref) => !(ref.id === 'robots-txt' && onlyNewerDirectives(audit.lhr.audits[ref.id]?.details)))
    .map((ref) =>
      `${ref.id} ${audit.lhr.audits[ref.id]!.score} ${audit.lhr.audits[ref.id]!.displayValue ?? ''}`.trim(),
    );
}

/**
 * What keeps a page from the audit's bar: a held category under 100 (SEO only for a failing audit
 * other than robots-txt's newer directives), or an Agentic Browsing problem.
 */
export function shortfalls(audit: PageAudit): string[] {
  const low = scoredCategories
    .filter(
      (id) =>
        audit.scores[id] !== 100 && (id !== 'seo' || audit.scores[id] === null || failingAudits(audit, id).length > 0),
    )
    .map((id) => `${id} ${audit.scores[id] ?? 'unscored'}`);
  return [...low, ...audit.agenticProblems];
}

/** Writes each report as <page>-<form factor>.json; returns the folder. */
export function writeReports(root: string, audits: readonly PageAudit[]): string {
  const dir = path.join(root, 'audit-results', new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  for (const audit of audits) {
    const name = audit.path === '/' ? 'home' : audit.path.slice(1).replace(/\//g, '--');
    fs.writeFileSync(path.join(dir, `${name}-${audit.formFactor}.json`), JSON.stringify(audit.lhr));
  }
  return dir;
}
