// Replay across instances, on the back-end AGENTSITE_TEST_STORE names: three recognitions, each
// with its own connection to one database and its own memory, as three instances behind a load
// balancer have. A captured signed request sent to all three at once verifies on one only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createCallers, type Callers } from '../../../src/domain/callers/callers.ts';
import type { CallerRequest } from '../../../src/domain/callers/caller.ts';
import { countNonces } from '../../../src/store/signature-nonces.ts';
import { openStore, type Store } from '../../../src/store/store.ts';
import { freshDatabaseUrl } from '../../helpers/app.ts';
import { startSigningAgent, type SigningAgent } from './signer.ts';

const site = 'https://agency.test';

async function openTestStore(url: string): Promise<Store> {
  return openStore(
    url.startsWith('sqlite:') ? { kind: 'sqlite', path: url.slice('sqlite:'.length) } : { kind: 'postgres', url },
  );
}

function request(headers: Record<string, string>): CallerRequest {
  return { method: 'GET', authority: 'agency.test', path: '/agent/health', headers };
}

describe('Web Bot Auth nonces shared by every instance on one database', () => {
  let agent: SigningAgent;
  let stores: Store[];
  let offsetMs = 0;
  const instances = (): Callers[] =>
    stores.map((store) =>
      createCallers({
        keyDirectories: [agent.directory.origin],
        siteUrls: [site],
        db: store.db,
        now: () => Date.now() + offsetMs,
      }),
    );
  let callers: Callers[];

  before(async () => {
    agent = await startSigningAgent();
    const url = await freshDatabaseUrl();
    stores = [await openTestStore(url)];
    stores.push(await openTestStore(url), await openTestStore(url));
    callers = instances();
  });
  after(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await agent.close();
  });

  it('verifies a captured signed request on one of three instances when it is sent to all three at once', async (t) => {
    for (const [form, sign] of [
      ['dictionary', () => agent.signDictionary(`${site}/agent/health`)],
      ['legacy', () => agent.sign(`${site}/agent/health`)],
    ] as const) {
      const headers = await sign();
      const results = await Promise.all(callers.map((recognition) => recognition.classify(request(headers))));
      const verified = results.map((caller) => caller.verified);
      t.diagnostic(`${form} form, verified on each instance: ${JSON.stringify(verified)}`);
      assert.equal(verified.filter(Boolean).length, 1, `${form}: ${JSON.stringify(verified)}`);
    }
  });

  it('refuses the replay on an instance that never saw the signature, however late it comes', async () => {
    const headers = await agent.signDictionary(`${site}/agent/health`);
    assert.equal((await callers[0]!.classify(request(headers))).verified, true);
    for (const other of [callers[1]!, callers[2]!])
      assert.equal((await other.classify(request(headers))).verified, false);
    // A restarted instance (empty memory) asks the database, which still holds the nonce.
    assert.equal((await instances()[0]!.classify(request(headers))).verified, false);
  });

  it('verifies distinct signatures on every instance', async () => {
    const results = await Promise.all(
      callers.map(async (recognition) =>
        recognition.classify(request(await agent.signDictionary(`${site}/agent/health`))),
      ),
    );
    assert.deepEqual(
      results.map((caller) => caller.verified),
      [true, true, true],
    );
  });

  it('keeps a nonce only while its signature is valid: expired claims are swept by a later claim', async () => {
    const held = await countNonces(stores[0]!.db);
    assert.ok(held >= 5, `${held} nonces held`);
    // Two minutes on (every signature above lived 60 s), a fresh instance's first claim sweeps.
    offsetMs = 120_000;
    try {
      const later = instances()[1]!;
      const created = Math.floor((Date.now() + offsetMs) / 1000);
      const headers = await agent.key.signWith(`${site}/agent/health`, {
        headers: { 'signature-agent': `sig1="${agent.directory.origin}"` },
        components: ['@authority', { name: 'signature-agent', parameters: { key: 'sig1' } }],
        parameters: { created, expires: created + 60 },
      });
      assert.equal((await later.classify(request(headers))).verified, true);
      await waitFor(async () => (await countNonces(stores[0]!.db)) === 1);
    } finally {
      offsetMs = 0;
    }
  });

  it('treats a signature as unverified when the database cannot say whether its nonce was used', async () => {
    const refusing = await openTestStore(await freshDatabaseUrl());
    try {
      // A database that answers but refuses the claim, as one with a dropped table or revoked rights does.
      await sql`DROP TABLE signature_nonces`.execute(refusing.db);
      const recognition = createCallers({
        keyDirectories: [agent.directory.origin],
        siteUrls: [site],
        db: refusing.db,
      });
      const caller = await recognition.classify(
        request({ ...(await agent.signDictionary(`${site}/agent/health`)), 'user-agent': 'Claude-User/1.0' }),
      );
      assert.deepEqual([caller.kind, caller.family, caller.verified], ['declared-agent', 'Anthropic', false]);
    } finally {
      await refusing.close();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
