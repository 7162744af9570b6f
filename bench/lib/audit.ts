// The agent-readiness audit's cost, run in this process with the code every surface uses: the
// audit of a local site that passes every check (the benched server itself: 20 checks, an MCP and an
// A2A connection) one after another for p50 and p99, then 20 audits at once with this process's
// memory sampled, which the fetcher's limits (2 MiB a response, 8 MiB an audit) are meant to bound
// (peak RSS, and its growth per audit); then health while a server audits hostile sites
// (hostile-audits.ts).
import { operatorPolicy } from '../../src/audit/fetch/address-policy.ts';
import { auditSite } from '../../src/audit/run-audit.ts';
import { measureHealthUnderHostileAudits } from './hostile-audits.ts';

export const auditKey = 'audit';
const sequential = 20;
const atOnce = 20;
const mb = (bytes: number): number => bytes / 1024 / 1024;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measureAudit(baseUrl: string, log: (line: string) => void): Promise<Record<string, number>> {
  const failed = new Set<string>();
  const audit = async (): Promise<number> => {
    const started = performance.now();
    const report = await auditSite(`${baseUrl}/`, { policy: operatorPolicy });
    // A check that does not pass (e.g. a connection refused by a spent budget) makes a shorter audit: said, not hidden.
    for (const check of report.checks) if (check.status !== 'pass' && check.status !== 'skip') failed.add(check.id);
    return performance.now() - started;
  };
  await audit();
  const times: number[] = [];
  for (let i = 0; i < sequential; i += 1) times.push(await audit());
  times.sort((a, b) => a - b);
  global.gc?.();
  const base = process.memoryUsage();
  const peak = { rss: base.rss, heap: base.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  }, 10);
  const started = performance.now();
  await Promise.all(Array.from({ length: atOnce }, audit));
  const wall = performance.now() - started;
  clearInterval(sampler);
  const figures = {
    [`audit of the local site, one at a time, p50 of ${sequential} (ms)`]: percentile(times, 50),
    [`audit of the local site, one at a time, p99 of ${sequential} (ms)`]: percentile(times, 99),
    [`${atOnce} audits at once, wall time (ms)`]: wall,
    [`${atOnce} audits at once, auditor's peak RSS (MB)`]: mb(peak.rss),
    [`${atOnce} audits at once, auditor's peak RSS growth (MB)`]: mb(peak.rss - base.rss),
    [`${atOnce} audits at once, auditor's RSS growth per audit (MB)`]: mb(peak.rss - base.rss) / atOnce,
    [`${atOnce} audits at once, auditor's peak heap growth (MB)`]: mb(peak.heap - base.heapUsed),
  };
  const passed = failed.size === 0;
  log(
    `${passed ? '✓' : '✗'} audit: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, ${atOnce} at once peak RSS ${mb(peak.rss).toFixed(0)} MB (+${(mb(peak.rss - base.rss) / atOnce).toFixed(1)} MB an audit), peak heap +${mb(peak.heap - base.heapUsed).toFixed(1)} MB${passed ? '' : ` (not passing: ${[...failed].join(', ')})`}`,
  );
  return { ...figures, ...(await measureHealthUnderHostileAudits(log)) };
}
