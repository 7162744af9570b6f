// Tasks read back are for the client holding their ids: GetTask, ListTasks and CancelTask answers
// carry no CORS grant (a page on another origin cannot read them), while sending a message still
// does; and a stored task keeps no e-mail address or phone number that the client wrote.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ask, resultOf, rpc, send, startAgent, type A2aFixture } from './agent.ts';

describe('A2A task privacy', () => {
  let agent: A2aFixture;
  before(async () => {
    agent = await startAgent();
  });
  after(() => agent.app.stop());

  it('sends no CORS grant with GetTask and ListTasks on either binding, and one with SendMessage', async () => {
    const task = await send(agent.client, ask('paid media'));
    const origin = { origin: 'https://elsewhere.example' };
    const simpleGet = await fetch(`${agent.app.baseUrl}/a2a/rest/tasks?A2A-Version=1.0&contextId=${task.contextId}`, {
      headers: origin,
    });
    assert.equal(simpleGet.status, 200);
    assert.equal(simpleGet.headers.get('access-control-allow-origin'), null);
    const get = await fetch(`${agent.app.baseUrl}/a2a/rest/tasks/${task.id}?A2A-Version=1.0`, { headers: origin });
    assert.deepEqual([get.status, get.headers.get('access-control-allow-origin')], [200, null]);
    for (const [method, params] of [
      ['GetTask', { id: task.id }],
      ['ListTasks', { contextId: task.contextId }],
    ] as const) {
      const answer = await rpc(agent.app, { jsonrpc: '2.0', id: 1, method, params }, origin);
      assert.ok(answer.json.result, method);
      assert.equal(answer.headers.get('access-control-allow-origin'), null, method);
    }
    const legacy = await rpc(
      agent.app,
      { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: task.id } },
      { ...origin, 'a2a-version': '' },
    );
    assert.deepEqual([legacy.json.result.id, legacy.headers.get('access-control-allow-origin')], [task.id, null]);
    const sent = await rpc(
      agent.app,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'SendMessage',
        params: { message: { messageId: 'cors-1', role: 'ROLE_USER', parts: [{ text: 'seo' }] } },
      },
      origin,
    );
    assert.equal(sent.headers.get('access-control-allow-origin'), '*');
  });

  it('keeps no e-mail address or phone number from a question in the stored task, and answers it at once in full', async () => {
    const question = 'ABM for fintech, mail jane.doe@victim.example or call +44 20 7946 0958';
    const task = await send(agent.client, ask(question));
    assert.equal(resultOf(task).data.query, question, 'the answer sent at once is the full answer');
    const row = await agent.app.app.services.store.db
      .selectFrom('a2a_tasks')
      .select('body')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    assert.doesNotMatch(row.body, /victim\.example|7946/);
    const stored = resultOf(await agent.client.getTask({ id: task.id, tenant: '', historyLength: undefined }));
    assert.equal(stored.data.query, '(withheld: contact details)');
    assert.match(stored.text, /^# Verto: answers to "\(withheld: contact details\)"/);
    assert.ok((stored.data.results as unknown[]).length > 0, 'the rest of the answer is kept');
  });
});
