// What both A2A bindings read of a request for its call context: the client's rate-limit key, the
// caller, and the Authorization header a skill that takes a key is called with.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.ts';
import { clientOf, recognisedCallerOf } from '../../http/request-state.ts';
import type { Caller } from '../../domain/callers/caller.ts';

/** What the listener knows of a request before the SDK sees it. */
export interface RequestFacts {
  /** The client's rate-limit key (TRUST_PROXY rule). */
  client: string;
  caller?: Caller | undefined;
  /** The Authorization header as sent, if any. */
  authorization?: string | undefined;
}

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
