// Per-request facts the site listener's hooks share (the /agent API, the form and the A2A agent): the caller's rate-limit key and the budget state that
// goes into the RateLimit headers. Kept in WeakMaps so nothing outlives its request.
import type { FastifyRequest } from 'fastify';
import type { RateLimitState } from '../domain/rate-limit.ts';
import type { Services } from '../services.ts';
import { clientKeyOf } from './client-address.ts';

const clients = new WeakMap<FastifyRequest, string>();
const states = new WeakMap<FastifyRequest, RateLimitState>();

/** The rate-limit key of the request's client (TRUST_PROXY rule, IPv6 per /56). */
export function clientOf(request: FastifyRequest, services: Pick<Services, 'config'>): string {
  let key = clients.get(request);
  if (key === undefined) {
    key = clientKeyOf(request.raw, services.config.trustProxy);
    clients.set(request, key);
  }
  return key;
}

export function setRateLimitState(request: FastifyRequest, state: RateLimitState): void {
  states.set(request, state);
}

export function rateLimitStateOf(request: FastifyRequest): RateLimitState | undefined {
  return states.get(request);
}
