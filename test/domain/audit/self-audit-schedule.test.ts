// The site's audit of itself: at most one at a time, again once the last is an hour old, and each in
// the language the site's content names when it starts (a content change needs no restart).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { AuditReport } from '../../../src/audit/report.ts';
import { createSelfAudit, selfAuditEveryMs } from '../../../src/audit/self-audit.ts';
import { createLogger } from '../../../src/kernel/logger.ts';

describe("the site's audit of itself", () => {
  it('writes each new audit in the language the content names when that audit starts', async () => {
    let clock = 0;
    let language = 'en';
    const asked: (string | undefined)[] = [];
    const selfAudit = createSelfAudit({
      baseUrl: 'http://127.0.0.1:1',
      logger: createLogger('silent'),
      language: () => language,
      now: () => clock,
      audit: async (_url, inLanguage) => {
        asked.push(inLanguage);
        return { language: inLanguage } as unknown as AuditReport;
      },
    });
    selfAudit.latest();
    await selfAudit.settled();
    language = 'de';
    selfAudit.latest();
    await selfAudit.settled();
    assert.deepEqual(asked, ['en'], 'a second view within the hour starts no audit');
    clock += selfAuditEveryMs;
    selfAudit.latest();
    await selfAudit.settled();
    assert.deepEqual(asked, ['en', 'de']);
    const latest = selfAudit.latest();
    assert.equal(latest.kind === 'report' && (latest.report as unknown as { language: string }).language, 'de');
  });
});
