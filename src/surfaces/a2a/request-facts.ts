// What both A2A bindings read of a request for its call context: the client's rate-limit key, the
// caller, and the Authorization header a skill that takes a key is called with.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.ts';
import { clientOf, recognisedCallerOf } from '../../http/request-state.ts';
import type { RequestFacts } from './call-context.ts';

export function requestFacts(
  request: FastifyRequest,
  services: Pick<Services, 'clientAddress' | 'insight'>,
): RequestFacts {
  return {
    client: clientOf(request, services),
    caller: recognisedCallerOf(request, services),
    authorization: request.headers.authorization,
  };
}
