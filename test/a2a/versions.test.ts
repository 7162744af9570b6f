// A2A 0.3 clients (no A2A-Version header, `message/send` with `kind` parts, the card's top-level `url`)
// are served on the JSON-RPC binding through the SDK's compatibility layer, beside 1.0 clients:
// the 0.3 line of the official SDK and the 1.x SDK's own 0.3 transport both run a question, a skill
// and GetTask. A version the agent does not serve gets VersionNotSupportedError.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SendMessageRequest } from '@a2a-js/sdk';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import {
  ClientFactory as ClientFactoryV03,
  ClientFactoryOptions as ClientFactoryOptionsV03,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  type Client as ClientV03,
} from 'a2a-sdk-v03/client';
import { ask, resultOf, rpc, send, startAgent, type A2aFixture } from './agent.ts';

interface Exchange {
  method: string;
  url: string;
  version: string | null;
  body: any;
  status: number;
}

/** A fetch that records what a client sent (A2A-Version header, JSON body) and the status it got. */
function recordingFetch(into: Exchange[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    into.push({
      method: init?.method ?? 'GET',
      url: String(input),
      version: headers.get('a2a-version'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      status: response.status,
    });
    return response;
  };
}

describe('A2A 0.3 and 1.0 clients', () => {
  let agent: A2aFixture;
  let v03: ClientV03;
  const wire: Exchange[] = [];
  before(async () => {
    agent = await startAgent();
    const fetchImpl = recordingFetch(wire);
    v03 = await new ClientFactoryV03(
      ClientFactoryOptionsV03.createFrom(ClientFactoryOptionsV03.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl })],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      }),
    ).createFromUrl(agent.app.baseUrl);
  });
  after(() => agent.app.stop());

  it('serves the 0.3 line of the official SDK: message/send with kind parts, no A2A-Version, then tasks/get', async () => {
    {
      const task = await v03.sendMessage({
        message: {
          kind: 'message',
          messageId: 'v03-1',
          role: 'user',
          parts: [{ kind: 'text', text: 'cybersecurity pipeline' }],
        },
      });
      assert.equal(task.kind, 'task');
      assert.equal(task.kind === 'task' && task.status.state, 'completed');
      const parts = task.kind === 'task' ? (task.artifacts?.[0]?.parts ?? []) : [];
      assert.deepEqual(
        parts.map((p) => p.kind),
        ['data', 'text'],
      );
      const skill = await v03.sendMessage({
        message: {
          kind: 'message',
          messageId: 'v03-2',
          role: 'user',
          parts: [{ kind: 'data', data: { skill: 'service_get_page', input: { slug: 'about' } } }],
        },
      });
      const data = skill.kind === 'task' ? skill.artifacts?.[0]?.parts[0] : undefined;
      assert.equal(data?.kind === 'data' && data.data.slug, 'about');
      const read = await v03.getTask({ id: task.id });
      assert.equal(read.id, task.id);
    }
    assert.deepEqual([wire[0]!.url, wire[0]!.status], [`${agent.app.baseUrl}/.well-known/agent-card.json`, 200]);
    // The card's address (BASE_URL), as the 0.3 client read it from the card.
    const endpoint = `${agent.app.app.services.config.baseUrl}/a2a`;
    const calls = wire.filter((exchange) => exchange.method === 'POST');
    assert.deepEqual(
      calls.map((c) => [c.url, c.version, c.body.method, c.status]),
      [
        [endpoint, null, 'message/send', 200],
        [endpoint, null, 'message/send', 200],
        [endpoint, null, 'tasks/get', 200],
      ],
    );
    assert.equal(calls[0]!.body.params.message.parts[0].kind, 'text');
  });

  it("serves the 1.x SDK's own 0.3 transport, with the same result as a 1.0 client", async () => {
    const legacy = new LegacyJsonRpcTransport({ endpoint: `${agent.app.baseUrl}/a2a` });
    const request = (): SendMessageRequest =>
      SendMessageRequest.fromJSON({
        message: { messageId: `legacy-${Math.random()}`, role: 'ROLE_USER', parts: [{ text: 'fintech' }] },
      });
    const old = await legacy.sendMessage(request());
    assert.ok('artifacts' in old);
    assert.deepEqual(resultOf(old).data, resultOf(await send(agent.client, ask('fintech'))).data);
    assert.equal((await legacy.getTask({ id: old.id, tenant: '', historyLength: undefined })).id, old.id);
    await assert.rejects(legacy.getTask({ id: 'no-such-task', tenant: '', historyLength: undefined }), {
      name: 'TaskNotFoundError',
    });
  });

  it('answers a version it does not serve with VersionNotSupportedError on both bindings', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'message/send',
      params: { message: { kind: 'message', messageId: 'v02', role: 'user', parts: [{ kind: 'text', text: 'hi' }] } },
    };
    const old = await rpc(agent.app, body, { 'a2a-version': '0.2' });
    assert.deepEqual([old.status, old.json.error.code], [200, -32009]);
    const rest = await fetch(`${agent.app.baseUrl}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/a2a+json', 'a2a-version': '0.3' },
      body: '{}',
    });
    const error = ((await rest.json()) as { error: { details: Array<{ reason: string }> } }).error;
    assert.deepEqual([rest.status, error.details[0]!.reason], [400, 'VERSION_NOT_SUPPORTED']);
  });
});
