// Three real server processes on one PostgreSQL database behind one public address: captured Web
// Bot Auth requests, each sent to all three at once, verify once each, so each spends the operator's
// budget once (the answer that verified carries the operator's RateLimit-Policy), not three times.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startInstance, type Instance } from '../helpers/instances.ts';
import { freshPostgresUrl } from '../helpers/postgres.ts';
import { getWithHost } from '../helpers/public-host.ts';
import { startSigningAgent, type SigningAgent } from '../domain/callers/signer.ts';

const site = 'https://agency.test';

describe('Web Bot Auth replays across three processes on one PostgreSQL database', () => {
  let agent: SigningAgent;
  let instances: Instance[] = [];

  before(async () => {
    agent = await startSigningAgent();
    const env = {
      DATABASE_URL: await freshPostgresUrl(),
      BASE_URL: site,
      AGENT_KEY_DIRECTORIES: agent.directory.origin,
      AGENT_RATE_LIMIT_PER_MINUTE: '100',
    };
    instances = await Promise.all([startInstance(env), startInstance(env), startInstance(env)]);
  });
  after(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await agent.close();
  });

  it('verifies each captured request on exactly one process', async (t) => {
    const verifiedPerSignature: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const url = `${site}/agent/health`;
      const captured = i % 2 === 0 ? await agent.signDictionary(url) : await agent.sign(url);
      const answers = await Promise.all(
        instances.map((instance) => getWithHost(instance.baseUrl, '/agent/health', 'agency.test', captured)),
      );
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200, 200],
      );
      verifiedPerSignature.push(
        answers.filter((answer) => String(answer.headers['ratelimit-policy']).includes('"agent-minute"')).length,
      );
    }
    t.diagnostic(`processes that verified each of 5 captured requests: ${JSON.stringify(verifiedPerSignature)}`);
    assert.deepEqual(verifiedPerSignature, [1, 1, 1, 1, 1]);
  });
});
