// One kept result per capability and input, whichever protocol asks: a result is kept from its
// input's second ask, and the next MCP or A2A call is answered from the response cache, as the
// metrics show.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { modern, type TestClient } from '../mcp/clients.ts';
import { call, resultOf, send, startAgent, type A2aFixture } from '../a2a/agent.ts';
import { sample, scrapeMetrics } from '../helpers/metrics.ts';

describe('results shared between MCP and A2A', () => {
  let agent: A2aFixture;
  let mcp: TestClient;
  let port: number;
  before(async () => {
    agent = await startAgent({ TRUST_PROXY: 'loopback', METRICS_PORT: '0' });
    mcp = await modern.connect(agent.app.mcpUrl);
    const metrics = agent.app.app.metrics;
    assert.ok(metrics, 'METRICS_PORT set starts the listener');
    port = metrics.port;
  });
  after(async () => {
    await mcp.close();
    await agent.app.stop();
  });

  const capabilityCount = async (outcome: 'hits' | 'misses'): Promise<number> =>
    sample(await scrapeMetrics(port), `agentsite_response_cache_${outcome}_total{use="capability"}`) ?? 0;

  it('keeps a search asked through MCP and again through A2A once, and answers the next ask of either from it', async () => {
    const input = { query: 'pipeline growth', limit: 3 };
    const [hits, misses] = [await capabilityCount('hits'), await capabilityCount('misses')];
    const tool = await mcp.callTool('service_search_case_studies', input);
    assert.equal(await capabilityCount('misses'), misses + 1, 'the MCP call computes the result');
    const task = await send(agent.client, call('service_search_case_studies', input));
    assert.equal(await capabilityCount('misses'), misses + 2, 'a second ask computes it again and keeps it');
    assert.deepEqual(resultOf(task).data, tool.structuredContent);
    const again = await mcp.callTool('service_search_case_studies', input);
    assert.equal(await capabilityCount('hits'), hits + 1, 'the third ask, through MCP, finds it kept');
    assert.equal(await capabilityCount('misses'), misses + 2, 'and computes nothing');
    assert.deepEqual(again.structuredContent, tool.structuredContent);
  });

  it('keeps A2A read skill results for the next A2A call too', async () => {
    const input = { query: 'fintech scale-up' };
    const first = await send(agent.client, call('service_get_value_proposition', input));
    await send(agent.client, call('service_get_value_proposition', input));
    const hits = await capabilityCount('hits');
    const third = await send(agent.client, call('service_get_value_proposition', input));
    assert.equal(await capabilityCount('hits'), hits + 1);
    assert.deepEqual(resultOf(third).data, resultOf(first).data);
  });

  it('shows the size of what is kept and its bound', async () => {
    const text = await scrapeMetrics(port);
    const bytes = sample(text, 'agentsite_response_cache_bytes') ?? 0;
    assert.ok(bytes > 0, 'results are kept');
    assert.ok(bytes <= (sample(text, 'agentsite_response_cache_max_bytes') ?? 0));
    assert.ok((sample(text, 'agentsite_response_cache_entries') ?? 0) > 0);
  });
});
