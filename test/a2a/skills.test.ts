// The official A2A client asks questions in plain text and calls every read skill; each skill's
// result is the MCP tool's result for the same input (one schema, one domain call), and the
// finished tasks can be read back by the client holding their ids, never by address.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TaskState } from '@a2a-js/sdk';
import { modern, type TestClient } from '../mcp/clients.ts';
import { ask, call, clientFor, listedTaskIds, resultOf, send, startAgent, type A2aFixture } from './agent.ts';

const readInputs: Record<string, Record<string, unknown>> = {
  service_get_site_index: { section: 'services' },
  service_get_page: { slug: 'services/demand-generation' },
  service_search_case_studies: { query: 'security', limit: 2 },
  service_get_contact: { detail: 'full' },
  service_match_services: { challenge: 'MQLs never turn into pipeline' },
  service_get_proof_points: {},
  service_why_verto: { topic: 'results' },
  service_get_value_proposition: { query: 'fintech scale-up' },
};

describe('A2A skills through the official client', () => {
  let agent: A2aFixture;
  let mcp: TestClient;
  before(async () => {
    agent = await startAgent({ TRUST_PROXY: 'loopback' });
    mcp = await modern.connect(agent.app.mcpUrl);
  });
  after(async () => {
    await mcp.close();
    await agent.app.stop();
  });

  it('answers a plain-text question with the ask: its constraints honoured, each answer linked, and names the skills for more', async () => {
    const task = await send(agent.client, ask('cybersecurity case studies above 30M ARR'));
    assert.equal(task.status?.state, TaskState.TASK_STATE_COMPLETED);
    const { skill, data, text } = resultOf(task);
    assert.equal(skill, 'text');
    const { content, config } = agent.app.app.services;
    const results = data.results as { url: string; facts: { industry: string; companySize: string } }[];
    assert.ok(results.length > 0);
    for (const result of results) {
      assert.ok(result.url.startsWith(config.baseUrl), result.url);
      assert.equal(result.facts.industry, 'Cybersecurity');
      assert.ok(Number.parseFloat(result.facts.companySize) > 30, result.facts.companySize);
      assert.ok(text.includes(result.url), result.url);
    }
    assert.equal(
      data.total,
      content.caseStudies.filter(
        (cs) => cs.industry === 'Cybersecurity' && Number.parseFloat(cs.companySize ?? '0') > 30,
      ).length,
    );
    for (const id of ['service_get_page', 'service_search_case_studies', 'service_send_enquiry'])
      assert.ok(text.includes(id), id);
  });

  it('answers the same as the MCP tool ask and tells an out-of-fit question why', async () => {
    const question = 'We are a consumer brand';
    const { data } = resultOf(await send(agent.client, ask(question)));
    const tool = await mcp.callTool('ask', { query: question });
    const { next: _next, ...answer } = data;
    assert.deepEqual(answer, tool.structuredContent);
    assert.equal((data.fit as { inFit: boolean }).inFit, false);
  });

  it('says plainly when nothing on the site matches a question', async () => {
    const { text } = resultOf(await send(agent.client, ask('zzqxv')));
    assert.match(text, /Nothing on Verto's site matches/);
  });

  for (const [skill, input] of Object.entries(readInputs)) {
    it(`runs ${skill} with the MCP tool's input and returns the MCP tool's result`, async () => {
      const task = await send(agent.client, call(skill, input));
      assert.equal(task.status?.state, TaskState.TASK_STATE_COMPLETED);
      const result = resultOf(task);
      const tool = await mcp.callTool(skill, input);
      assert.equal(result.skill, skill);
      assert.deepEqual(result.data, tool.structuredContent);
      assert.equal(result.text, tool.content[0]?.text);
    });
  }

  it('keeps each finished task for GetTask and ListTasks, without the message that asked for it', async () => {
    const task = await send(agent.client, call('service_get_page', { slug: 'about' }));
    const again = await agent.client.getTask({ id: task.id, tenant: '', historyLength: undefined });
    assert.equal(again.status?.state, TaskState.TASK_STATE_COMPLETED);
    assert.equal(resultOf(again).data.slug, 'about');
    assert.deepEqual(again.history, []);
    assert.deepEqual(await listedTaskIds(agent.client, task.contextId), [task.id]);
  });

  it('gives a task to whoever holds its id, never to an address: a neighbour on the same address reads none', async () => {
    const home = { serviceParameters: { 'X-Forwarded-For': '2001:db8:1:100::1' } };
    const neighbour = { serviceParameters: { 'X-Forwarded-For': '2001:db8:1:100::2' } };
    const mine = await send(agent.client, ask('paid media'), home);
    const theirs = await send(agent.client, ask('paid media'), neighbour);
    const listOf = async (contextId: string, options: typeof home): Promise<string[]> =>
      (
        await agent.client.listTasks(
          { tenant: '', contextId, status: 0, pageSize: 100, pageToken: '', statusTimestampAfter: undefined },
          options,
        )
      ).tasks.map((t) => t.id);
    assert.deepEqual(await listOf('', neighbour), [], 'ListTasks names no context, so it lists none');
    assert.deepEqual(await listOf(theirs.contextId, neighbour), [theirs.id], 'a context lists its own tasks only');
    assert.notEqual(mine.contextId, theirs.contextId);
    const guessed = mine.id.slice(0, -1) + (mine.id.endsWith('0') ? '1' : '0');
    await assert.rejects(agent.client.getTask({ id: guessed, tenant: '', historyLength: undefined }, neighbour), {
      name: 'TaskNotFoundError',
    });
    await assert.rejects(
      agent.client.getTask({ id: theirs.id.toUpperCase(), tenant: '', historyLength: undefined }, home),
      { name: 'TaskNotFoundError' },
    );
    const elsewhere = { serviceParameters: { 'X-Forwarded-For': '198.51.100.9' } };
    assert.equal(
      (await agent.client.getTask({ id: mine.id, tenant: '', historyLength: undefined }, elsewhere)).id,
      mine.id,
      'its creator reads it from another address',
    );
  });

  it('pages ListTasks of a context last updated first with a cursor', async () => {
    const client = await clientFor(agent.app);
    const first = await send(client, ask('seo'));
    const ids = [first.id];
    for (const q of ['abm', 'events']) {
      const followUp = ask(q);
      followUp.message!.contextId = first.contextId;
      ids.push((await send(client, followUp)).id);
    }
    const list = (pageSize: number, pageToken = ''): ReturnType<typeof client.listTasks> =>
      client.listTasks({
        tenant: '',
        contextId: first.contextId,
        status: 0,
        pageSize,
        pageToken,
        statusTimestampAfter: undefined,
      });
    const all = (await list(100)).tasks;
    assert.deepEqual(all.map((t) => t.id).sort(), [...ids].sort());
    const times = all.map((t) => t.status?.timestamp ?? '');
    assert.deepEqual(times, [...times].sort().reverse());
    const page = await list(2);
    assert.equal(page.totalSize, 3);
    const second = await list(2, page.nextPageToken);
    assert.equal(second.nextPageToken, '');
    assert.deepEqual(
      [...page.tasks, ...second.tasks].map((t) => t.id),
      all.map((t) => t.id),
    );
    await assert.rejects(list(2, 'bm90IGEgdG9rZW4'), { name: 'RequestMalformedError' });
  });
});
