// Two server processes on one PostgreSQL database sign the agent card with the same key: the card
// of each verifies against the JWKS of either.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyCard, type Card } from '../discovery/card-verify.ts';
import { startInstance, type Instance } from '../helpers/instances.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';

const getJson = async <T>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;

describe('signed agent card on several instances', () => {
  it('two instances on one PostgreSQL database serve cards that verify with the same key', async () => {
    const env = { DATABASE_URL: await freshPostgresUrl() };
    const instances: Instance[] = [];
    try {
      instances.push(await startInstance(env), await startInstance(env));
      // Both ask for the key at once: the first use on each races to create it.
      const served = await Promise.all(
        instances.map(async (instance) => ({
          card: await getJson<Card>(`${instance.baseUrl}/.well-known/agent-card.json`),
          jwks: await getJson<{ keys: [] }>(`${instance.baseUrl}/.well-known/agent-card-jwks.json`),
        })),
      );
      const [a, b] = served as [(typeof served)[0], (typeof served)[0]];
      const kid = await verifyCard(a.card, a.jwks);
      assert.equal(await verifyCard(b.card, b.jwks), kid);
      assert.equal(await verifyCard(a.card, b.jwks), kid);
      assert.deepEqual(a.jwks, b.jwks);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  });
});
