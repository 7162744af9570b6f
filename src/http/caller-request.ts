// What caller recognition (src/domain/callers) reads of a request on the site listener, for every
// binding served there (the REST API, the form, the A2A agent), and of Node's own request.
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { CallerRequest } from '../domain/callers/caller.ts';

/** What caller recognition reads of a Fastify request. */
export function callerRequestOf(request: FastifyRequest): CallerRequest {
  return { method: request.method, authority: request.headers.host ?? '', path: request.url, headers: request.headers };
}

/** What caller recognition reads of Node's request. */
export function nodeCallerRequestOf(message: IncomingMessage): CallerRequest {
  return {
    method: message.method ?? 'GET',
    authority: message.headers.host ?? '',
    path: message.url ?? '/',
    headers: message.headers,
  };
}
