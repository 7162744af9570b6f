// Whole responses kept in memory and answered straight from the listener, before the framework:
// a page's HTML (or markdown twin) depends only on content and configuration, so once Fastify has
// answered a URL in one negotiated variant, the same status, headers and bytes answer every later
// GET of that URL and variant. Fastify's routing, hooks and reply pipeline cost more than half of a
// page request (bench/); this path keeps what they do for such a request (metrics, agent insight)
// and nothing else, which is exactly the nothing else such a request needs.
//
// Kept in the response cache (one entry per URL with its variants): only what a route offers
// (sendFixed's `replay`), a GET answered 200, at the URL the route names as its canonical one, so
// invented query strings never fill memory. Not answered here, and
// left to the framework: HEAD, conditional requests (If-None-Match answers 304 there), any other
// method or URL, and any variant not yet seen.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Caller } from '../domain/callers/caller.ts';
import type { ResponseCache } from '../cache/response-cache.ts';
import { offeredBodyOf, setOfferedBody } from './request-state.ts';
import { chooseCoding } from './fixed-body.ts';
import { prefersMarkdown } from '../surfaces/web/negotiate.ts';

/** What metrics and agent insight read of an answer made before Fastify (always a 200). */
export interface ServedAnswer {
  /** The route pattern that answers the URL, for metrics and insight labels. */
  route: string;
  contentType: string | undefined;
}

/** One kept answer: what Fastify sent (its Date and connection headers are Node's, made anew). */
export interface PreparedResponse extends ServedAnswer {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * What the listener reports for each request answered before Fastify (metrics, agent insight):
 * `caller` when the answer already classified the request's caller, so it is not classified again.
 */
export type AnswerServed = (request: IncomingMessage, response: ServedAnswer, seconds: number, caller?: Caller) => void;

/** A declared estimate of one kept answer's headers and bookkeeping beside its body. */
const headerBytes = 1024;

type Variants = Map<string, PreparedResponse>;

export class PreparedResponses {
  readonly #cache: ResponseCache;
  readonly #served: AnswerServed[] = [];

  constructor(cache: ResponseCache) {
    this.#cache = cache;
  }

  /** Runs `served` after each response answered here, or by another answer before Fastify (`report`). */
  onServed(served: AnswerServed): void {
    this.#served.push(served);
  }

  /** Reports an answer made before Fastify by another part (the health answer) as one of these. */
  readonly report: AnswerServed = (request, response, seconds, caller) => {
    for (const served of this.#served) served(request, response, seconds, caller);
  };

  /** A route offers `body` as its answer to this request, when the request is at its canonical URL. */
  offer(request: FastifyRequest, body: Buffer): void {
    // Held with the request's facts until its response is complete (keep, onResponse).
    if (request.method === 'GET') setOfferedBody(request, body);
  }

  /**
   * The onResponse hook that keeps what a route offered: given only to the routes that offer
   * (the site's pages and documents), so no other response runs it.
   */
  readonly keeping: onResponseHookHandler = (request, reply, done) => {
    this.keep(request, reply);
    done();
  };

  /** Keeps an offered 200 with the headers Fastify sent; call after the response (onResponse). */
  keep(request: FastifyRequest, reply: FastifyReply): void {
    const body = offeredBodyOf(request);
    if (body === undefined || reply.statusCode !== 200) return;
    const headers = reply.getHeaders();
    const contentType = headers['content-type'];
    const url = request.url;
    const variants = this.#cache.get<Variants>('prepared', url) ?? new Map();
    variants.set(variantOf(request.raw), {
      headers: { ...headers } as OutgoingHttpHeaders,
      body,
      route: request.routeOptions.url ?? url,
      contentType: typeof contentType === 'string' ? contentType : undefined,
    });
    // Kept again with every variant counted (re-sizing the entry).
    let bytes = 0;
    for (const kept of variants.values()) bytes += kept.body.length + headerBytes;
    this.#cache.set('prepared', url, variants, bytes);
  }

  /** Answers `request` from memory and returns true, or returns false and leaves it untouched. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET') return false;
    const variants = this.#cache.get<Variants>('prepared', request.url ?? '');
    if (variants === undefined || request.headers['if-none-match'] !== undefined) return false;
    const prepared = variants.get(variantOf(request));
    if (prepared === undefined) return false;
    const started = performance.now();
    response.writeHead(200, prepared.headers);
    response.end(prepared.body);
    const seconds = (performance.now() - started) / 1000;
    this.report(request, prepared, seconds);
    return true;
  }
}

/**
 * The negotiated variant of a request: the site's own two choices, HTML or markdown by Accept and
 * the content coding by Accept-Encoding (both remembered per header value). Kept routes vary on
 * nothing else; each names both in Vary.
 */
function variantOf(request: IncomingMessage): string {
  const { accept, 'accept-encoding': acceptEncoding } = request.headers;
  return `${prefersMarkdown(accept) ? 'md' : 'html'} ${chooseCoding(acceptEncoding)}`;
}
