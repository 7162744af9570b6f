import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import {
  claimIdempotencyKey,
  parseIdempotencyKey,
  purgeIdempotencyKeys,
  requestHash,
} from '../../src/domain/idempotency.ts';
import { completeKey } from '../../src/store/idempotency.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';

describe('idempotency keys', () => {
  let store: Store;
  before(async () => {
    store = await openStore(loadConfig({ DATABASE_URL: await freshDatabaseUrl() }).database);
  });
  after(() => store.close());
  const t0 = new Date('2026-11-21T10:00:00Z');
  const later = (ms: number): Date => new Date(t0.getTime() + ms);

  it('hashes the JSON value, not its spelling', () => {
    assert.equal(
      requestHash({ a: 1, b: [1, { c: 'x', d: null }] }),
      requestHash(JSON.parse('{ "b": [1, {"d": null, "c": "x"}], "a": 1 }')),
    );
    assert.notEqual(requestHash({ a: 1 }), requestHash({ a: '1' }));
  });

  it('reads bare and quoted keys and refuses empty or over-long ones', () => {
    assert.equal(parseIdempotencyKey('abc'), 'abc');
    assert.equal(parseIdempotencyKey('"a \\"b\\""'), 'a "b"');
    assert.equal(parseIdempotencyKey(undefined), undefined);
    assert.throws(() => parseIdempotencyKey(''));
    assert.throws(() => parseIdempotencyKey('""'));
    assert.throws(() => parseIdempotencyKey('x'.repeat(201)));
  });

  it('lets a crashed request’s claim lapse after a minute', async () => {
    assert.deepEqual(await claimIdempotencyKey(store.db, 'crash', 'h1', t0), { kind: 'claimed' });
    await assert.rejects(claimIdempotencyKey(store.db, 'crash', 'h1', later(30_000)), /still being processed/);
    assert.deepEqual(await claimIdempotencyKey(store.db, 'crash', 'h1', later(61_000)), { kind: 'claimed' });
  });

  it('replays a completed request for 24 hours, then forgets it', async () => {
    await claimIdempotencyKey(store.db, 'done', 'h2', t0);
    await completeKey(store.db, '', 'done', 202, '{"status":"accepted"}', later(86_400_000).toISOString());
    assert.deepEqual(await claimIdempotencyKey(store.db, 'done', 'h2', later(86_000_000)), {
      kind: 'replay',
      statusCode: 202,
      body: '{"status":"accepted"}',
    });
    await assert.rejects(claimIdempotencyKey(store.db, 'done', 'other', later(1_000)), /different request body/);
    await purgeIdempotencyKeys(store.db, later(86_400_001));
    assert.deepEqual(await claimIdempotencyKey(store.db, 'done', 'h3', later(86_400_001)), { kind: 'claimed' });
  });
});
