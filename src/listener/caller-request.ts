// What caller recognition (src/domain/callers) reads of a request on the site listener, for every
// binding served there (the REST API, the form, the A2A agent).
import type { FastifyRequest } from 'fastify';
import type { CallerRequest } from '../domain/callers/caller.ts';

/** What caller recognition reads of a Fastify request. */
export function callerRequestOf(request: FastifyRequest): CallerRequest {
  return { method: request.method, authority: request.headers.host ?? '', path: request.url, headers: request.headers };
}
