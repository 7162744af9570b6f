// One deployment, many sites: rows written while serving one site are that site's, and nothing
// another site's requests read can see or spend them, on the back-end chosen by AGENTSITE_TEST_STORE:
// enquiries, Idempotency-Key replays, A2A tasks, audit reports, agent insight and rate-limit budgets.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createPublicAudits } from '../../src/audit/public-audits.ts';
import { loadConfig, type Config } from '../../src/config/config.ts';
import type { Caller } from '../../src/domain/callers/caller.ts';
import { isRecordedEnquiry } from '../../src/domain/enquiries/recorded.ts';
import { submitEnquiry } from '../../src/domain/enquiries/submit.ts';
import { createInsight } from '../../src/domain/insight/recorder.ts';
import { contactPolicy, createRateLimiter } from '../../src/domain/rate-limit/rate-limit.ts';
import { siteBudgets } from '../../src/domain/rate-limit/site-budgets.ts';
import { runInSite } from '../../src/domain/sites/site-scope.ts';
import { createTaskRecords } from '../../src/domain/tasks/task-records.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { visitSums } from '../../src/store/analytics-queries.ts';
import { insertAuditReport } from '../../src/store/audit-reports.ts';
import { listDeliveries, listEnquiries } from '../../src/store/operator.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';
import { mixedReport } from '../audit/report-fixture.ts';

const logger = createLogger('silent');
const caller: Caller = { kind: 'declared-agent', family: 'OpenAI', purpose: 'user-fetch', verified: false };
const enquiry = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline growth.',
  topic: 'general',
};

describe('sites kept apart in storage', () => {
  let store: Store;
  let config: Config;

  before(async () => {
    config = loadConfig({
      DATABASE_URL: await freshDatabaseUrl(),
      CRM_WEBHOOK_URL: 'http://127.0.0.1:2/hook',
      CRM_WEBHOOK_SECRET: 'whsec_dGVzdHNlY3JldA==',
    });
    store = await openStore(config.database);
  });
  after(() => store.close());

  const submit = (site: string, key: string, client: string) =>
    runInSite(site, () =>
      submitEnquiry(
        { config, logger, db: store.db, rateLimiter: createRateLimiter(store.db) },
        { input: enquiry, client, idempotencyKey: key, channel: 'rest', kind: 'enquiry' },
      ),
    );

  it('lists, confirms and delivers an enquiry for its own site only, and replays a key only there', async () => {
    await awayFromMinuteBoundary();
    const a = await submit('a.example', 'same-key', '192.0.2.1');
    const b = await submit('b.example', 'same-key', '192.0.2.1');
    assert.equal(b.replayed, false, 'the same key on another site is another request');
    assert.notEqual(a.accepted.reference, b.accepted.reference);
    const again = await submit('a.example', 'same-key', '192.0.2.1');
    assert.equal(again.replayed, true);
    assert.equal(again.accepted.reference, a.accepted.reference);

    const listed = await listEnquiries(store.db, undefined, 10, 'a.example');
    assert.deepEqual(
      listed.map((row) => [row.site, row.reference]),
      [['a.example', a.accepted.reference]],
    );
    assert.equal(await runInSite('b.example', () => isRecordedEnquiry(store.db, a.accepted.reference)), false);
    assert.equal(await runInSite('a.example', () => isRecordedEnquiry(store.db, a.accepted.reference)), true);
    assert.equal(await isRecordedEnquiry(store.db, a.accepted.reference), false, 'nor from the single site');
    const deliveries = await listDeliveries(store.db, 'pending', 10, 'b.example');
    assert.deepEqual(
      deliveries.map((row) => [row.site, row.enquiry_reference]),
      [['b.example', b.accepted.reference]],
    );
  });

  it('finds and lists an A2A task on the site that created it only', async () => {
    const tasks = createTaskRecords({ db: store.db, logger, retentionHours: 24 });
    try {
      const statusAt = new Date().toISOString();
      const task = { id: 'task-a', contextId: 'ctx', state: 'TASK_STATE_COMPLETED', statusAt, requestDigest: 'd' };
      await runInSite('a.example', () => tasks.save({ ...task, body: { id: 'task-a' } }));
      // The same message sent to another site makes that site's own task.
      await runInSite('b.example', () => tasks.save({ ...task, id: 'task-b', body: { id: 'task-b' } }));
      assert.deepEqual(await runInSite('a.example', () => tasks.find('task-a')), { id: 'task-a' });
      assert.equal(await runInSite('b.example', () => tasks.find('task-a')), undefined);
      assert.equal(await tasks.find('task-a'), undefined);
      assert.deepEqual(await runInSite('b.example', () => tasks.findByRequest('d')), { id: 'task-b' });
      const listed = await runInSite('b.example', () => tasks.list({ contextId: 'ctx', pageSize: 10 }));
      assert.deepEqual(listed.tasks, [{ id: 'task-b' }]);
      assert.equal(listed.total, 1);
    } finally {
      tasks.close();
    }
  });

  it('reads an audit report back on the site it was run on only', async () => {
    const audits = createPublicAudits({
      db: store.db,
      rateLimiter: createRateLimiter(store.db),
      logger,
      allowHosts: [],
    });
    try {
      const id = randomBytes(16).toString('base64url');
      const now = new Date();
      await insertAuditReport(store.db, {
        site: 'a.example',
        id,
        body: JSON.stringify(mixedReport()),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      });
      assert.ok(await runInSite('a.example', () => audits.findKept(id)));
      assert.equal(await runInSite('b.example', () => audits.findKept(id)), undefined);
    } finally {
      audits.close();
    }
  });

  it('counts agent insight per site', async () => {
    const insight = createInsight({ db: store.db, logger, retentionDays: 30, flushMs: 60_000 });
    try {
      for (let i = 0; i < 3; i += 1)
        runInSite('a.example', () => insight.recordVisit({ surface: 'llms', item: '/llms.txt', caller, status: 200 }));
      runInSite('b.example', () => insight.recordVisit({ surface: 'llms', item: '/llms.txt', caller, status: 200 }));
      await insight.flush();
      const day = new Date().toISOString().slice(0, 10);
      const requests = async (site: string) =>
        (await visitSums(store.db, { from: day, to: day, site })).reduce((sum, row) => sum + row.requests, 0);
      assert.equal(await requests('a.example'), 3);
      assert.equal(await requests('b.example'), 1);
      assert.equal(await requests(''), 0);
    } finally {
      await insight.close();
    }
  });

  it("never spends one site's budget on another's requests", async () => {
    await awayFromMinuteBoundary();
    const limiter = siteBudgets(createRateLimiter(store.db));
    const client = '198.51.100.7';
    for (let i = 0; i < 5; i += 1)
      assert.equal((await runInSite('a.example', () => limiter.take(contactPolicy, client))).allowed, true);
    assert.equal((await runInSite('a.example', () => limiter.take(contactPolicy, client))).allowed, false);
    assert.equal((await runInSite('b.example', () => limiter.take(contactPolicy, client))).allowed, true);
    assert.equal((await limiter.take(contactPolicy, client)).allowed, true, 'nor the single site’s');
  });
});
