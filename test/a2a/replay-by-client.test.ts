// A retried message (same messageId, same content) gets the task its first copy created only when the
// same client sends it again: another client replaying it, on either binding, gets a task of its own
// and never the first client's task id, contextId or enquiry reference.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SendMessageRequest } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { ask, call, restClientFor, resultOf, send, startAgent, type A2aFixture } from './agent.ts';

/** The request options of a client at `address` (TRUST_PROXY=loopback believes X-Forwarded-For). */
const from = (address: string, extra: Record<string, string> = {}) => ({
  serviceParameters: { 'X-Forwarded-For': address, ...extra },
});
const alice = from('203.0.113.10');
const mallory = from('198.51.100.66');

describe('A2A message replays are tied to their client', () => {
  let agent: A2aFixture;
  let rest: Client;
  before(async () => {
    agent = await startAgent({ TRUST_PROXY: 'loopback' });
    rest = await restClientFor(agent.app);
  });
  after(() => agent.app.stop());

  it('answers the same client retrying a message with its first task', async () => {
    const question = ask('demand generation');
    const first = await send(agent.client, question, alice);
    const again = await send(agent.client, question, alice);
    assert.deepEqual([again.id, again.contextId], [first.id, first.contextId]);
  });

  it('gives another client replaying the exact message a task of its own, on both bindings', async () => {
    for (const client of [agent.client, rest]) {
      const question: SendMessageRequest = ask('account-based marketing');
      const first = await send(client, question, alice);
      const replayed = await send(client, question, mallory);
      assert.notEqual(replayed.id, first.id);
      assert.notEqual(replayed.contextId, first.contextId);
      assert.deepEqual(resultOf(replayed), { ...resultOf(first) }, 'the answer itself is the same');
      // The first client's context lists only its own task.
      const listed = await client.listTasks(
        {
          tenant: '',
          contextId: first.contextId,
          status: 0,
          pageToken: '',
          statusTimestampAfter: undefined,
          includeArtifacts: false,
        },
        alice,
      );
      assert.deepEqual(
        listed.tasks.map((t) => t.id),
        [first.id],
      );
    }
  });

  it("never hands another client the first client's enquiry reference", async () => {
    const enquiry = call('service_send_enquiry', {
      fromName: 'Ada Lovelace',
      fromEmail: 'ada@example.com',
      message: 'Please call me about demand generation.',
    });
    const first = resultOf(await send(agent.client, enquiry, alice)).data;
    const retried = resultOf(await send(agent.client, enquiry, alice)).data;
    assert.equal(retried.reference, first.reference, 'the same client retrying records the enquiry once');
    const replayed = resultOf(await send(agent.client, enquiry, mallory)).data;
    assert.notEqual(replayed.reference, first.reference);
    assert.equal(replayed.replayed, false);
  });

  it('treats the same address with another Authorization header as another client', async () => {
    const question = ask('paid media');
    const first = await send(agent.client, question, alice);
    const other = await send(agent.client, question, from('203.0.113.10', { Authorization: 'Bearer other-key' }));
    assert.notEqual(other.id, first.id);
  });
});
