// A query parameter of the HTTP+JSON binding sent twice is the protocol's bad input (400
// INVALID_ARGUMENT naming it), never an internal error; the same on SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, rpc, send, startAgent, type A2aFixture } from './agent.ts';

describe('repeated query parameters of the A2A bindings', () => {
  let agent: A2aFixture;
  let taskId: string;
  let contextId: string;
  before(async () => {
    agent = await startAgent();
    const task = await send(agent.client, call('service_get_contact', {}));
    taskId = task.id;
    contextId = task.contextId;
  });
  after(() => agent.app.stop());

  const get = async (path: string, headers: Record<string, string> = { 'a2a-version': '1.0' }) => {
    const response = await fetch(`${agent.app.baseUrl}/a2a/rest${path}`, { headers });
    const body = (await response.json()) as { error: Record<string, unknown> };
    return { status: response.status, error: body.error };
  };

  it('refuses every ListTasks parameter given twice with 400 INVALID_ARGUMENT naming it', async () => {
    const twice: Record<string, [string, string]> = {
      contextId: [contextId, 'other'],
      status: ['TASK_STATE_COMPLETED', 'TASK_STATE_COMPLETED'],
      pageSize: ['1', '2'],
      pageToken: ['a', 'b'],
      historyLength: ['0', '1'],
      statusTimestampAfter: ['2020-01-01T00:00:00Z', '2021-01-01T00:00:00Z'],
      includeArtifacts: ['true', 'false'],
      'A2A-Version': ['1.0', '1.0'],
    };
    for (const [name, [first, second]] of Object.entries(twice)) {
      const query = new URLSearchParams([
        ...(name === 'contextId' ? [] : [['contextId', contextId] as [string, string]]),
        [name, first],
        [name, second],
      ]);
      // The version parameter is read only when no A2A-Version header is sent.
      const { status, error } = await get(`/tasks?${query}`, name === 'A2A-Version' ? {} : undefined);
      assert.equal(status, 400, `${name}: ${JSON.stringify(error)}`);
      assert.equal(error.status, 'INVALID_ARGUMENT');
      assert.equal(error.message, `The query parameter ${name} is given more than once; send it once.`);
    }
  });

  it('refuses historyLength given twice on GetTask, and still answers it given once', async () => {
    const twice = await get(`/tasks/${taskId}?historyLength=0&historyLength=1`);
    assert.deepEqual(
      [twice.status, twice.error.message],
      [400, 'The query parameter historyLength is given more than once; send it once.'],
    );
    assert.equal((await get(`/tasks/${taskId}?historyLength=0`)).status, 200);
    assert.equal((await get(`/tasks?contextId=${contextId}&pageSize=1`)).status, 200);
  });

  it('answers A2A-Version given twice on the JSON-RPC address with invalid params', async () => {
    const response = await fetch(`${agent.app.baseUrl}/a2a?A2A-Version=1.0&A2A-Version=0.3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: taskId } }),
    });
    const body = (await response.json()) as { id: number; error: { code: number; message: string } };
    assert.deepEqual(
      [response.status, body.id, body.error.code, body.error.message],
      [200, 7, -32602, 'The query parameter A2A-Version is given more than once; send it once.'],
    );
    assert.equal(
      (await rpc(agent.app, { jsonrpc: '2.0', id: 8, method: 'GetTask', params: { id: taskId } })).status,
      200,
    );
  });
});
