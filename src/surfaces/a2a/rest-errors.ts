// The HTTP+JSON binding's errors as google.rpc.Status bodies: A2A errors with the SDK's status and
// ErrorInfo mapping, a spent budget as 429 RESOURCE_EXHAUSTED with Retry-After (and, for enquiries,
// the contact budget's RateLimit headers), body problems as 400/413/415, anything else a bare 500.
import { A2AError, restStatusFor, toRestErrorBody } from '@a2a-js/sdk/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorStatus } from '../../kernel/errors.ts';
import { requestFault, type BodyRules } from '../../http/request-faults.ts';
import { a2aBodyLimitBytes } from './request-bounds.ts';
import type { Services } from '../../app/services.ts';
import {
  describeContactBudget,
  errorInfoDomain,
  RateLimitedError,
  rateLimitDetails,
  UnavailableError,
} from './errors.ts';
import { internalErrorMessage, rateLimitedWording } from '../../domain/error-wording.ts';

type Handler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const restBodies: BodyRules = {
  limitBytes: a2aBodyLimitBytes,
  mediaTypeAdvice: 'Send the request body as application/a2a+json or application/json.',
};

const status = (
  reply: FastifyReply,
  code: number,
  name: string,
  message: string,
  details: unknown[] = [],
): FastifyReply =>
  reply
    .code(code)
    .type('application/a2a+json')
    .send({ error: { code, status: name, message, details } });

export function restErrorHandler(services: Services): Handler {
  const domain = errorInfoDomain(services.config.baseUrl);
  const exhausted = (reply: FastifyReply, message: string, seconds: number): FastifyReply => {
    reply.header('retry-after', String(seconds));
    return status(reply, 429, 'RESOURCE_EXHAUSTED', message, rateLimitDetails(domain, seconds));
  };
  return async (error, request, reply) => {
    if (error instanceof AppError && error.code === 'rate_limited') {
      const seconds = error.retryAfter ?? 1;
      return exhausted(reply, rateLimitedWording(error.message, seconds), seconds);
    }
    if (error instanceof RateLimitedError) {
      await describeContactBudget(request, services);
      return exhausted(reply, error.message, error.retryAfter);
    }
    if (error instanceof UnavailableError)
      return status(reply.header('retry-after', '60'), 503, 'UNAVAILABLE', error.message);
    if (error instanceof A2AError) {
      const code = restStatusFor(error);
      if (code < 500) return reply.code(code).type('application/a2a+json').send(toRestErrorBody(error, code));
    }
    const fault = requestFault(error, restBodies);
    if (fault?.code === 'invalid_request')
      return status(reply, 400, 'INVALID_ARGUMENT', 'The request could not be read.');
    if (fault) return status(reply, errorStatus[fault.code], 'INVALID_ARGUMENT', fault.message);
    services.logger.error({ err: error, route: request.routeOptions.url }, 'unhandled error in /a2a/rest');
    return status(reply, 500, 'INTERNAL', internalErrorMessage);
  };
}

/** 404 for a path that is no operation of the binding. */
export async function restNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return status(
    reply,
    404,
    'NOT_FOUND',
    `No A2A operation at ${request.method} ${request.url.split('?')[0]!.slice(0, 100)}.`,
  );
}
