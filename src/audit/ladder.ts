// The level (isitagentready's 0-5 ladder) and the score of a set of check results. Each level needs
// the one below it; the ladder reads only checks this audit also runs.
import type { CheckId, CheckResult } from './report.ts';

export function levelOf(checks: readonly CheckResult[]): number {
  const passed = new Set(checks.filter((check) => check.status === 'pass').map((check) => check.id));
  const has = (id: CheckId): boolean => passed.has(id);
  const failed = (id: CheckId): boolean => checks.some((check) => check.id === id && check.status === 'fail');
  const count = (ids: CheckId[]): number => ids.filter(has).length;
  const integration: CheckId[] = ['mcp-server-card', 'a2a-agent-card', 'agent-skills', 'api-catalog'];
  const rungs: (() => boolean)[] = [
    () => count(['robots-txt', 'sitemap', 'link-headers']) >= 2,
    // Bot-aware: rules for AI crawlers, terms of use, and an edge that does not refuse what the rules allow.
    () => has('robots-ai-rules') && has('content-signals') && !failed('edge-access'),
    () => has('markdown-negotiation'),
    () => count(integration) >= 1,
    // Two of: Web Bot Auth, all four integration documents, authentication metadata.
    () =>
      [
        has('web-bot-auth'),
        count(integration) === 4,
        has('oauth-protected-resource') || has('oauth-authorization-server'),
      ].filter(Boolean).length >= 2,
  ];
  let level = 0;
  while (level < rungs.length && rungs[level]!()) level += 1;
  return level;
}

/** Percent of the checks that count (not skipped) that pass; a warning counts half. */
export function scoreOf(checks: readonly CheckResult[]): number {
  const counted = checks.filter((check) => check.status !== 'skip');
  if (counted.length === 0) return 0;
  const points = counted.reduce(
    (sum, check) => sum + (check.status === 'pass' ? 1 : check.status === 'warn' ? 0.5 : 0),
    0,
  );
  return Math.round((100 * points) / counted.length);
}
