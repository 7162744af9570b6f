// A kept report's pages are rendered once, on first view, and served from the response cache after
// (a change to the stored row is not read again), never past the report's expiry; and they spend
// the caller's read budget like the API's reads, with the RateLimit headers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { insertAuditReport } from '../../../src/store/audit-reports.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';

const report = (message: string) =>
  JSON.stringify({
    url: 'https://example.com/',
    auditedAt: '2026-11-27T10:00:00.000Z',
    level: 0,
    levelName: 'Not Ready',
    score: 0,
    checks: [
      {
        id: 'robots-txt',
        status: 'fail',
        message,
        evidence: { url: 'https://example.com/robots.txt', status: 404 },
        fix: 'Serve it.',
      },
    ],
  });

describe('the kept report pages', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app?.stop());
  const db = () => app.app.services.store.db;
  const keep = async (id: string, message: string, ms: number): Promise<void> => {
    const now = new Date();
    await insertAuditReport(db(), {
      site: '',
      id,
      body: report(message),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ms).toISOString(),
    });
  };

  it('renders each page once and serves it from the cache after', async () => {
    const id = 'renderedOnceReportId0A';
    await keep(id, 'robots.txt answers 404', 3_600_000);
    const html = await fetch(`${app.baseUrl}/audits/${id}`);
    const markdown = await fetch(`${app.baseUrl}/markdown/audits/${id}.md`);
    const [firstHtml, firstMarkdown] = [await html.text(), await markdown.text()];
    assert.match(firstHtml, /robots\.txt answers 404/);
    assert.match(firstMarkdown, /robots\.txt answers 404/);
    await db()
      .updateTable('audit_reports')
      .set({ body: report('changed in the store') })
      .where('id', '=', id)
      .execute();
    assert.equal(await (await fetch(`${app.baseUrl}/audits/${id}`)).text(), firstHtml);
    assert.equal(await (await fetch(`${app.baseUrl}/markdown/audits/${id}.md`)).text(), firstMarkdown);
    // The other form of the same report was not rendered yet: it reads the store as it is now.
    const twin = await fetch(`${app.baseUrl}/audits/${id}`, { headers: { accept: 'text/markdown' } });
    assert.equal(await twin.text(), firstMarkdown, 'the markdown page by Accept is the kept markdown');
  });

  it('stops serving a kept page once its report has expired', async () => {
    const id = 'expiringReportId00000A';
    await keep(id, 'robots.txt answers 404', 1_500);
    assert.equal((await fetch(`${app.baseUrl}/audits/${id}`)).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    assert.equal((await fetch(`${app.baseUrl}/audits/${id}`)).status, 404);
  });

  it('spends the read budget, with the RateLimit headers, on found and unknown reports', async () => {
    for (const path of ['/audits/renderedOnceReportId0A', '/audits/noSuchReportId000000A1', '/markdown/audits/x.md']) {
      const response = await fetch(`${app.baseUrl}${path}`);
      assert.match(response.headers.get('ratelimit-policy') ?? '', /"general-minute"/, path);
      assert.match(response.headers.get('ratelimit') ?? '', /"general-minute";r=\d+/, path);
    }
  });
});
