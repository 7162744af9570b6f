// A kept report with every status in it (fail, error, warn, pass, skip), stored through the store's own
// insert so the report pages read it as they read any audit's, and its id to ask for it with.
import { levelOf, scoreOf } from '../../src/audit/ladder.ts';
import { checkIds, levelNames, type AuditReport, type CheckId, type CheckStatus } from '../../src/audit/report.ts';
import { insertAuditReport } from '../../src/store/audit-reports.ts';
import type { TestApp } from '../helpers/app.ts';

/** The statuses of the checks named; every other check fails. */
const statuses: Partial<Record<CheckId, CheckStatus>> = {
  'robots-txt': 'pass',
  'robots-ai-rules': 'warn',
  sitemap: 'pass',
  'markdown-negotiation': 'error',
  'api-catalog': 'error',
  openapi: 'skip',
  'mcp-connect': 'skip',
  'a2a-connect': 'skip',
  webmcp: 'skip',
  'json-ld': 'warn',
  'web-bot-auth': 'skip',
  ard: 'skip',
};

export function mixedReport(url = 'https://prospect.example/'): AuditReport {
  const checks = checkIds.map((id) => {
    const status = statuses[id] ?? 'fail';
    const open = status !== 'pass' && status !== 'skip';
    return {
      id,
      status,
      message: `${id} found ${status}`,
      evidence: { url: `${url}${id}`, status: status === 'error' ? null : 404, value: `value of ${id}` },
      fix: open ? `Fix ${id} this way.` : null,
    };
  });
  const level = levelOf(checks);
  return {
    url,
    auditedAt: '2026-11-20T09:30:00.000Z',
    level,
    levelName: levelNames[level]!,
    score: scoreOf(checks),
    checks,
  };
}

let kept = 0;

/** Keeps `report` in the app's store for an hour; its id. */
export async function keepReport(app: TestApp, report: AuditReport): Promise<string> {
  const id = `mixedReportFixture${String(++kept).padStart(4, '0')}`;
  const now = new Date();
  await insertAuditReport(app.app.services.store.db, {
    site: '',
    id,
    body: JSON.stringify(report),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
  });
  return id;
}
