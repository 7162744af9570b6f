// Every failure the service words itself leaves both A2A bindings from one table: the same HTTP
// status and Retry-After on JSON-RPC and HTTP+JSON, the JSON-RPC code and the google.rpc status of
// its row, and nothing internal in either body.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { enquiryUnavailableMessage } from '../../src/domain/error-wording.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { RateLimitedError, UnavailableError } from '../../src/surfaces/a2a/errors.ts';
import { failureOf, sendRestFailure, sendRpcFailure } from '../../src/surfaces/a2a/failures.ts';

/** How `error` leaves on each binding: status, Retry-After and body. */
async function rendered(error: unknown) {
  const app = Fastify();
  app.get('/rpc', (_request, reply) => sendRpcFailure(reply, 7, failureOf(error, 'jsonrpc')!, 'agency.example'));
  app.get('/rest', (_request, reply) => sendRestFailure(reply, failureOf(error, 'rest')!, 'agency.example'));
  const answer = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() };
  };
  const both = { rpc: await answer('/rpc'), rest: await answer('/rest') };
  await app.close();
  return both;
}

describe('the one A2A failure renderer', () => {
  it('answers the database being down with 503 and Retry-After on both bindings, saying what did not happen', async () => {
    const { rpc, rest } = await rendered(new UnavailableError(enquiryUnavailableMessage));
    assert.deepEqual([rpc.status, rpc.retryAfter], [503, '60']);
    assert.deepEqual([rest.status, rest.retryAfter], [503, '60']);
    assert.deepEqual(rpc.body.error, { code: -32603, message: enquiryUnavailableMessage });
    assert.deepEqual(rest.body.error, {
      code: 503,
      status: 'UNAVAILABLE',
      message: enquiryUnavailableMessage,
      details: [],
    });
  });

  it('answers a spent enquiry budget with 429, Retry-After and the same details on both bindings', async () => {
    const { rpc, rest } = await rendered(new RateLimitedError('Too many enquiries. Retry after 30 seconds.', 30));
    assert.deepEqual([rpc.status, rpc.retryAfter, rest.status, rest.retryAfter], [429, '30', 429, '30']);
    assert.equal(rpc.body.error.code, -32000);
    assert.equal(rest.body.error.status, 'RESOURCE_EXHAUSTED');
    assert.deepEqual(rpc.body.error.data, rest.body.error.details);
    assert.equal(rest.body.error.details[1].retryDelay, '30s');
  });

  it('answers a fault of ours with 500 and no detail on both bindings', async () => {
    const { rpc, rest } = await rendered(new Error('connection string postgres://secret@db leaked'));
    assert.deepEqual([rpc.status, rest.status], [500, 500]);
    assert.equal(rpc.body.error.code, -32603);
    assert.equal(rest.body.error.status, 'INTERNAL');
    assert.doesNotMatch(JSON.stringify([rpc.body, rest.body]), /secret|postgres/);
  });

  it('answers a body over the limit with its own status (413) on both bindings', async () => {
    const tooLarge = Object.assign(new Error('too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    const { rpc, rest } = await rendered(tooLarge);
    assert.deepEqual([rpc.status, rest.status], [413, 413]);
    assert.equal(rpc.body.error.message, rest.body.error.message);
    assert.equal(new AppError('payload_too_large', '').httpStatus, 413);
  });
});
