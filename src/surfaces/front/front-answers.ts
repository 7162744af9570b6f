// What front mode answers for one site in front of one origin: its pages and assets passed to the
// origin through the one exchange of upstream.ts, streamed both ways, with the headers forwarding.ts
// writes and the answer's headers rewritten by origin-headers.ts; a failed exchange gets the
// product's 502/503/504 page (or 408/413 for the client's upload). robots.txt is the origin's merged
// with the product's; sitemap.xml is the origin's own (sitemap.ts). route.ts puts these on routes.
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FrontSettings } from '../../config/front.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { ClientAddressRule } from '../../http/client-address.ts';
import { sendError } from '../../http/error-reply.ts';
import { AppError } from '../../kernel/errors.ts';
import { type ClientPresence, ResponsePresence } from './client-presence.ts';
import { forwardedHeaders } from './forwarding.ts';
import { originDownBodies } from './origin-down.ts';
import { type DiscoveryLinks, originHeaders } from './origin-headers.ts';
import { pathOf } from './owned-paths.ts';
import { mergedRobots } from './robots.ts';
import type { FrontRouting } from './routing.ts';
import { originSitemap } from './sitemap.ts';
import { type ForwardedRequest, type OriginExchange, OriginFailure, originUpstream } from './upstream.ts';

export interface FrontDeps {
  front: FrontSettings;
  /** The public address: its scheme and host are what the origin is told the client asked for. */
  baseUrl: string;
  content: Pick<ContentCatalog, 'site'>;
  /** The client's address under TRUST_PROXY: the Forwarded and X-Forwarded-For the origin gets. */
  clientAddress: Pick<ClientAddressRule, 'addressOf'>;
  links: DiscoveryLinks;
  prefersMarkdown(accept: string | undefined): boolean;
  /** The product's own robots.txt, which the origin's rules are put in front of. */
  productRobots: string;
  /** The import's copy of the origin's robots.txt, the stand-in before any good read of it. */
  importedRobots?: string | Promise<string | undefined>;
  routing: Pick<FrontRouting, 'twinOf'>;
  /** Wraps the exchange with the origin (a cache in front of it, an observer of its answers). */
  around?: (exchange: OriginExchange) => OriginExchange;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** One site's front: a route handler for each of its front routes, and its upstream to close. */
export interface FrontAnswers {
  robots: Handler;
  sitemap: Handler;
  /** Everything the product does not answer itself: asked of the origin. */
  origin: Handler;
  /** Closes the connections to the origin (exchanges under way finish first, within a grace). */
  close(): Promise<void>;
}

export function frontAnswers(deps: FrontDeps): FrontAnswers {
  const upstream = originUpstream(deps.front);
  const exchange = deps.around?.(upstream.exchange) ?? upstream.exchange;
  const robots = mergedRobots(exchange, deps.productRobots, { imported: deps.importedRobots });
  const sitemap = originSitemap(exchange);
  return {
    robots: async (_request, reply) => {
      const merged = await robots();
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', merged.known ? 'public, max-age=300' : 'no-store')
        .send(merged.text);
    },
    sitemap: async (_request, reply) => {
      const kept = await sitemap();
      if (!kept)
        return reply
          .code(502)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send("The site's sitemap cannot be read just now.\n");
      return reply
        .code(kept.status)
        .type(kept.type)
        .header('cache-control', kept.known ? 'public, max-age=300' : 'no-store')
        .send(kept.body);
    },
    origin: passToOrigin(exchange, deps),
    close: () => upstream.close(),
  };
}

function passToOrigin(exchange: OriginExchange, deps: FrontDeps): Handler {
  const rewriteHeaders = originHeaders(deps.baseUrl, deps.routing.twinOf, deps.links);
  const fail = failurePages(deps);
  const publicAddress = new URL(deps.baseUrl);
  const forwarded = forwardedHeaders({ proto: publicAddress.protocol.slice(0, -1), host: publicAddress.host });
  return async (request, reply) => {
    const body = request.body instanceof Readable ? request.body : undefined;
    try {
      const answer = await exchange(
        new ClientRequest(
          request,
          forwarded(request.headers, deps.clientAddress.addressOf(request.raw), body !== undefined),
          body,
          reply.raw,
        ),
      );
      // Node writes statuses from 100 to 999; a response passes on those HTTP defines as final.
      if (answer.status < 200 || answer.status > 599) {
        answer.body.destroy();
        throw new OriginFailure('down', `the origin answered with status ${answer.status}`);
      }
      return reply
        .code(answer.status)
        .headers(rewriteHeaders(answer.headers, pathOf(request.url)))
        .send(answer.bytes ?? answer.body);
    } catch (error) {
      body?.destroy();
      return fail(request, reply, error);
    }
  };
}

/** A client's request as the origin is asked it. A class, so that every request shares one shape. */
class ClientRequest implements ForwardedRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: Record<string, string | string[]>;
  readonly body: Readable | undefined;
  readonly client: ClientPresence;
  constructor(
    request: FastifyRequest,
    headers: Record<string, string | string[]>,
    body: Readable | undefined,
    response: ServerResponse,
  ) {
    this.method = request.method;
    this.target = request.url;
    this.headers = headers;
    this.body = body;
    this.client = new ResponsePresence(response);
  }
}

/** The answer to a failed exchange: the client's upload (413, 408), else the product's page for it. */
function failurePages(deps: FrontDeps): (request: FastifyRequest, reply: FastifyReply, error: unknown) => FastifyReply {
  const pages = originDownBodies(deps.content.site.brandName, deps.baseUrl);
  const statusOf = { busy: 503, slow: 504, down: 502, gone: 502 } as const;
  return (request, reply, error) => {
    const kind = error instanceof OriginFailure ? error.kind : 'down';
    // The rest of an upload that was not read would be taken for the next request: close instead.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (kind === 'too_large' || kind === 'stalled') {
      const code = kind === 'too_large' ? 'payload_too_large' : 'request_timeout';
      return sendError(reply, new AppError(code, (error as Error).message));
    }
    const status = statusOf[kind];
    const markdown = deps.prefersMarkdown(request.headers.accept);
    if (status === 503) reply.header('retry-after', '10');
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('vary', 'Accept')
      .type(markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8')
      .send(markdown ? pages[status].markdown : pages[status].html);
  };
}
