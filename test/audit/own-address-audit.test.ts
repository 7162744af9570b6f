// The audit of the product's own address: the same result however the address is spelt (127.0.0.1,
// localhost, BASE_URL), and the A2A probe it sends ("What can you do?") is no buyer's question, so
// agent insight records the audit's visits under its own family and no ask of it.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { parseAllowList, publicPolicy } from '../../src/audit/fetch/address-policy.ts';
import { auditorUserAgent } from '../../src/audit/auditor.ts';
import { auditSite } from '../../src/audit/run-audit.ts';
import { auditorFamily } from '../../src/domain/callers/families.ts';
import { callerFromUserAgent } from '../../src/domain/callers/user-agents.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { statuses } from '../domain/audit/audit-helpers.ts';

const policy = publicPolicy(parseAllowList(['127.0.0.0/8', '::1', 'localhost']));

describe("the audit of the product's own address", () => {
  let app: TestApp;
  before(async () => {
    // BASE_URL is http://localhost:<port>, as by default; the service is also reached at 127.0.0.1.
    app = await startTestApp();
  });
  after(() => app?.stop());

  it('gives the same result under 127.0.0.1, localhost and BASE_URL', async () => {
    const { port } = new URL(app.baseUrl);
    const base = app.app.services.config.baseUrl;
    const reports = await Promise.all(
      [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `${base}/`].map((url) => auditSite(url, { policy })),
    );
    const [first, ...others] = reports.map(statuses);
    for (const other of others) assert.deepEqual(other, first);
    // Skipped (the metadata says nothing is protected), not failed: its resource, named by
    // BASE_URL, was read as the site's own under every spelling.
    assert.equal(reports[0]!.checks.find((check) => check.id === 'oauth-protected-resource')?.status, 'skip');
  });

  it('records no ask of the audit, and its visits under its own family', async () => {
    assert.equal(callerFromUserAgent(auditorUserAgent('https://agency.example/developers')).family, auditorFamily);
    await app.app.services.insight.flush();
    const db = app.app.services.store.db;
    const asks = await db.selectFrom('insight_asks').selectAll().execute();
    assert.deepEqual(
      asks.filter((row) => row.family === auditorFamily || /what can you do/i.test(String(row.query))),
      [],
    );
    const visits = await db.selectFrom('insight_visits').selectAll().where('family', '=', auditorFamily).execute();
    assert.ok(visits.length > 0, 'the audit is seen, under its family');
    // The edge check asks as each AI crawler, naming itself too: no crawler's visit is recorded.
    const crawlers = await db
      .selectFrom('insight_visits')
      .select('family')
      .where('family', '!=', auditorFamily)
      .execute();
    assert.deepEqual(
      crawlers.filter((row) => ['OpenAI', 'Anthropic', 'Perplexity', 'Google'].includes(row.family)),
      [],
    );
  });
});
