// The enquiry skill goes through the one enquiry path: REST's and MCP's validation, idempotency and
// per-client 5/min budget (shared with them), recorded as channel "a2a"; a spent budget is a 429.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { awayFromMinuteBoundary, call, resultOf, rpc, send, startAgent, type A2aFixture } from './agent.ts';

const skill = 'service_send_enquiry';
const enquiry = {
  fromName: 'Grace Hopper',
  fromEmail: 'grace@example.com',
  topic: 'services',
  message: 'Please call me about demand generation.',
};

describe('enquiries through A2A', () => {
  let agent: A2aFixture;
  before(async () => {
    agent = await startAgent();
    await awayFromMinuteBoundary();
  });
  after(() => agent.app.stop());

  it('accepts an enquiry, records it as channel a2a, and replays it for the same idempotencyKey', async () => {
    const first = resultOf(await send(agent.client, call(skill, { ...enquiry, idempotencyKey: 'a2a-order-1' }))).data;
    assert.match(String(first.reference), /^enq_[0-9a-f]{16}$/);
    assert.equal(first.replayed, false);
    assert.deepEqual(
      (first.rateLimit as { window: string; remaining: number }[]).map((w) => [w.window, w.remaining]),
      [
        ['contact-minute', 4],
        ['contact-day', 49],
      ],
    );
    const row = await agent.app.app.services.store.db
      .selectFrom('enquiries')
      .select(['channel', 'topic'])
      .where('reference', '=', String(first.reference))
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { channel: 'a2a', topic: 'services' });

    const again = resultOf(await send(agent.client, call(skill, { ...enquiry, idempotencyKey: 'a2a-order-1' })));
    assert.equal(again.data.replayed, true);
    assert.equal(again.data.reference, first.reference);
    assert.equal((again.data.rateLimit as { remaining: number }[])[0]?.remaining, 4, 'a replay spends no quota');
    assert.match(again.text, /^Already accepted earlier/);
  });

  it('refuses the same key with other content, and invalid input, without spending the budget', async () => {
    await assert.rejects(
      send(
        agent.client,
        call(skill, { ...enquiry, message: 'Something else entirely, please.', idempotencyKey: 'a2a-order-1' }),
      ),
      { name: 'RequestMalformedError', message: /idempotencyKey/ },
    );
    await assert.rejects(send(agent.client, call(skill, { ...enquiry, fromEmail: 'grace', message: 'short' })), {
      name: 'RequestMalformedError',
      message:
        'Invalid input for service_send_enquiry: fromEmail must be an e-mail address; message must be at least 10 characters long.',
    });
  });

  it('shares the 5-per-minute budget with the REST API and refuses the sixth enquiry with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) await send(agent.client, call(skill, enquiry));
    const rest = await fetch(`${agent.app.baseUrl}/agent/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(enquiry),
    });
    assert.equal(rest.status, 202);
    assert.equal(rest.headers.get('ratelimit-remaining'), '0');

    const refused = await rpc(agent.app, {
      jsonrpc: '2.0',
      id: 6,
      method: 'SendMessage',
      params: { message: { messageId: 'sixth', role: 'ROLE_USER', parts: [{ data: { skill, input: enquiry } }] } },
    });
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    assert.match(refused.headers.get('ratelimit') ?? '', /^"contact-minute";r=0;t=\d+, "contact-day";r=45;t=\d+$/);
    assert.equal(refused.json.error.code, -32000);
    assert.match(refused.json.error.message, new RegExp(`^Too many enquiries.* Retry after ${retryAfter} seconds\\.$`));
    assert.deepEqual(refused.json.error.data[1], {
      '@type': 'type.googleapis.com/google.rpc.RetryInfo',
      retryDelay: `${retryAfter}s`,
    });
    await assert.rejects(send(agent.client, call(skill, enquiry)), /Too many enquiries/);
  });
});
