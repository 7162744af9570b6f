// The HTTP+JSON binding, through the official client's REST transport: the same skills and task
// rules as JSON-RPC, the protocol's REST paths, google.rpc.Status errors with the spec's statuses,
// and the same budgets.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@a2a-js/sdk/client';
import {
  awayFromMinuteBoundary,
  ask,
  call,
  listedTaskIds,
  resultOf,
  send,
  startAgent,
  type A2aFixture,
  restClientFor,
} from './agent.ts';

const enquiry = {
  fromName: 'Grace Hopper',
  fromEmail: 'grace@example.com',
  message: 'Please call me about demand generation.',
};

describe('the HTTP+JSON binding', () => {
  let agent: A2aFixture;
  let rest: Client;
  const raw = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; headers: Headers; json: any }> => {
    const response = await fetch(`${agent.app.baseUrl}/a2a/rest${path}`, {
      method,
      headers: { 'content-type': 'application/a2a+json', 'a2a-version': '1.0', ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, json: await response.json() };
  };
  before(async () => {
    agent = await startAgent({ TRUST_PROXY: 'loopback' });
    rest = await restClientFor(agent.app);
  });
  after(() => agent.app.stop());

  it('is the second interface of the card, and the one a client preferring HTTP+JSON picks', async () => {
    const card = await rest.getAgentCard();
    assert.deepEqual(
      card.supportedInterfaces.map((i) => [i.protocolBinding, i.url, i.protocolVersion]),
      [
        ['JSONRPC', `${agent.app.app.services.config.baseUrl}/a2a`, '1.0'],
        ['HTTP+JSON', `${agent.app.app.services.config.baseUrl}/a2a/rest`, '1.0'],
        ['JSONRPC', `${agent.app.app.services.config.baseUrl}/a2a`, '0.3'],
      ],
    );
    const task = await send(rest, ask('security'));
    const read = await raw('GET', `/tasks/${task.id}`);
    assert.equal(read.status, 200, 'the task was created over REST');
    assert.equal(read.headers.get('ratelimit-limit'), '300', 'HTTP+JSON requests spend the shared request budget');
  });

  it('answers a question and runs a skill with the same results as JSON-RPC', async () => {
    for (const request of [() => ask('cybersecurity pipeline'), () => call('service_get_page', { slug: 'about' })]) {
      const overRest = resultOf(await send(rest, request()));
      const overRpc = resultOf(await send(agent.client, request()));
      assert.deepEqual(overRest, overRpc);
    }
  });

  it('reads tasks back, refuses to cancel a finished one and knows no other', async () => {
    const task = await send(rest, call('service_get_contact', {}));
    assert.equal(
      resultOf(await rest.getTask({ id: task.id, tenant: '', historyLength: undefined })).skill,
      'service_get_contact',
    );
    assert.deepEqual(await listedTaskIds(rest, task.contextId), [task.id]);
    await assert.rejects(rest.cancelTask({ id: task.id, tenant: '', metadata: undefined }), {
      name: 'TaskNotCancelableError',
    });
    await assert.rejects(rest.getTask({ id: 'no-such-task', tenant: '', historyLength: undefined }), {
      name: 'TaskNotFoundError',
    });
    assert.equal((await raw('POST', `/tasks/${task.id}:cancel`)).status, 400);
    assert.equal((await raw('GET', '/tasks/no-such-task')).status, 404);
  });

  it("refuses bad input, streaming, push notifications and a missing version with the spec's statuses", async () => {
    await assert.rejects(send(rest, call('service_get_page', {})), {
      name: 'RequestMalformedError',
      message: 'Invalid input for service_get_page: slug is required.',
    });
    const expect = async (
      answer: Promise<{ status: number; json: any }>,
      status: number,
      reason: string,
    ): Promise<void> => {
      const { status: actual, json } = await answer;
      assert.equal(actual, status);
      assert.equal(json.error.code, status);
      assert.equal(json.error.details[0].reason, reason);
      assert.doesNotMatch(json.error.message, /\n/);
    };
    const message = { message: { messageId: 'r1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } };
    await expect(raw('POST', '/message:stream', message), 400, 'UNSUPPORTED_OPERATION');
    await expect(raw('POST', '/tasks/x:subscribe'), 400, 'UNSUPPORTED_OPERATION');
    await expect(
      raw('POST', '/tasks/x/pushNotificationConfigs', { url: 'https://example.com/hook' }),
      400,
      'PUSH_NOTIFICATION_NOT_SUPPORTED',
    );
    await expect(raw('GET', '/tasks/x/pushNotificationConfigs/c1'), 400, 'PUSH_NOTIFICATION_NOT_SUPPORTED');
    await expect(raw('POST', '/message:send', message, { 'a2a-version': '' }), 400, 'VERSION_NOT_SUPPORTED');
    await expect(
      raw('POST', '/message:send', {
        message: { messageId: 'r2', role: 'ROLE_USER', parts: [{ url: 'https://example.com/a.pdf' }] },
      }),
      400,
      'CONTENT_TYPE_NOT_SUPPORTED',
    );
    const unknown = await raw('GET', '/nothing-here');
    assert.deepEqual([unknown.status, unknown.json.error.status], [404, 'NOT_FOUND']);
    const broken = await fetch(`${agent.app.baseUrl}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: '{"message": ',
    });
    assert.equal(broken.status, 400);
    assert.equal(
      ((await broken.json()) as { error: { message: string } }).error.message,
      'The body is not valid JSON.',
    );
  });

  it('spends the shared enquiry budget and refuses the sixth enquiry with 429, Retry-After and the contact headers', async () => {
    const client = { 'x-forwarded-for': '203.0.113.80' };
    const body = {
      message: {
        messageId: 'e',
        role: 'ROLE_USER',
        parts: [{ data: { skill: 'service_send_enquiry', input: enquiry } }],
      },
    };
    await awayFromMinuteBoundary();
    for (let i = 0; i < 5; i += 1)
      assert.equal(
        (await raw('POST', '/message:send', { message: { ...body.message, messageId: `e${i}` } }, client)).status,
        200,
      );
    const refused = await raw('POST', '/message:send', { message: { ...body.message, messageId: 'e6' } }, client);
    assert.equal(refused.status, 429);
    assert.equal(refused.json.error.status, 'RESOURCE_EXHAUSTED');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.match(refused.headers.get('ratelimit') ?? '', /^"contact-minute";r=0;/);
  });
});
