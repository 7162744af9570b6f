// The one place /agent errors become HTTP responses: AppError codes map to statuses via
// src/errors.ts, Fastify's own body errors map to our codes, anything else is a logged 500.
// No stack trace, file path or library text reaches the client.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorStatus, invalidRequest } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { ErrorResponseBody, RateLimitedBody, ValidationErrorBody } from '../openapi/components.ts';
import { internalErrorMessage, rateLimitedWording } from '../../domain/error-wording.ts';

export const bodyLimitBytes = 16 * 1024;

/** Turns anything thrown while serving a request into an AppError. */
export function toAppError(error: unknown, logger: Logger, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const code = (error as Partial<FastifyError> | undefined)?.code;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', `The request body is larger than ${bodyLimitBytes / 1024} KiB.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Unsupported Content-Type; send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidRequest([{ field: 'body', message: 'is empty; send a JSON object' }]);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalidRequest([{ field: 'body', message: 'does not match its Content-Length' }]);
  }
  const status = (error as Partial<FastifyError> | undefined)?.statusCode;
  if (status === 413)
    return new AppError('payload_too_large', `The request body is larger than ${bodyLimitBytes / 1024} KiB.`);
  if (status === 415)
    return new AppError('unsupported_media_type', 'Unsupported Content-Type; send the body as application/json.');
  if (status !== undefined && status >= 400 && status < 500) {
    return invalidRequest([{ field: 'request', message: 'could not be read' }]);
  }
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
  return reply.code(errorStatus[error.code]).type('application/json; charset=utf-8').send(errorBody(error));
}
