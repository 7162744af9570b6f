// Group commit on SQLite: concurrent writes stay serialised and correct, each awaited write is
// flushed before it resolves, and one flush serves many commits.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { Kysely, sql } from 'kysely';
import { GroupCommitSqliteDialect, withoutFlushWait } from '../../src/store/group-commit.ts';
import { openSqlite } from '../../src/store/node-sqlite-dialect.ts';

interface Db {
  counter: { id: number; value: number };
  items: { id: string };
}

const opened: Kysely<Db>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

async function open(file: string): Promise<{ db: Kysely<Db>; dialect: GroupCommitSqliteDialect }> {
  const { dialect } = openSqlite(file);
  assert.ok(dialect instanceof GroupCommitSqliteDialect, 'a file database in WAL mode uses group commit');
  const db = new Kysely<Db>({ dialect });
  opened.push(db);
  await sql`create table if not exists counter (id integer primary key, value integer not null)`.execute(db);
  await sql`create table if not exists items (id text primary key)`.execute(db);
  await db
    .insertInto('counter')
    .values({ id: 1, value: 0 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { db, dialect };
}

const tempFile = (): string => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-')), 'test.db');

describe('group commit', () => {
  it('keeps concurrent read-modify-write transactions serialised', async () => {
    const { db } = await open(tempFile());
    await Promise.all(
      Array.from({ length: 200 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
          await trx
            .updateTable('counter')
            .set({ value: row.value + 1 })
            .where('id', '=', 1)
            .execute();
        }),
      ),
    );
    const row = await db.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
    assert.equal(row.value, 200);
  });

  it('serves many concurrent commits with fewer flushes, each commit flushed before it resolves', async () => {
    const { db, dialect } = await open(tempFile());
    const before = dialect.flusher.flushes;
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        db
          .transaction()
          .execute((trx) =>
            trx
              .insertInto('items')
              .values({ id: `t${i}` })
              .execute(),
          )
          .then(() => seen.push(dialect.flusher.flushes)),
      ),
    );
    const flushes = dialect.flusher.flushes - before;
    assert.ok(flushes >= 1, 'at least one flush');
    assert.ok(flushes < 100, `commits share flushes (got ${flushes} for 100)`);
    assert.ok(
      seen.every((count) => count > before),
      'no commit resolved before a flush that followed it',
    );
  });

  it('flushes an autocommit write but not a read or a rolled-back transaction', async () => {
    const { db, dialect } = await open(tempFile());
    let before = dialect.flusher.flushes;
    await db.insertInto('items').values({ id: 'solo' }).execute();
    assert.equal(dialect.flusher.flushes, before + 1);
    before = dialect.flusher.flushes;
    await db.selectFrom('items').selectAll().execute();
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 'never' }).execute();
        throw new Error('abort');
      }),
      /abort/,
    );
    assert.equal(dialect.flusher.flushes, before);
    assert.equal((await db.selectFrom('items').selectAll().where('id', '=', 'never').execute()).length, 0);
  });

  it('does not flush for an upsert that changed nothing', async () => {
    const { db, dialect } = await open(tempFile());
    await db.insertInto('items').values({ id: 'once' }).execute();
    const before = dialect.flusher.flushes;
    await db
      .insertInto('items')
      .values({ id: 'once' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    assert.equal(dialect.flusher.flushes, before);
  });

  it('lets bookkeeping writes skip the wait, and a later commit covers them', async () => {
    const { db, dialect } = await open(tempFile());
    const before = dialect.flusher.flushes;
    await withoutFlushWait(() => db.insertInto('items').values({ id: 'claim' }).execute());
    // The background flush may or may not have finished; the awaited commit surely covers both.
    await db.transaction().execute((trx) => trx.insertInto('items').values({ id: 'enquiry' }).execute());
    assert.ok(dialect.flusher.flushes > before);
    assert.equal((await db.selectFrom('items').selectAll().execute()).length, 2);
  });

  it('keeps committed rows across a close and reopen', async () => {
    const file = tempFile();
    const first = await open(file);
    await first.db.insertInto('items').values({ id: 'kept' }).execute();
    await first.db.destroy();
    opened.splice(opened.indexOf(first.db), 1);
    const second = await open(file);
    assert.equal((await second.db.selectFrom('items').selectAll().execute()).length, 1);
  });

  it('falls back to synchronous=FULL without group commit for an in-memory database', () => {
    const { dialect, raw } = openSqlite(':memory:');
    assert.ok(!(dialect instanceof GroupCommitSqliteDialect));
    assert.equal(raw.prepare('PRAGMA synchronous').get()?.synchronous, 2);
    raw.close();
  });
});
