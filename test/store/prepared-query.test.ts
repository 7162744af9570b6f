// Prepared queries: compiled once, each call runs with its own values; a query that would bake a
// value into its SQL is refused when first prepared, not run with a marker.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { preparedQuery } from '../../src/store/prepared-query.ts';
import { tempSqliteStore } from '../helpers/sqlite-store.ts';

describe('prepared query', async () => {
  const store = await tempSqliteStore('prepared-');
  after(() => store.close());

  it('runs each call with its own values, constants kept', async () => {
    const insert = preparedQuery(['name', 'value'], (db, v: { name: string; value: string }) =>
      db.insertInto('secrets').values({ name: v.name, value: v.value, created_at: '2026-01-01T00:00:00Z' }),
    );
    const read = preparedQuery(['name'], (db, v: { name: string }) =>
      db.selectFrom('secrets').select(['value', 'created_at']).where('name', '=', v.name),
    );
    await insert(store.db, { name: 'a', value: '1' });
    await insert(store.db, { name: 'b', value: '2' });
    assert.deepEqual(
      (await read(store.db, { name: 'b' })).rows.map((r) => ({ ...r })),
      [{ value: '2', created_at: '2026-01-01T00:00:00Z' }],
    );
    assert.deepEqual(
      (await read(store.db, { name: 'a' })).rows.map((r) => ({ ...r })),
      [{ value: '1', created_at: '2026-01-01T00:00:00Z' }],
    );
    await store.db.transaction().execute(async (trx) => insert(trx, { name: 'c', value: '3' }));
    assert.deepEqual(
      (await read(store.db, { name: 'c' })).rows.map((r) => r.value),
      ['3'],
    );
  });

  it('refuses a query that writes a value into its SQL instead of passing it', () => {
    const inlined = preparedQuery(['name'], (db, v: { name: string }) =>
      db.selectFrom('secrets').select('value').where('name', '=', sql.lit(v.name)),
    );
    assert.throws(() => inlined(store.db, { name: 'a' }), /does not pass name as parameters/);
  });
});
