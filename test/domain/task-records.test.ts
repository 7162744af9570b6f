// A2A task records on the back-end chosen by AGENTSITE_TEST_STORE: found by id or by the digest of
// the message that created them until their retention passes, listed by context newest first, kept
// to the rows each site saved last, and stored without the contact details a client wrote.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/config.ts';
import { createTaskRecords, type TaskRecords } from '../../src/domain/tasks/task-records.ts';
import { deleteOldTaskRows } from '../../src/store/a2a-tasks.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';

describe('A2A task records', () => {
  let store: Store;
  let tasks: TaskRecords;
  const record = (id: string, contextId: string, statusAt: string, extra: Record<string, unknown> = {}) => ({
    id,
    contextId,
    state: 'TASK_STATE_COMPLETED',
    statusAt,
    body: { id, contextId, note: `task ${id}` },
    ...extra,
  });
  before(async () => {
    store = await openStore(loadConfig({ DATABASE_URL: await freshDatabaseUrl() }).database);
    tasks = createTaskRecords({ db: store.db, logger: pino({ level: 'silent' }), retentionHours: 24 });
  });
  after(async () => {
    tasks.close();
    await store.close();
  });

  it('finds a task by id and by request digest, and updates it in place', async () => {
    await tasks.save(record('t1', 'c1', '2026-11-25T10:00:00.000Z', { requestDigest: 'd1' }));
    await tasks.save({ ...record('t1', 'c1', '2026-11-25T10:00:01.000Z'), body: { id: 't1', note: 'updated' } });
    assert.deepEqual(await tasks.find('t1'), { id: 't1', note: 'updated' });
    assert.deepEqual(await tasks.findByRequest('d1'), { id: 't1', note: 'updated' });
    assert.equal(await tasks.find('t2'), undefined);
  });

  it('keeps the first task of a digest when a racing copy saves another', async () => {
    await tasks.save(record('race-b', 'c9', '2026-11-25T10:00:00.000Z', { requestDigest: 'd1' }));
    assert.equal((await tasks.findByRequest('d1'))?.id, 't1');
    assert.equal((await tasks.find('race-b'))?.id, 'race-b', 'the copy is kept too, without the digest');
  });

  it('lists a context newest first, a page at a time, and refuses a token it did not give out', async () => {
    for (const [id, at] of [
      ['a', '01'],
      ['b', '03'],
      ['c', '02'],
    ] as const)
      await tasks.save(record(id, 'ctx', `2026-11-25T11:00:${at}.000Z`));
    const first = await tasks.list({ contextId: 'ctx', pageSize: 2 });
    assert.deepEqual([first.tasks.map((t) => t.id), first.total], [['b', 'c'], 3]);
    const second = await tasks.list({ contextId: 'ctx', pageSize: 2, pageToken: first.nextPageToken });
    assert.deepEqual([second.tasks.map((t) => t.id), second.nextPageToken], [['a'], '']);
    assert.deepEqual((await tasks.list({ contextId: 'other', pageSize: 2 })).tasks, []);
    await assert.rejects(tasks.list({ contextId: 'ctx', pageSize: 2, pageToken: 'nope' }), { code: 'invalid_request' });
  });

  it('stores no e-mail address or phone number the client wrote, wherever the task repeats it', async () => {
    const question = 'call me on 020 7946 0958 or jane@victim.example';
    await tasks.save({
      ...record('pii', 'c2', '2026-11-25T12:00:00.000Z'),
      body: {
        query: question,
        text: `# matches for "${question}"\nline two`,
        example: JSON.stringify({ q: question }),
      },
      sentTexts: [question],
    });
    const stored = JSON.stringify(await tasks.find('pii'));
    assert.doesNotMatch(stored, /7946|victim/);
    assert.match(stored, /line two/);
  });

  it('forgets tasks once their retention has passed, and keeps only the rows saved last', async () => {
    assert.equal(await tasks.purge(new Date(Date.now() + 23 * 3_600_000)), 0, 'nothing expires before 24 hours');
    const removed = await deleteOldTaskRows(store.db, new Date().toISOString(), 2);
    assert.ok(removed > 0);
    const left = await store.db.selectFrom('a2a_tasks').select('id').execute();
    assert.deepEqual(left.map((row) => row.id).sort(), ['c', 'pii'], 'the two saved last');
    await tasks.purge(new Date(Date.now() + 25 * 3_600_000));
    assert.equal(await tasks.find('pii'), undefined);
  });

  it('keeps exactly the rows asked for when several were saved in the same millisecond', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const row = (id: string) => ({
      site: '',
      id,
      context_id: 'same-ms',
      request_digest: null,
      state: 'TASK_STATE_COMPLETED',
      status_at: expiresAt,
      body: '{}',
      expires_at: expiresAt,
    });
    await store.db.deleteFrom('a2a_tasks').execute();
    await store.db.insertInto('a2a_tasks').values(['m1', 'm2', 'm3', 'm4'].map(row)).execute();
    assert.equal(await deleteOldTaskRows(store.db, new Date().toISOString(), 2), 2);
    const left = await store.db.selectFrom('a2a_tasks').select('id').execute();
    assert.deepEqual(left.map((r) => r.id).sort(), ['m3', 'm4'], 'the two last by id among equal times');
  });

  it("keeps each site's own newest rows, so a busy site never pushes out another's", async () => {
    const row = (site: string, id: string, savedMs: number) => {
      const expiresAt = new Date(Date.now() + 3_600_000 + savedMs).toISOString();
      return {
        site,
        id,
        context_id: `ctx-${site}`,
        request_digest: null,
        state: 'TASK_STATE_COMPLETED',
        status_at: expiresAt,
        body: '{}',
        expires_at: expiresAt,
      };
    };
    await store.db.deleteFrom('a2a_tasks').execute();
    // The quiet site saved its two tasks first; the busy one saved five after them.
    const quiet = ['q1', 'q2'].map((id, n) => row('quiet', id, n));
    const busy = ['b1', 'b2', 'b3', 'b4', 'b5'].map((id, n) => row('busy', id, 10 + n));
    await store.db
      .insertInto('a2a_tasks')
      .values([...quiet, ...busy, row('', 's1', 5)])
      .execute();
    assert.equal(await deleteOldTaskRows(store.db, new Date().toISOString(), 2), 3);
    const left = await store.db.selectFrom('a2a_tasks').select(['site', 'id']).orderBy('id').execute();
    assert.deepEqual(
      left.map((r) => `${r.site}/${r.id}`),
      ['busy/b4', 'busy/b5', 'quiet/q1', 'quiet/q2', '/s1'],
      "the busy site's oldest went; the quiet site's and the single site's stayed",
    );
  });
});
