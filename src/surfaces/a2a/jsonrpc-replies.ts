// How the JSON-RPC binding's answers leave: the HTTP status for each error, Retry-After for a
// spent budget, and plain one-line messages in place of the SDK's wording for envelope errors and
// of any internal error text (logged, never sent).
import type { FastifyReply } from 'fastify';
import type { Logger } from '../../kernel/logger.ts';
import { rateLimitedCode, unavailableMessages } from './errors.ts';
import { internalErrorMessage } from '../../domain/error-wording.ts';

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
      body = rpcError(body.id, error.code, error.message, [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'RATE_LIMITED',
          domain: facts.domain,
          metadata: { retryAfterSeconds: String(seconds) },
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` },
      ]);
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
