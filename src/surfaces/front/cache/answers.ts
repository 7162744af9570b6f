// The cache's side of an exchange with the origin: the request and answer as it sees them, and how
// it reads their fields (repeated fields as one list, the client's validators set aside, a 304 that
// names no validator read as for the answer it was asked about).
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type CachePolicy from 'http-cache-semantics';
import type { StoredAnswer } from './origin-store.ts';

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** A GET or HEAD as the origin would get it (its `host` the origin's). */
export interface OriginRequest {
  method: string;
  /** The path and query asked of the origin. */
  target: string;
  headers: RequestHeaders;
  /** With many sites, the site asking: its answers are kept apart from every other site's. */
  site?: string | undefined;
}

export interface OriginAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it arrives (empty for HEAD and 304). */
  body: Readable;
  /** The whole body, when it was read before the answer was passed on (upstream.ts). */
  bytes?: Buffer;
}

/**
 * Asks the origin for the request with these headers; rejects when the origin cannot be read.
 * `background`: a stale-while-revalidate refresh, which no client waits for.
 */
export type AskOrigin = (headers: RequestHeaders, background?: boolean) => Promise<OriginAnswer>;

/** How the answer was found, as RFC 9211's Cache-Status says it. */
export type CacheOutcome = 'hit' | 'stale' | 'stale-if-error' | 'revalidated' | 'miss' | 'stored';

export interface CachedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Undefined for HEAD and 304. */
  body: Buffer | Readable | undefined;
  outcome: CacheOutcome;
}

const conditionals = ['if-none-match', 'if-modified-since'];

/**
 * The 304's headers as the answer to the conditional request this cache sent for `stored` alone:
 * one that names no validator (as some servers send it) is taken as for the validators asked with
 * (RFC 9111 4.3.3), which the library's selection among several stored answers (4.3.4) would not.
 */
export function forStored(stored: StoredAnswer, headers: IncomingHttpHeaders): CachePolicy.Headers {
  if (headers.etag !== undefined || headers['last-modified'] !== undefined) return headers as CachePolicy.Headers;
  const { etag, 'last-modified': lastModified } = stored.policy.responseHeaders();
  return {
    ...headers,
    ...(etag && { etag }),
    ...(lastModified && { 'last-modified': lastModified }),
  } as CachePolicy.Headers;
}

export function withoutConditionals(headers: RequestHeaders): RequestHeaders {
  if (!conditional(headers)) return headers;
  const rest = { ...headers };
  for (const name of conditionals) delete rest[name];
  return rest;
}

/** Whether the request names a validator (most do not): a plain loop, read in place. */
function conditional(headers: RequestHeaders): boolean {
  for (const name of conditionals) if (headers[name] !== undefined) return true;
  return false;
}

/**
 * The answer with each repeated field as one line joined by commas (RFC 9110 5.3), as the library
 * reads fields; Set-Cookie, which cannot be joined, stays a list. Joined in place: each answer's
 * headers are its own (upstream.ts makes them), and the answer keeps its class (a whole body's).
 */
export function oneLineFields(answer: OriginAnswer): OriginAnswer {
  const { headers } = answer;
  if (!repeated(headers)) return answer;
  for (const name in headers) {
    const value = headers[name];
    if (Array.isArray(value) && name !== 'set-cookie') headers[name] = value.join(', ');
  }
  return answer;
}

/** Whether a field other than Set-Cookie came more than once (most answers have none). */
function repeated(headers: IncomingHttpHeaders): boolean {
  for (const name in headers) if (Array.isArray(headers[name]) && name !== 'set-cookie') return true;
  return false;
}

export function sizeOf(headers: IncomingHttpHeaders): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) bytes += name.length + String(value).length + 4;
  return bytes;
}
