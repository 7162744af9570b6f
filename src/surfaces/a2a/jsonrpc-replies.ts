// How the JSON-RPC binding's answers leave: plain one-line messages in place of the SDK's wording for
// envelope errors, and every failure this service words itself (a spent budget, the database down, a
// body that could not be read, anything unexpected: logged, no detail sent) through failures.ts, the
// one renderer both bindings share.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UiText } from '../../domain/language/ui-text.ts';
import type { Logger } from '../../kernel/logger.ts';
import { failureOf, failureOfRpcError, internalFailure, notJsonMessage, sendRpcFailure } from './failures.ts';

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export interface RpcReply {
  jsonrpc: string;
  id: string | number | null;
  result?: unknown;
  error?: unknown;
}

/** Our wording for the JSON-RPC envelope errors, whose SDK messages name its internals. */
const envelopeMessages: Record<number, (method: string) => string> = {
  [-32700]: () => notJsonMessage,
  [-32600]: () => 'Not a JSON-RPC 2.0 request: send {"jsonrpc": "2.0", "id": …, "method": …, "params": {…}}.',
  [-32601]: (method) =>
    `"${method.slice(0, 60)}" is not an A2A method. This agent answers SendMessage, GetTask, ListTasks and CancelTask (A2A 1.0), and message/send, tasks/get and tasks/cancel (A2A 0.3).`,
};

/** A JSON-RPC error reply for `id`. */
export function rpcError(id: RpcReply['id'], code: number, message: string, data?: unknown): RpcReply {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } };
}

const sendJson = (reply: FastifyReply, status: number, body: RpcReply): FastifyReply =>
  reply.code(status).type('application/json; charset=utf-8').send(body);

/**
 * Sends `body`: an envelope error in our words, a failure of ours through the shared renderer
 * (429 with Retry-After, 503, or 500 logged without detail), anything else with HTTP 200, as
 * JSON-RPC over HTTP answers protocol errors.
 */
export function sendRpc(
  reply: FastifyReply,
  body: RpcReply,
  facts: { method: string; domain: string; retryAfter?: number; logger: Logger; ui: UiText },
): FastifyReply {
  const error = body.error as RpcError | undefined;
  if (!error) return sendJson(reply, 200, body);
  const reword = envelopeMessages[error.code];
  if (reword) return sendJson(reply, 200, rpcError(body.id, error.code, reword(facts.method)));
  const failed = failureOfRpcError(error, facts.retryAfter, facts.ui);
  if (!failed) return sendJson(reply, 200, body);
  if (failed.kind === 'internal')
    facts.logger.error({ method: facts.method, detail: error.message }, 'a2a request failed');
  return sendRpcFailure(reply, body.id, failed, facts.domain);
}

type Handler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** The scope's error handler: what the rate-limit hooks and the body parser refuse, and faults. */
export function rpcErrorHandler(logger: Logger, domain: string, ui: UiText): Handler {
  return (error, request, reply) => {
    // An A2A error thrown outside the transport handler is a wiring fault here, as anything unknown.
    const failed = failureOf(error, 'jsonrpc', ui) ?? internalFailure(ui);
    if (failed.kind === 'internal')
      logger.error({ err: error, route: request.routeOptions.url }, 'unhandled error in /a2a');
    return sendRpcFailure(reply, null, failed, domain);
  };
}
