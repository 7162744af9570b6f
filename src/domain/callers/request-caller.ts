// The caller of one incoming HTTP request, worked out once and shared by everything that asks
// (rate limits, agent insight): remembered per request (keyed by its headers object, which Node's
// request, Fastify's and a CallerRequest share), so nothing outlives the request.
// Takes Node's IncomingMessage, or a Fastify request (its `raw`), on either listener.
import type { IncomingMessage } from 'node:http';
import type { Caller, CallerRequest } from './caller.ts';
import type { Callers } from './callers.ts';

const known = new WeakMap<object, Caller | Promise<Caller>>();

/** A Fastify request, or anything else that wraps Node's request as `raw`. */
export interface WrappedRequest {
  raw: IncomingMessage;
}

/**
 * The caller of a request: a Caller at once for an unsigned request, a Promise (never rejecting)
 * while a signature is verified. Asking again returns the same answer without new work.
 * @example const caller = await callerOfRequest(request, services.callers); // in an async hook
 */
export function callerOfRequest(request: WrappedRequest | IncomingMessage, callers: Callers): Caller | Promise<Caller> {
  const message = 'raw' in request ? request.raw : request;
  const found = known.get(message.headers);
  if (found !== undefined) return found;
  const classified = callers.classify(callerRequestOf(message));
  known.set(message.headers, classified);
  if (classified instanceof Promise) void classified.then((caller) => known.set(message.headers, caller));
  return classified;
}

/** The caller once it is known (after callerOfRequest settled), else undefined; never starts work. */
export function settledCallerOf(request: WrappedRequest | IncomingMessage): Caller | undefined {
  return settledCallerOfHeaders(('raw' in request ? request.raw : request).headers);
}

/** The same, for a request known only by its headers object (a CallerRequest's `headers`). */
export function settledCallerOfHeaders(headers: object): Caller | undefined {
  const found = known.get(headers);
  return found instanceof Promise ? undefined : found;
}

/** What recognition reads of a Node request. */
export function callerRequestOf(message: IncomingMessage): CallerRequest {
  return { method: message.method ?? 'GET', authority: message.headers.host ?? '', path: message.url ?? '/', headers: message.headers };
}
