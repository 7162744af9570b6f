// The facts of one request on the site listener that its hooks and routes share (the /agent API,
// the form, the A2A agent, the pages): the client's rate-limit key, the caller and the budget state
// that goes into the RateLimit headers. Each is worked out at most once and kept on the request itself
// (Fastify's decorated `facts`), so nothing outlives the request and no side table is consulted.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../domain/callers/caller.ts';
import { requestCaller, type RequestCaller } from '../domain/callers/request-caller.ts';
import type { RateLimitState } from '../domain/rate-limit/rate-limit.ts';
import type { Services } from '../app/services.ts';
import { callerRequestOf } from './caller-request.ts';

interface RequestFacts {
  client?: string;
  caller?: RequestCaller;
  rateLimit?: RateLimitState;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when first asked for; read through the functions of request-state.ts. */
    facts: RequestFacts | null;
  }
}

/** Declares `facts` once on the listener's requests, so every request has the same shape. */
export function decorateRequestFacts(app: FastifyInstance): void {
  app.decorateRequest('facts', null);
}

function factsOf(request: FastifyRequest): RequestFacts {
  return (request.facts ??= {});
}

/** The rate-limit key of the request's client (TRUST_PROXY rule, IPv6 per /56). */
export function clientOf(request: FastifyRequest, services: Pick<Services, 'clientAddress'>): string {
  const facts = factsOf(request);
  return (facts.client ??= services.clientAddress.keyOf(request.raw));
}

/** The request's caller, classified once (a signed request's signature verified once) when first asked. */
export function callerOf(request: FastifyRequest, services: Pick<Services, 'callers'>): RequestCaller {
  const facts = factsOf(request);
  return (facts.caller ??= requestCaller(callerRequestOf(request), services.callers));
}

/** The caller as already classified, else as recognition sees it (its User-Agent); starts no verification. */
export function recognisedCallerOf(request: FastifyRequest, services: Pick<Services, 'insight'>): Caller {
  return request.facts?.caller?.settled() ?? services.insight.callerOf(callerRequestOf(request));
}

/** The caller once known, else undefined; never starts work. */
export function settledCallerOf(request: FastifyRequest): Caller | undefined {
  return request.facts?.caller?.settled();
}

export function setRateLimitState(request: FastifyRequest, state: RateLimitState): void {
  factsOf(request).rateLimit = state;
}

export function rateLimitStateOf(request: FastifyRequest): RateLimitState | undefined {
  return request.facts?.rateLimit;
}
