// The JSON-RPC binding's answers to what fails before a request reaches it: the shared 300/min
// budget (429 with Retry-After), an oversized body (413), a body that is not JSON (415), and
// anything unexpected (500, logged, no detail sent).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorStatus } from '../../kernel/errors.ts';
import { requestFault, type BodyRules } from '../../http/request-faults.ts';
import { a2aBodyLimitBytes } from './request-bounds.ts';
import type { Logger } from '../../kernel/logger.ts';
import { rateLimitedCode } from './errors.ts';
import { rpcError } from './jsonrpc-replies.ts';
import { internalErrorMessage, rateLimitedWording } from '../../domain/error-wording.ts';

type Handler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const rpcBodies: BodyRules = {
  limitBytes: a2aBodyLimitBytes,
  mediaTypeAdvice: 'Send the JSON-RPC request as Content-Type: application/json.',
};

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
