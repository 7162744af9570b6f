// How the JSON-RPC binding's answers leave: the HTTP status for each error, Retry-After for a
// spent budget, and plain one-line messages in place of the SDK's wording for envelope errors and
// of any internal error text (logged, never sent); and its answers to what fails before a request
// reaches it: the shared 300/min budget (429), an oversized body (413), a body that is not JSON
// (415), and anything unexpected (500, logged, no detail sent).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorStatus } from '../../kernel/errors.ts';
import type { Logger } from '../../kernel/logger.ts';
import { requestFault, type BodyRules } from '../../http/request-faults.ts';
import { rateLimitDetails, rateLimitedCode, unavailableMessages } from './errors.ts';
import { a2aBodyLimitBytes } from './request-bounds.ts';
import { internalErrorMessage, rateLimitedWording } from '../../domain/error-wording.ts';

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

const internalMessage = internalErrorMessage;

/** Our wording for the JSON-RPC envelope errors, whose SDK messages name its internals. */
const envelopeMessages: Record<number, (method: string) => string> = {
  [-32700]: () => 'The body is not valid JSON.',
  [-32600]: () => 'Not a JSON-RPC 2.0 request: send {"jsonrpc": "2.0", "id": …, "method": …, "params": {…}}.',
  [-32601]: (method) =>
    `"${method.slice(0, 60)}" is not an A2A method. This agent answers SendMessage, GetTask, ListTasks and CancelTask (A2A 1.0), and message/send, tasks/get and tasks/cancel (A2A 0.3).`,
};

/** A JSON-RPC error reply for `id`. */
export function rpcError(id: RpcReply['id'], code: number, message: string, data?: unknown): RpcReply {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } };
}

/**
 * Sends `body`, choosing the HTTP status from its error: 429 with Retry-After for a spent budget,
 * 503 when the enquiry could not be recorded, 500 for an internal error, 200 otherwise (as JSON-RPC
 * over HTTP answers protocol errors).
 */
export function sendRpc(
  reply: FastifyReply,
  body: RpcReply,
  facts: { method: string; domain: string; retryAfter?: number; logger: Logger },
): FastifyReply {
  const error = body.error as RpcError | undefined;
  let status = 200;
  if (error) {
    const reword = envelopeMessages[error.code];
    if (reword) body = rpcError(body.id, error.code, reword(facts.method));
    else if (error.code === rateLimitedCode) {
      status = 429;
      const seconds = facts.retryAfter ?? 60;
      reply.header('retry-after', String(seconds));
      body = rpcError(body.id, error.code, error.message, rateLimitDetails(facts.domain, seconds));
    } else if (error.code === -32603) {
      status = unavailableMessages.has(error.message) ? 503 : 500;
      if (status === 500) {
        facts.logger.error({ method: facts.method, detail: error.message }, 'a2a request failed');
        body = rpcError(body.id, error.code, internalMessage);
      }
    }
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

type Handler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const rpcBodies: BodyRules = {
  limitBytes: a2aBodyLimitBytes,
  mediaTypeAdvice: 'Send the JSON-RPC request as Content-Type: application/json.',
};

/** The scope's error handler: what the rate-limit hooks and the body parser refuse, and faults. */
export function rpcErrorHandler(logger: Logger): Handler {
  return (error, request, reply) => {
    const send = (status: number, code: number, message: string): FastifyReply =>
      reply
        .code(status)
        .type('application/json; charset=utf-8')
        .send(rpcError(null, code, message));
    if (error instanceof AppError && error.code === 'rate_limited') {
      const seconds = error.retryAfter ?? 1;
      reply.header('retry-after', String(seconds));
      return send(429, rateLimitedCode, rateLimitedWording(error.message, seconds));
    }
    const fault = requestFault(error, rpcBodies);
    if (fault?.code === 'invalid_request')
      return send(400, -32600, 'The request could not be read; send one JSON-RPC request as application/json.');
    if (fault) return send(errorStatus[fault.code], -32600, fault.message);
    logger.error({ err: error, route: request.routeOptions.url }, 'unhandled error in /a2a');
    return send(500, -32603, internalErrorMessage);
  };
}
