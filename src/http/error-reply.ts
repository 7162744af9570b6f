// The one place /agent errors become HTTP responses: AppError codes map to statuses via
// src/kernel/errors.ts, Fastify's own body errors map to our codes, anything else is a logged 500.
// No stack trace, file path or library text reaches the client. Answers made before or outside the
// framework (a refused request target, a listener shutting down or refusing a request) are written
// here too, in the same shape.
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorStatus, type ErrorCode } from '../kernel/errors.ts';
import type { Logger } from '../kernel/logger.ts';
import type { ErrorResponseBody, RateLimitedBody, ValidationErrorBody } from './error-body.ts';
import { internalErrorMessage, rateLimitedWording } from '../domain/error-wording.ts';
import { requestFault, type BodyRules } from './request-faults.ts';

export const bodyLimitBytes = 16 * 1024;
const agentBodies: BodyRules = {
  limitBytes: bodyLimitBytes,
  mediaTypeAdvice: 'Unsupported Content-Type; send the body as application/json.',
};

/** Turns anything thrown while serving a request into an AppError. */
export function toAppError(error: unknown, logger: Logger, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const fault = requestFault(error, agentBodies);
  if (fault) return fault;
  logger.error({ err: error, method: request.method, route: request.routeOptions.url }, 'unhandled error in /agent');
  return new AppError('internal_error', internalErrorMessage);
}

export type ErrorBody = ErrorResponseBody | ValidationErrorBody | RateLimitedBody;

export function errorBody(error: AppError): ErrorBody {
  if (error.code === 'invalid_request') return { status: 'invalid_request', errors: error.fieldErrors };
  if (error.code === 'rate_limited') {
    const retryAfter = error.retryAfter ?? 1;
    return { status: 'rate_limited', message: rateLimitedWording(error.message, retryAfter), retryAfter };
  }
  return { status: error.code, message: error.message };
}

/** Sends the JSON error response for `error`. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.code === 'rate_limited') reply.header('Retry-After', String(error.retryAfter ?? 1));
  // RFC 9110: a 401 names the scheme that would be accepted.
  if (error.code === 'unauthorized') reply.header('WWW-Authenticate', 'Bearer');
  return reply.code(error.httpStatus).type('application/json; charset=utf-8').send(errorBody(error));
}

/** Writes the JSON error response for `error` on a plain Node response, with `headers` besides. */
export function writeError(res: ServerResponse, error: AppError, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(errorBody(error));
  res
    .writeHead(error.httpStatus, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      ...headers,
    })
    .end(body);
}

const codeOfStatus = new Map(
  Object.entries(errorStatus).map(([code, status]) => [status as number, code as ErrorCode]),
);

/**
 * A listener's refusal of a request it could not read (timeout, oversized or malformed headers) in
 * the API's shape: the code of the status, and the listener's message.
 */
export function refusalOfStatus(status: number, message: string): { contentType: string; body: string } {
  return {
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ status: codeOfStatus.get(status) ?? 'invalid_request', message }),
  };
}
