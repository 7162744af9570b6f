// The HTTP+JSON binding's errors as google.rpc.Status bodies: protocol errors with the SDK's status
// and ErrorInfo mapping, every other failure through failures.ts (the renderer both bindings share);
// a skill refused by the enquiry budget also carries the contact budget's RateLimit headers.
import { type A2AError, restStatusFor, toRestErrorBody } from '@a2a-js/sdk/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.ts';
import { AppError } from '../../kernel/errors.ts';
import { memoBy } from '../../domain/sites/site-memo.ts';
import { describeContactBudget, errorInfoDomain, RateLimitedError } from './errors.ts';
import { failureOf, sendRestFailure, sendRestStatus } from './failures.ts';

type Handler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export function restErrorHandler(services: Services): Handler {
  // The site's own domain (with many sites, the site asked).
  const domainOf = memoBy(() => services.config.baseUrl, errorInfoDomain);
  return async (error, request, reply) => {
    const domain = domainOf();
    const failed = failureOf(error, 'rest', services.content.ui);
    if (failed === undefined) {
      const code = restStatusFor(error as A2AError);
      return reply
        .code(code)
        .type('application/a2a+json')
        .send(toRestErrorBody(error as A2AError, code));
    }
    if (error instanceof RateLimitedError) await describeContactBudget(request, services);
    if (failed.kind === 'internal')
      services.logger.error({ err: error, route: request.routeOptions.url }, 'unhandled error in /a2a/rest');
    return sendRestFailure(reply, failed, domain);
  };
}

/** 404 for a path that is no operation of the binding. */
export async function restNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const missing = new AppError(
    'not_found',
    `No A2A operation at ${request.method} ${request.url.split('?')[0]!.slice(0, 100)}.`,
  );
  return sendRestStatus(reply, missing.httpStatus, 'NOT_FOUND', missing.message);
}
