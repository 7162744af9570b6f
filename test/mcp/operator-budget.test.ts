// A verified agent operator's MCP reads spend its own budget (AGENT_RATE_LIMIT_PER_MINUTE), the one
// its REST reads spend, not the per-address budget of the address they come from; and the calls
// are counted in agent insight as the verified operator's.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { modernMessage, postModern } from '../helpers/modern-mcp.ts';
import { startSigningAgent, type SigningAgent } from '../domain/callers/signer.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';

describe('MCP reads of a verified agent operator', () => {
  let app: TestApp;
  let agent: SigningAgent;

  before(async () => {
    agent = await startSigningAgent();
    app = await startTestApp({ AGENT_KEY_DIRECTORIES: agent.directory.origin, AGENT_RATE_LIMIT_PER_MINUTE: '3' });
  });
  after(async () => {
    await app?.stop();
    await agent?.close();
  });

  const call = async (signed: boolean): Promise<Response> => {
    // Signatures are made for the public MCP address (MCP_URL defaults to localhost).
    const url = app.app.services.config.mcpUrl;
    const headers = signed ? await agent.sign(url) : {};
    return postModern(url, modernMessage('tools/call', { name: 'service_get_contact', arguments: {} }), headers);
  };

  it('spend the operator budget, shared with its REST reads, and leave the address budget whole', async () => {
    await awayFromMinuteBoundary();
    const site = app.app.services.config.baseUrl;
    const rest = await fetch(`${site}/agent/health`, { headers: await agent.sign(`${site}/agent/health`) });
    assert.equal(rest.headers.get('ratelimit-remaining'), '2');
    const first = await call(true);
    assert.equal(first.status, 200);
    assert.match(first.headers.get('ratelimit-policy') ?? '', /"agent-minute";q=3;w=60/);
    assert.equal(first.headers.get('ratelimit-remaining'), '1');
    assert.equal((await call(true)).headers.get('ratelimit-remaining'), '0');
    const refused = await call(true);
    const body = (await refused.json()) as { result?: { isError?: boolean; _meta?: { retryAfter?: number } } };
    assert.equal(body.result?.isError, true);
    assert.ok((body.result?._meta?.retryAfter ?? 0) >= 1);

    const unsigned = await call(false);
    assert.match(unsigned.headers.get('ratelimit-policy') ?? '', /"general-minute";q=300;w=60/);
    assert.equal(
      unsigned.headers.get('ratelimit-remaining'),
      '299',
      'the address budget was not spent by the operator',
    );
  });

  it('are counted in agent insight as the verified operator', async () => {
    await app.app.services.insight.flush();
    const rows = await app.app.services.store.db
      .selectFrom('insight_visits')
      .select(['verified', 'count'])
      .where('surface', '=', 'mcp')
      .where('item', '=', 'service_get_contact')
      .execute();
    const verified = rows.filter((row) => Number(row.verified) === 1).reduce((sum, row) => sum + Number(row.count), 0);
    assert.equal(verified, 3);
  });
});
