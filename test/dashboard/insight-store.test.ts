// Agent insight's recording on both back-ends (AGENTSITE_TEST_STORE): counts written behind in
// batches add into the same rows, the report sums them, and the retention delete removes old rows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Caller } from '../../src/domain/callers/caller.ts';
import { createInsight, type Insight } from '../../src/domain/insight/recorder.ts';
import { buildReport } from '../../src/domain/insight/report.ts';
import { addInsightCounts } from '../../src/store/analytics.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';
import { demoContentDir } from '../../src/config/config.ts';
import { loadContent } from '../../src/domain/content/loader.ts';

const openai: Caller = { kind: 'declared-agent', family: 'OpenAI', purpose: 'user-fetch', verified: false };
const anthropic: Caller = {
  kind: 'verified-agent',
  family: 'Anthropic',
  purpose: 'agent',
  verified: true,
  agentKey: 'https://anthropic.example',
};
const person: Caller = { kind: 'browser', family: 'Browser', purpose: 'unknown', verified: false };
const today = new Date().toISOString().slice(0, 10);

async function openTestStore(): Promise<Store> {
  const url = await freshDatabaseUrl();
  return openStore(
    url.startsWith('sqlite:') ? { kind: 'sqlite', path: url.slice('sqlite:'.length) } : { kind: 'postgres', url },
  );
}

describe('agent insight storage', () => {
  let store: Store;
  let insight: Insight;

  before(async () => {
    store = await openTestStore();
    const { fitCheck } = await loadContent(demoContentDir);
    insight = createInsight({
      db: store.db,
      logger: createLogger('silent'),
      retentionDays: 30,
      flushMs: 60_000,
      outOfFit: (query) => !fitCheck(query).inFit,
    });
    // The recorder's own retention delete at start is done before any test writes rows.
    await insight.purge();
  });
  after(async () => {
    await insight.close();
    await store.close();
  });

  it('adds the counts of successive writes into the same rows and reports their sums', async () => {
    for (let i = 0; i < 3; i += 1)
      insight.recordVisit({ surface: 'page-html', item: '/about', caller: openai, status: 200 });
    insight.recordVisit({ surface: 'mcp', item: 'service_search_case_studies', caller: anthropic, status: 200 });
    insight.recordVisit({ surface: 'page-html', item: '/about', caller: person, status: 200 });
    insight.recordAsk({ source: 'mcp-search', query: '  Cyber   Security ', results: 4, caller: anthropic });
    await insight.flush();
    insight.recordVisit({ surface: 'page-html', item: '/about', caller: openai, status: 200 });
    insight.recordAsk({ source: 'mcp-search', query: 'cyber security', results: 0, caller: anthropic });
    insight.recordAsk({ source: 'site-search', query: 'Shopify store growth', results: 0, caller: person });
    insight.recordEnquiry({ channel: 'mcp', caller: anthropic });
    insight.recordEnquiry({ channel: 'form', caller: person });
    await insight.flush();

    const visitRows = await store.db.selectFrom('insight_visits').selectAll().where('family', '=', 'OpenAI').execute();
    assert.equal(visitRows.length, 1, 'one row per hour and dimensions, whatever the number of writes');
    assert.equal(Number(visitRows[0]!.count), 4);

    const report = await buildReport(store.db, { from: today, to: today });
    assert.deepEqual(
      {
        requests: report.totals.requests,
        agents: report.totals.agents,
        people: report.totals.people,
        verified: report.totals.verifiedAgents,
      },
      { requests: 6, agents: 5, people: 1, verified: 1 },
    );
    assert.deepEqual(
      report.queries.find((q) => q.query === 'cyber security'),
      { source: 'mcp-search', query: 'cyber security', asks: 2, noResult: 1, results: 4, outOfFit: 0 },
    );
    assert.deepEqual(
      report.outOfFit.map((q) => q.query),
      ['shopify store growth'],
    );
    assert.deepEqual(report.gaps.map((q) => q.query).sort(), ['cyber security', 'shopify store growth']);
    assert.deepEqual(report.enquiries.map((e) => [e.channel, e.family, e.enquiries]).sort(), [
      ['form', 'Browser', 1],
      ['mcp', 'Anthropic', 1],
    ]);

    const family = await buildReport(store.db, { from: today, to: today, family: 'Anthropic' });
    assert.equal(family.totals.requests, 1);
    assert.equal(family.totals.enquiries, 1);
  });

  it('deletes rows older than the retention and keeps the rest', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 29 * 86_400_000).toISOString();
    const caller = { family: 'Perplexity', kind: 'declared-agent' };
    await addInsightCounts(store.db, {
      visits: [old, recent].map((at) => ({
        site: '',
        hour: at.slice(0, 13),
        surface: 'llms',
        item: '/llms.txt',
        ...caller,
        verified: 0,
        statusClass: '2xx',
        count: 2,
      })),
      asks: [old, recent].map((at) => ({
        site: '',
        day: at.slice(0, 10),
        source: 'mcp-match',
        query: 'abm',
        family: 'Perplexity',
        asks: 1,
        noResult: 0,
        results: 3,
        outOfFit: 0,
      })),
      enquiries: [old, recent].map((at) => ({ site: '', day: at.slice(0, 10), channel: 'rest', ...caller, count: 1 })),
    });
    const deleted = await insight.purge();
    assert.equal(deleted, 3, 'the old visit, ask and enquiry rows');
    const left = await store.db
      .selectFrom('insight_visits')
      .select('hour')
      .where('family', '=', 'Perplexity')
      .execute();
    assert.deepEqual(
      left.map((r) => r.hour),
      [recent.slice(0, 13)],
    );
    assert.equal(
      (await store.db.selectFrom('insight_asks').selectAll().where('family', '=', 'Perplexity').execute()).length,
      1,
    );
  });

  it('keeps counts whose write failed and writes them with the next one', async () => {
    const broken = await openTestStore();
    const failing = createInsight({
      db: broken.db,
      logger: createLogger('silent'),
      retentionDays: 30,
      flushMs: 60_000,
    });
    failing.recordVisit({ surface: 'rest', item: 'GET /health', caller: openai, status: 200 });
    await broken.db.schema.alterTable('insight_visits').renameTo('insight_visits_away').execute();
    await failing.flush();
    await broken.db.schema.alterTable('insight_visits_away').renameTo('insight_visits').execute();
    failing.recordVisit({ surface: 'rest', item: 'GET /health', caller: openai, status: 200 });
    await failing.close();
    const rows = await broken.db.selectFrom('insight_visits').selectAll().execute();
    assert.deepEqual(
      rows.map((r) => Number(r.count)),
      [2],
    );
    await broken.close();
  });
});
