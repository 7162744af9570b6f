import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { startSigningAgent, type SigningAgent } from '../../domain/callers/signer.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';

describe('the read budget of a verified agent operator', () => {
  let app: TestApp;
  let agent: SigningAgent;
  /** The app's public address (BASE_URL defaults to localhost): signatures are made for it. */
  let site: string;

  before(async () => {
    agent = await startSigningAgent();
    app = await startTestApp({ AGENT_KEY_DIRECTORIES: agent.directory.origin, AGENT_RATE_LIMIT_PER_MINUTE: '3' });
    site = app.app.services.config.baseUrl;
  });
  after(async () => {
    await app.stop();
    await agent.close();
  });

  const signed = async (): Promise<Response> =>
    fetch(`${site}/agent/health`, { headers: await agent.sign(`${site}/agent/health`) });

  it('is counted apart from the per-address budget of unsigned callers at the same address', async () => {
    await awayFromMinuteBoundary();
    for (let i = 1; i <= 3; i++) {
      const response = await signed();
      assert.equal(response.status, 200);
      assert.match(response.headers.get('ratelimit-policy') ?? '', /"agent-minute";q=3;w=60/);
      if (i === 1) assert.equal(response.headers.get('ratelimit-remaining'), '2');
    }
    const refused = await signed();
    assert.equal(refused.status, 429);
    assert.ok(refused.headers.get('retry-after'));

    // The same address without a signature still has its whole 300/min: the operator spent none of it.
    const unsigned = await fetch(`${site}/agent/health`);
    assert.equal(unsigned.status, 200);
    assert.match(unsigned.headers.get('ratelimit-policy') ?? '', /"general-minute";q=300;w=60/);
    assert.equal(unsigned.headers.get('ratelimit-remaining'), '299');
  });

  it('keeps a request whose signature does not verify on its address budget, and answers it normally', async () => {
    const expired = await agent.sign(
      `${site}/agent/health`,
      {},
      {
        created: new Date(Date.now() - 120_000),
        expires: new Date(Date.now() - 60_000),
      },
    );
    const response = await fetch(`${site}/agent/health`, { headers: expired });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('ratelimit-policy') ?? '', /"general-minute"/);
  });

  it('fetched the key directory once for all of these requests', () => {
    assert.equal(agent.directory.fetches, 1);
  });
});
