// Shared by the audit tests: the policy that lets an audit reach loopback fixtures (as
// AUDIT_ALLOW_HOSTS would), a port nothing listens on, and a report's statuses by check id.
import { parseAllowList, publicPolicy } from '../../../src/audit/fetch/address-policy.ts';
import type { AuditReport, CheckId, CheckStatus } from '../../../src/audit/report.ts';
import { freePort } from '../../helpers/free-port.ts';

export const loopbackAllowed = publicPolicy(parseAllowList(['127.0.0.0/8', '::1']));

/** A loopback port that was free a moment ago: a connection to it is refused. */
export const deadPort = freePort;

export function statuses(report: AuditReport): Record<CheckId, CheckStatus> {
  return Object.fromEntries(report.checks.map((check) => [check.id, check.status])) as Record<CheckId, CheckStatus>;
}

/** The ids whose status is not `pass`, with their message: what an assertion prints when it fails. */
export function notPassing(report: AuditReport): string[] {
  return report.checks
    .filter((check) => check.status !== 'pass')
    .map((check) => `${check.id} ${check.status}: ${check.message}`);
}
