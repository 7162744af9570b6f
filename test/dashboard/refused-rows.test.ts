// No single row can stop agent insight's writer, on both back-ends (AGENTSITE_TEST_STORE): text is
// made storable before it is counted, a row the database refuses is left out while the others are
// written, and an outage keeps every count for the next write.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createInsight } from '../../src/domain/insight/recorder.ts';
import type { Drained } from '../../src/store/analytics-rows.ts';
import { addInsightCountsLeavingOutRefused } from '../../src/store/analytics.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { adminQuery, testStore } from '../helpers/postgres.ts';
import { freshDatabaseUrl, startTestApp, type TestApp } from '../helpers/app.ts';

const today = new Date().toISOString().slice(0, 10);

async function openTestStore(): Promise<Store> {
  const url = await freshDatabaseUrl();
  return openStore(
    url.startsWith('sqlite:') ? { kind: 'sqlite', path: url.slice('sqlite:'.length) } : { kind: 'postgres', url },
  );
}

/** A store whose database has gone: a closed SQLite file, a dropped PostgreSQL database. */
async function goneStore(): Promise<Store> {
  const url = await freshDatabaseUrl();
  if (url.startsWith('sqlite:')) {
    const store = await openStore({ kind: 'sqlite', path: url.slice('sqlite:'.length) });
    await store.close();
    return store;
  }
  const store = await openStore({ kind: 'postgres', url });
  await adminQuery(`DROP DATABASE "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  return store;
}

function enquiryRows(families: (string | null)[]): Drained {
  return {
    visits: [],
    asks: [],
    enquiries: families.map((family) => ({
      site: '',
      day: today,
      channel: 'rest',
      family: family as string,
      kind: 'declared-agent',
      count: 1,
    })),
  };
}

describe('agent insight with text a database cannot store', () => {
  let app: TestApp;
  before(async () => (app = await startTestApp()));
  after(() => app.stop());

  it('records a search carrying NUL and lone surrogates, and every later visit', async () => {
    assert.equal((await fetch(`${app.baseUrl}/search?q=nul%00byte`)).status, 200);
    await app.app.services.insight.flush();
    app.app.services.insight.recordAsk({
      source: 'mcp-search',
      query: 'half \ud800 pair',
      results: 0,
      caller: { kind: 'other', family: 'Lone\udc00', verified: false },
    });
    await app.app.services.insight.flush();
    assert.equal((await fetch(`${app.baseUrl}/about`)).status, 200);
    await app.app.services.insight.flush();

    const db = app.app.services.store.db;
    const about = await db.selectFrom('insight_visits').select('count').where('item', '=', '/about').execute();
    assert.equal(about.length, 1, 'the visit after the NUL search is written');
    const queries = (await db.selectFrom('insight_asks').select(['query', 'family']).execute())
      .map((r) => `${r.query} | ${r.family}`)
      .sort();
    assert.deepEqual(
      queries.filter((q) => !q.startsWith('(')),
      ['half \ufffd pair | Lone\ufffd', 'nulbyte | Other'].sort(),
    );
  });
});

describe('a batch the database refuses', () => {
  let store: Store;
  before(async () => (store = await openTestStore()));
  after(() => store.close());

  it('is split until the refused row is found; that row is left out and the others are written', async () => {
    const refused: unknown[] = [];
    const families = ['A', 'B', null, 'C', 'D', 'E', 'F'];
    const unwritten = await addInsightCountsLeavingOutRefused(store.db, enquiryRows(families), (row) =>
      refused.push(row),
    );
    assert.equal(unwritten, undefined);
    assert.equal(refused.length, 1);
    const written = await store.db.selectFrom('insight_enquiries').select('family').orderBy('family').execute();
    assert.deepEqual(
      written.map((r) => r.family),
      ['A', 'B', 'C', 'D', 'E', 'F'],
    );
  });

  it('costs agent insight only the refused row, with one throttled warning however often it recurs', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
          done();
        },
      }),
    );
    const insight = createInsight({ db: store.db, logger, retentionDays: 30, flushMs: 60_000 });
    const good = { kind: 'declared-agent' as const, family: 'Good', verified: false };
    const broken = { kind: null as never, family: 'Broken', verified: false };
    for (let round = 0; round < 3; round += 1) {
      insight.recordVisit({ surface: 'page-html', item: '/about', caller: good, status: 200 });
      insight.recordVisit({ surface: 'page-html', item: '/about', caller: broken, status: 200 });
      await insight.flush();
    }
    await insight.close();
    const rows = await store.db.selectFrom('insight_visits').select(['family', 'count']).execute();
    assert.deepEqual(
      rows.map((r) => [r.family, Number(r.count)]),
      [['Good', 3]],
    );
    const warnings = lines.filter((line) => Number(line.level) >= 40);
    assert.equal(warnings.length, 1, 'one warning, the repeats held back');
    assert.match(String(warnings[0]!.msg), /refused by the database; left out/);
  });

  it('is kept whole, and nothing is called refused, when the database cannot be reached', async () => {
    const gone = await goneStore();
    const refused: unknown[] = [];
    const unwritten = await addInsightCountsLeavingOutRefused(gone.db, enquiryRows(['A', null, 'B']), (row) =>
      refused.push(row),
    );
    assert.equal(refused.length, 0);
    assert.equal(unwritten?.rows.enquiries.length, 3);
    if (testStore() === 'postgres') await gone.close();
  });
});
