// The agent card's keys in the database (SQLite or PostgreSQL, by AGENTSITE_TEST_STORE): one key
// made on first use whoever asks first, rotation with the stated overlap, and a failed read that
// keeps the keys already held.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../../src/config/config.ts';
import { createCardKeys } from '../../../src/domain/card-signing/card-keys.ts';
import {
  loadCardKeysText,
  parseCardKeys,
  retiredKeyOverlapDays,
  rotateCardKey,
} from '../../../src/domain/card-signing/key-set.ts';
import { signCard } from '../../../src/domain/card-signing/sign-card.ts';
import { runInSite } from '../../../src/domain/sites/site-scope.ts';
import { createLogger } from '../../../src/kernel/logger.ts';
import { openStore, type Store } from '../../../src/store/store.ts';
import { verifyCard } from '../../discovery/card-verify.ts';
import { freshDatabaseUrl } from '../../helpers/app.ts';

const logger = createLogger('silent');
const dayMs = 86_400_000;
const openFresh = async (): Promise<Store> =>
  openStore(loadConfig({ DATABASE_URL: await freshDatabaseUrl() }).database);

describe('agent card keys', () => {
  let store: Store;
  before(async () => (store = await openFresh()));
  after(async () => store.close());

  it('makes one key on first use, the same for readers that come at once', async () => {
    const texts = await Promise.all(Array.from({ length: 6 }, () => loadCardKeysText(store.db, '')));
    assert.equal(new Set(texts).size, 1);
    assert.equal(parseCardKeys(texts[0]!).keys.length, 1);
  });

  it('rotates: the new key signs, the old public key stays published for the overlap, then leaves', async () => {
    const t0 = Date.now();
    let clock = t0;
    const keys = createCardKeys({ db: store.db, logger, refreshMs: 0, now: () => new Date(clock) });
    const before = await keys.current();
    const card = { name: 'Example agent', skills: [{ id: 'one' }] };
    const signedBefore = await signCard(card, before.signing, 'https://example.test/jwks');

    const { current, retired } = await rotateCardKey(store.db, '', new Date(t0));
    assert.equal(retired.kid, before.signing.kid);
    assert.equal('d' in retired.jwk, false, 'a retired key keeps no private half');

    clock = t0 + dayMs;
    assert.equal(
      (await keys.current()).signing.kid,
      before.signing.kid,
      'held keys answer at once; the read runs behind',
    );
    const rotated = await keys.refresh();
    assert.equal(await keys.current(), rotated);
    assert.equal(rotated.signing.kid, current.kid);
    assert.deepEqual(
      rotated.jwks.keys.map((key) => key.kid),
      [current.kid, retired.kid],
    );
    assert.equal(
      await verifyCard(signedBefore, rotated.jwks),
      retired.kid,
      'a card signed before the rotation still verifies',
    );
    assert.equal(
      await verifyCard(await signCard(card, rotated.signing, 'https://example.test/jwks'), rotated.jwks),
      current.kid,
    );

    clock = t0 + retiredKeyOverlapDays * dayMs + 1;
    assert.deepEqual(
      (await keys.refresh()).jwks.keys.map((key) => key.kid),
      [current.kid],
      'gone after the overlap',
    );
    await rotateCardKey(store.db, '', new Date(clock));
    const stored = parseCardKeys(await loadCardKeysText(store.db, '')).keys.map((key) => key.kid);
    assert.equal(stored.length, 2, 'the next rotation drops the key whose overlap ended');
    assert.equal(stored[1], current.kid);
  });

  it('answers a refresh that joins a read already under way as of when that read ends', async () => {
    const own = await openFresh();
    try {
      const t0 = Date.now();
      let clock = t0;
      const keys = createCardKeys({ db: own.db, logger, refreshMs: 0, now: () => new Date(clock) });
      await keys.current();
      const { current } = await rotateCardKey(own.db, '', new Date(t0));
      void keys.current(); // held keys are due at once (refreshMs 0): a read starts behind, at t0
      clock = t0 + retiredKeyOverlapDays * dayMs + 1;
      assert.deepEqual(
        (await keys.refresh()).jwks.keys.map((key) => key.kid),
        [current.kid],
        'the retired key is gone although the read began inside its overlap',
      );
    } finally {
      await own.close();
    }
  });

  it('holds each site’s keys apart: its own key made on first use, rotated without touching another’s', async () => {
    const keys = createCardKeys({ db: store.db, logger, refreshMs: 0 });
    const single = await keys.current();
    const [a, b] = await Promise.all([
      runInSite('a.example', () => keys.current()),
      runInSite('b.example', () => keys.current()),
    ]);
    const kids = [single, a, b].map((snapshot) => snapshot.signing.kid);
    assert.equal(new Set(kids).size, 3, 'three sites, three keys');
    const { current } = await rotateCardKey(store.db, 'a.example');
    const [aAfter, bAfter, singleAfter] = await Promise.all([
      runInSite('a.example', () => keys.refresh()),
      runInSite('b.example', () => keys.refresh()),
      keys.refresh(),
    ]);
    assert.deepEqual(
      aAfter.jwks.keys.map((key) => key.kid),
      [current.kid, a.signing.kid],
    );
    assert.equal(bAfter, b, 'the other site holds the same keys');
    assert.equal(singleAfter, single);
  });

  it('keeps serving the keys it holds when the database cannot be read', async () => {
    const other = await openFresh();
    const keys = createCardKeys({ db: other.db, logger, refreshMs: 0 });
    const held = await keys.current();
    await other.close();
    assert.equal(await keys.refresh(), held);
    assert.equal(await keys.current(), held);
  });
});
