// One audit check run on its own against a local site, through the audit's own guarded fetcher and
// context: the check's verdict on exactly the documents a test serves, without the other checks' fetches.
import { createAuditFetcher } from '../../src/audit/fetch/guarded-fetch.ts';
import { createContext, type AuditContext } from '../../src/audit/context.ts';
import type { FetchPolicy } from '../../src/audit/fetch/address-policy.ts';
import type { CheckResult } from '../../src/audit/report.ts';
import { loopbackAllowed } from '../domain/audit/audit-helpers.ts';

export async function runCheck(
  check: (ctx: AuditContext) => Promise<CheckResult>,
  homeUrl: string,
  policy: FetchPolicy = loopbackAllowed,
  language = 'en',
): Promise<CheckResult> {
  const fetcher = createAuditFetcher({ policy, userAgent: 'agentsite-audit/test' });
  try {
    return await check(createContext(new URL(homeUrl), fetcher, language));
  } finally {
    await fetcher.close();
  }
}
