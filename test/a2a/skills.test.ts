// The official A2A client asks questions in plain text and calls every read skill; each skill's
// result is the MCP tool's result for the same input (one schema, one domain call), and the
// finished tasks can be read back, by the client that created them only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TaskState } from '@a2a-js/sdk';
import { modern, type TestClient } from '../mcp/clients.ts';
import { ask, call, clientFor, resultOf, send, startAgent, type A2aFixture } from './agent.ts';

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

  it('answers a plain-text question with the best pages and case studies, linked, and names the skills for more', async () => {
    const task = await send(agent.client, ask('cybersecurity pipeline'));
    assert.equal(task.status?.state, TaskState.TASK_STATE_COMPLETED);
    const { skill, data, text } = resultOf(task);
    assert.equal(skill, 'text');
    const pages = data.pages as { url: string; slug: string }[];
    const studies = data.caseStudies as { url: string; slug: string }[];
    assert.ok(pages.length > 0 && studies.length > 0);
    for (const hit of [...pages, ...studies]) assert.ok(hit.url.startsWith(agent.app.app.services.config.baseUrl), hit.url);
    assert.ok(studies.every((s) => s.slug.startsWith('case-studies/')), 'case studies carry the slug get_page accepts');
    assert.match(text, /## Case studies\n- .+ http/);
    for (const id of ['service_get_page', 'service_search_case_studies', 'service_send_enquiry']) assert.ok(text.includes(id), id);
  });

  it('says plainly when nothing on the site matches a question', async () => {
    const { text } = resultOf(await send(agent.client, ask('zzqxv')));
    assert.match(text, /Nothing on the site matches/);
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
    const listed = await agent.client.listTasks({ tenant: '', contextId: task.contextId, status: 0, pageToken: '', statusTimestampAfter: undefined, includeArtifacts: true });
    assert.deepEqual(listed.tasks.map((t) => t.id), [task.id]);
  });

  it('shows a client only its own tasks', async () => {
    const other = { serviceParameters: { 'X-Forwarded-For': '198.51.100.23' } };
    const mine = await send(agent.client, ask('paid media'));
    const theirs = await send(agent.client, ask('paid media'), other);
    const listOf = async (options?: typeof other): Promise<string[]> =>
      (await agent.client.listTasks({ tenant: '', contextId: '', status: 0, pageSize: 100, pageToken: '', statusTimestampAfter: undefined }, options)).tasks.map((t) => t.id);
    assert.ok((await listOf()).includes(mine.id));
    assert.ok(!(await listOf()).includes(theirs.id));
    assert.deepEqual(await listOf(other), [theirs.id]);
    await assert.rejects(agent.client.getTask({ id: mine.id, tenant: '', historyLength: undefined }, other), { name: 'TaskNotFoundError' });
  });

  it('pages ListTasks last updated first with a cursor', async () => {
    const client = await clientFor(agent.app);
    const pager = { serviceParameters: { 'X-Forwarded-For': '198.51.100.77' } };
    const ids: string[] = [];
    for (const q of ['seo', 'abm', 'events']) ids.push((await send(client, ask(q), pager)).id);
    const list = (pageSize: number, pageToken = ''): ReturnType<typeof client.listTasks> =>
      client.listTasks({ tenant: '', contextId: '', status: 0, pageSize, pageToken, statusTimestampAfter: undefined }, pager);
    const all = (await list(100)).tasks;
    assert.deepEqual(all.map((t) => t.id).sort(), [...ids].sort());
    const times = all.map((t) => t.status?.timestamp ?? '');
    assert.deepEqual(times, [...times].sort().reverse());
    const first = await list(2);
    assert.equal(first.totalSize, 3);
    const second = await list(2, first.nextPageToken);
    assert.equal(second.nextPageToken, '');
    assert.deepEqual([...first.tasks, ...second.tasks].map((t) => t.id), all.map((t) => t.id));
  });
});
