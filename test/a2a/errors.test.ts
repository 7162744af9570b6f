// Everything the agent refuses gets the A2A error the specification names, with a plain one-line
// message: bad input, unknown skills, streaming, push notifications, cancelling a finished task,
// unknown tasks, the wrong protocol version, broken JSON-RPC, and a spent request budget.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ask, awayFromMinuteBoundary, call, message, rpc, send, startAgent, type A2aFixture } from './agent.ts';

const sendRaw = (parts: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'SendMessage',
  params: { message: { messageId: `raw-${Math.random()}`, role: 'ROLE_USER', parts }, ...extra },
});

/** The JSON-RPC error of a raw call, checked to be one line and never an internal error. */
async function errorOf(
  agent: A2aFixture,
  body: unknown,
  headers?: Record<string, string>,
): Promise<{ status: number; code: number; message: string }> {
  const { status, json } = await rpc(agent.app, body, headers);
  assert.ok(json.error, JSON.stringify(json));
  assert.notEqual(json.error.code, -32603, json.error.message);
  assert.doesNotMatch(json.error.message, /\n/);
  return { status, code: json.error.code, message: json.error.message };
}

describe('A2A errors', () => {
  let agent: A2aFixture;
  before(async () => {
    agent = await startAgent({ TRUST_PROXY: 'loopback' });
  });
  after(() => agent.app.stop());

  it('refuses an unknown skill with InvalidParams naming the real skills', async () => {
    await assert.rejects(send(agent.client, call('service_nope', {})), (error: Error) => {
      assert.equal(error.name, 'RequestMalformedError');
      assert.match(
        error.message,
        /^Unknown skill "service_nope"\. Skills: service_get_site_index, .*service_send_enquiry, service_audit_site, ask\.$/,
      );
      return true;
    });
  });

  it('refuses bad skill input with InvalidParams naming each field, as the MCP tool does', async () => {
    await assert.rejects(send(agent.client, call('service_get_page', {})), {
      name: 'RequestMalformedError',
      message: 'Invalid input for service_get_page: slug is required.',
    });
    await assert.rejects(send(agent.client, call('service_search_case_studies', { limit: 500, colour: 'red' })), {
      message: 'Invalid input for service_search_case_studies: limit must be at most 49; colour is not a known field.',
    });
    await assert.rejects(send(agent.client, call('service_get_page', { slug: 'no-such-page' })), {
      name: 'RequestMalformedError',
      message: /No page with slug "no-such-page"/,
    });
  });

  it('refuses a data part that names no skill, several data parts, files, and an empty message', async () => {
    assert.match(
      (await errorOf(agent, sendRaw([{ data: { input: {} } }]))).message,
      /^Invalid data part: skill is required\. Send a text part/,
    );
    assert.equal((await errorOf(agent, sendRaw([{ data: { skill: 'a' } }, { data: { skill: 'b' } }]))).code, -32602);
    assert.match(
      (await errorOf(agent, sendRaw([{ data: 'service_get_page' }]))).message,
      /^The data part is not an object\./,
    );
    assert.equal((await errorOf(agent, sendRaw([{ url: 'https://example.com/brief.pdf' }]))).code, -32005);
    assert.equal((await errorOf(agent, sendRaw([]))).code, -32602);
    await assert.rejects(send(agent.client, ask('x'.repeat(501))), {
      message: 'Invalid input for text: text must be at most 500 characters long.',
    });
  });

  it('answers streaming and resubscription with UnsupportedOperationError, as the card says', async () => {
    const stream = await errorOf(agent, { ...sendRaw([{ text: 'hi' }]), method: 'SendStreamingMessage' });
    assert.deepEqual([stream.code, stream.message], [-32004, 'Streaming is not supported.']);
    assert.equal(
      (await errorOf(agent, { jsonrpc: '2.0', id: 1, method: 'SubscribeToTask', params: { id: 'x' } })).code,
      -32004,
    );
    assert.equal((await errorOf(agent, { jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard' })).code, -32004);
  });

  it('answers push-notification requests with PushNotificationNotSupportedError', async () => {
    const task = await send(agent.client, ask('paid media'));
    const create = {
      jsonrpc: '2.0',
      id: 1,
      method: 'CreateTaskPushNotificationConfig',
      params: { taskId: task.id, url: 'https://example.com/hook' },
    };
    assert.equal((await errorOf(agent, create)).code, -32003);
    const inline = sendRaw([{ text: 'hi' }], {
      configuration: { taskPushNotificationConfig: { url: 'https://example.com/hook' } },
    });
    assert.equal((await errorOf(agent, inline)).code, -32003);
  });

  it('refuses to cancel a finished task, and knows no task it did not create', async () => {
    const task = await send(agent.client, ask('paid media'));
    await assert.rejects(agent.client.cancelTask({ id: task.id, tenant: '', metadata: undefined }), {
      name: 'TaskNotCancelableError',
    });
    await assert.rejects(agent.client.cancelTask({ id: 'no-such-task', tenant: '', metadata: undefined }), {
      name: 'TaskNotFoundError',
    });
    await assert.rejects(agent.client.getTask({ id: 'no-such-task', tenant: '', historyLength: undefined }), {
      name: 'TaskNotFoundError',
    });
    const followUp = message({ text: 'and more?' });
    followUp.message!.taskId = task.id;
    await assert.rejects(send(agent.client, followUp), {
      name: 'UnsupportedOperationError',
      message: `Task ${task.id} has completed; send a new message without taskId.`,
    });
    followUp.message!.taskId = 'no-such-task';
    await assert.rejects(send(agent.client, followUp), { name: 'TaskNotFoundError' });
  });

  it('answers a version it does not serve, and a 1.0 method sent without the header, with VersionNotSupportedError', async () => {
    const none = await errorOf(agent, sendRaw([{ text: 'hi' }]), { 'a2a-version': '' });
    assert.deepEqual(
      [none.code, none.message],
      [
        -32009,
        'SendMessage is an A2A 1.0 method, and a request without an A2A-Version header is read as version 0.3: send the header A2A-Version: 1.0.',
      ],
    );
    const other = await errorOf(agent, sendRaw([{ text: 'hi' }]), { 'a2a-version': '2.0' });
    assert.deepEqual([other.status, other.code], [200, -32009]);
    assert.match(other.message, /^Version 2\.0 is not served on JSONRPC; this binding speaks A2A 1\.0 and 0\.3/);
  });

  it('answers broken JSON-RPC with the JSON-RPC errors, in its own words', async () => {
    assert.deepEqual(await errorOf(agent, '{"jsonrpc": '), {
      status: 200,
      code: -32700,
      message: 'The body is not valid JSON.',
    });
    assert.equal((await errorOf(agent, { id: 1, method: 'SendMessage', params: {} })).code, -32600);
    assert.match(
      (await errorOf(agent, { jsonrpc: '2.0', id: 1, method: 'tasks/send', params: {} })).message,
      /^"tasks\/send" is not an A2A method/,
    );
    assert.equal(
      (
        await errorOf(agent, {
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: { message: { parts: [{ text: 'hi' }] } },
        })
      ).code,
      -32602,
    );
  });

  it('refuses other content types, oversized bodies and other HTTP methods, and answers CORS preflights', async () => {
    const form = await fetch(`${agent.app.baseUrl}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    assert.equal(form.status, 415);
    const formError = ((await form.json()) as { error: { code: number; message: string } }).error;
    assert.deepEqual(formError, {
      code: -32600,
      message: 'Send the JSON-RPC request as Content-Type: application/json.',
    });
    const big = await errorOf(agent, sendRaw([{ text: 'x'.repeat(70 * 1024) }]));
    assert.deepEqual(big, { status: 413, code: -32600, message: 'The request body is larger than 64 KiB.' });
    // The HTTP+JSON binding words the same refusals as google.rpc.Status bodies.
    const rest = (contentType: string, body: string) =>
      fetch(`${agent.app.baseUrl}/a2a/rest/message:send`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'a2a-version': '1.0' },
        body,
      });
    const restForm = await rest('text/plain', 'hi');
    assert.equal(restForm.status, 415);
    assert.deepEqual(((await restForm.json()) as { error: unknown }).error, {
      code: 415,
      status: 'INVALID_ARGUMENT',
      message: 'Send the request body as application/a2a+json or application/json.',
      details: [],
    });
    const restBig = await rest('application/json', JSON.stringify({ message: { text: 'x'.repeat(70 * 1024) } }));
    assert.equal(restBig.status, 413);
    assert.equal(
      ((await restBig.json()) as { error: { message: string } }).error.message,
      'The request body is larger than 64 KiB.',
    );
    const get = await fetch(`${agent.app.baseUrl}/a2a`);
    assert.deepEqual([get.status, get.headers.get('allow')], [405, 'POST, OPTIONS']);
    const preflight = await fetch(`${agent.app.baseUrl}/a2a`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /A2A-Version/);
  });

  it('counts every request against the shared 300/min budget, with RateLimit headers, then refuses with 429', async () => {
    const client = { 'x-forwarded-for': '203.0.113.50' };
    await awayFromMinuteBoundary();
    const first = await rpc(agent.app, sendRaw([{ text: 'seo' }]), client);
    assert.equal(first.headers.get('ratelimit-limit'), '300');
    assert.equal(first.headers.get('ratelimit-remaining'), '299');
    for (let i = 1; i < 300; i += 1)
      await rpc(agent.app, { jsonrpc: '2.0', id: i, method: 'GetTask', params: { id: 'x' } }, client);
    const refused = await rpc(agent.app, sendRaw([{ text: 'seo' }]), client);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal(refused.json.error.code, -32000);
    assert.match(refused.json.error.message, /^Too many requests from this client\. Retry after \d+ seconds\.$/);
  });
});
