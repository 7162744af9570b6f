// Lighthouse 13 on a kept readiness report with failures, passes and skips, in Debian's Chromium, as
// `npm run lighthouse` runs it: Accessibility and Best Practices at 100 on a phone and a desktop, every
// SEO audit passed but the one a private, noindex page refuses on purpose, no visible layout shift. The report is of a local site audited through the /audit form. Performance
// is a timing on a shared host and is measured on its own, not here. Skips when chromium is absent.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { chromeMissing } from '../../audit/lib/chromium.ts';
import { auditPage, formFactors, scoredCategories } from '../../audit/lib/lighthouse.ts';
import { failingAudits } from '../../audit/lib/report.ts';
import { startAuditedServer, type AuditedServer } from '../../audit/lib/server.ts';
import type { RecordingServer } from '../domain/audit/recording-server.ts';
import { goodLayoutShift } from '../helpers/perceived.ts';
import { mixedSite } from './report-site.ts';

describe('Lighthouse on a readiness report', { skip: chromeMissing }, () => {
  let server: AuditedServer;
  let site: RecordingServer;
  let reportPath = '';
  before(async () => {
    site = await mixedSite();
    server = await startAuditedServer(30_000, { AUDIT_ALLOW_HOSTS: '127.0.0.1' });
    const posted = await fetch(`${server.baseUrl}/audit`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ url: site.url }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
    });
    assert.equal(posted.status, 303);
    reportPath = (posted.headers.get('location') ?? '').replace(/#.*$/, '');
    const page = await (await fetch(`${server.baseUrl}${reportPath}`)).text();
    for (const part of ['finding finding-fail', 'id="passed"', 'id="skipped"', 'id="front-mode"'])
      assert.ok(page.includes(part), `the report has ${part}`);
  });
  after(async () => {
    await server?.stop();
    await site?.close();
  });

  for (const formFactor of formFactors) {
    it(`scores the report (${formFactor}) 100 in every category but Performance, with no visible layout shift`, async () => {
      const audit = await auditPage(server.baseUrl, reportPath, formFactor, { remeasurePerformance: false });
      const shift = audit.lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.POSITIVE_INFINITY;
      assert.ok(
        shift <= goodLayoutShift,
        `cumulative layout shift ${shift} is a visible shift (over ${goodLayoutShift})`,
      );
      for (const category of scoredCategories.filter((id) => id !== 'performance')) {
        // A report is private (its address goes only to whoever ran the audit) and answers
        // `X-Robots-Tag: noindex`: the one SEO audit that asks a page to be indexed is refused on purpose.
        const refused = category === 'seo' ? ['is-crawlable 0'] : [];
        assert.deepEqual(failingAudits(audit, category), refused, category);
        if (category !== 'seo') assert.equal(audit.scores[category], 100, category);
      }
    });
  }
});
