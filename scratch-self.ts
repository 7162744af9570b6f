import { startOwnSite } from '/work/wt/audit/test/domain/audit/own-site.ts';
import { auditSite } from '/work/wt/audit/src/domain/audit/run-audit.ts';
import { publicPolicy, parseAllowList } from '/work/wt/audit/src/domain/audit/fetch/address-policy.ts';
const site = await startOwnSite();
try {
  const t = Date.now();
  const report = await auditSite(site.baseUrl + '/', { policy: publicPolicy(parseAllowList(['127.0.0.0/8'])) });
  console.log(Date.now() - t, 'ms');
  for (const c of report.checks) console.log(c.id, c.status, c.message, c.evidence?.value ?? '');
  console.log(report.level, report.levelName, report.score);
} finally { await site.stop(); }
