// A request body past the A2A bounds (nested too deep, too many values) is refused as invalid
// params before anything runs, on both bindings, so no enquiry is recorded and none is reported
// as "not completed"; a retried message gets the task its first copy created and records one
// enquiry; and once a skill has run, its result is the answer even when the task cannot be kept.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { awayFromMinuteBoundary, rpc, startAgent, type A2aFixture } from './agent.ts';

const enquiry = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  topic: 'services',
  message: 'Please contact me about account-based marketing.',
};

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

const sendEnquiry = (messageId: string, metadata?: unknown): Record<string, unknown> => ({
  message: {
    messageId,
    role: 'ROLE_USER',
    parts: [{ data: { skill: 'service_send_enquiry', input: enquiry } }],
    ...(metadata !== undefined && { metadata }),
  },
});

describe('A2A request bounds and retries', () => {
  let agent: A2aFixture;
  const enquiries = async (): Promise<number> =>
    Number(
      (
        await agent.app.app.services.store.db
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rest = async (body: unknown): Promise<{ status: number; json: any; type: string | null }> => {
    const response = await fetch(`${agent.app.baseUrl}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/a2a+json', 'a2a-version': '1.0' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json(), type: response.headers.get('content-type') };
  };
  before(async () => {
    agent = await startAgent();
    await awayFromMinuteBoundary();
  });
  after(() => agent.app.stop());

  it('refuses metadata nested 2 000 deep as invalid params on JSON-RPC, and records no enquiry', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: sendEnquiry('deep-rpc', nested(2_000)) };
    assert.ok(JSON.stringify(body).length < 64 * 1024);
    const { status, json } = await rpc(agent.app, body);
    assert.deepEqual(
      [status, json.error.code, json.error.message],
      [200, -32602, 'The request body is nested more than 16 levels deep.'],
    );
    const part = {
      jsonrpc: '2.0',
      id: 2,
      method: 'SendMessage',
      params: { message: { messageId: 'deep-part', role: 'ROLE_USER', parts: [{ text: 'hi', metadata: nested(40) }] } },
    };
    assert.equal((await rpc(agent.app, part)).json.error.code, -32602);
    const wide = {
      jsonrpc: '2.0',
      id: 3,
      method: 'SendMessage',
      params: sendEnquiry('wide-rpc', { list: Array.from({ length: 5_000 }, () => 0) }),
    };
    assert.deepEqual(
      [(await rpc(agent.app, wide)).json.error.message],
      ['The request body holds more than 4096 JSON values.'],
    );
    assert.equal(
      (await rpc(agent.app, { jsonrpc: '2.0', id: 4, method: 'SendMessage', params: [1] })).json.error.code,
      -32602,
    );
    assert.equal(await enquiries(), 0);
  });

  it('answers params of the wrong shape, in either version, with a protocol error and never an internal one', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['1.0', 'SendMessage', { message: 5 }],
      ['1.0', 'SendMessage', { message: { messageId: 'a', role: 'ROLE_USER', parts: 'x' } }],
      ['1.0', 'SendMessage', { message: { messageId: 5, role: 'ROLE_USER', parts: [{ text: 'hi' }] } }],
      [
        '1.0',
        'SendMessage',
        { message: { messageId: 'b', role: 'ROLE_USER', parts: [{ text: 'hi' }], metadata: [1] } },
      ],
      ['1.0', 'GetTask', { id: 5 }],
      ['1.0', 'ListTasks', { contextId: 5 }],
      ['', 'message/send', { message: { kind: 'message', messageId: 'c', role: 'user', parts: [7] } }],
      ['', 'tasks/get', { id: 5 }],
      ['', 'tasks/pushNotificationConfig/set', {}],
    ];
    for (const [version, method, params] of cases) {
      const { status, json } = await rpc(
        agent.app,
        { jsonrpc: '2.0', id: 9, method, params },
        { 'a2a-version': version },
      );
      assert.equal(status, 200, `${method} ${JSON.stringify(params)}`);
      assert.ok(
        [-32602, -32003].includes(json.error?.code),
        `${method} ${JSON.stringify(params)}: ${JSON.stringify(json)}`,
      );
    }
    assert.equal(await enquiries(), 0);
  });

  it('refuses the same body on HTTP+JSON with 400 INVALID_ARGUMENT, as application/a2a+json, and records no enquiry', async () => {
    const { status, json, type } = await rest(sendEnquiry('deep-rest', nested(2_000)));
    assert.deepEqual(
      [status, json.error.status, json.error.message],
      [400, 'INVALID_ARGUMENT', 'The request body is nested more than 16 levels deep.'],
    );
    assert.match(String(type), /^application\/a2a\+json\b/);
    assert.equal((await rest([sendEnquiry('array-rest')])).status, 400);
    assert.equal(await enquiries(), 0);
  });

  it('answers a retried message with the task its first copy created, and records one enquiry, on both bindings', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 5,
      method: 'SendMessage',
      params: sendEnquiry('retried-1', { trace: { attempt: 'x' } }),
    };
    const first = (await rpc(agent.app, body)).json.result.task;
    const again = (await rpc(agent.app, { ...body, id: 6 })).json.result.task;
    assert.equal(again.id, first.id);
    assert.deepEqual(again.artifacts, first.artifacts);
    const overRest = await rest(sendEnquiry('retried-2'));
    const restAgain = await rest(sendEnquiry('retried-2'));
    assert.equal(restAgain.json.task.id, overRest.json.task.id);
    assert.equal(await enquiries(), 2);
  });

  it('answers with the recorded enquiry when the task cannot be kept, and records it once when that message is sent again', async () => {
    const db = agent.app.app.services.store.db;
    await sql`alter table a2a_tasks rename to a2a_tasks_away`.execute(db);
    try {
      const body = { jsonrpc: '2.0', id: 7, method: 'SendMessage', params: sendEnquiry('unkept-1') };
      const first = await rpc(agent.app, body);
      assert.equal(first.status, 200);
      const task = first.json.result.task;
      assert.equal(task.status.state, 'TASK_STATE_COMPLETED');
      assert.deepEqual(task.metadata, { skill: 'service_send_enquiry', kept: false });
      const reference = task.artifacts[0].parts[0].data.reference;
      assert.match(task.artifacts[0].parts[1].text, /^Enquiry accepted: reference enq_/);
      const again = (await rpc(agent.app, { ...body, id: 8 })).json.result.task;
      assert.equal(again.artifacts[0].parts[0].data.reference, reference);
      assert.match(again.artifacts[0].parts[1].text, /^Already accepted earlier/);
    } finally {
      await sql`alter table a2a_tasks_away rename to a2a_tasks`.execute(db);
    }
    assert.equal(await enquiries(), 3);
  });
});
