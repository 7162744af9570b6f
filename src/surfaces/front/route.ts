// Front mode's routes: every request the product does not answer itself goes to the origin through
// @fastify/reply-from (undici), streamed both ways with the configured timeout and size bounds;
// robots.txt is the origin's merged with the product's. Routing is decided in routing.ts. The origin
// is told who asked and under which public address (X-Forwarded-For, -Proto, -Host), as a CMS needs
// for its logs and its absolute links.
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FrontSettings } from '../../config/front.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { ClientAddressRule } from '../../http/client-address.ts';
import { sendError } from '../../http/error-reply.ts';
import { AppError } from '../../kernel/errors.ts';
import { BodyTooLargeError, byteLimit } from './byte-limit.ts';
import { originDownBodies } from './origin-down.ts';
import { type DiscoveryLinks, originHeaders } from './origin-headers.ts';
import { mergedRobots } from './robots.ts';
import { type FrontRouting, frontConstraint, type FrontTarget } from './routing.ts';

export interface FrontDeps {
  front: FrontSettings;
  /** The public address: its scheme and host are the X-Forwarded-Proto and -Host the origin gets. */
  baseUrl: string;
  content: Pick<ContentCatalog, 'site'>;
  /** The client's address under TRUST_PROXY: the X-Forwarded-For the origin gets. */
  clientAddress: Pick<ClientAddressRule, 'addressOf'>;
  links: DiscoveryLinks;
  prefersMarkdown(accept: string | undefined): boolean;
  /** The product's own robots.txt, which the origin's rules are put in front of. */
  productRobots: string;
  routing: FrontRouting;
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export async function registerFront(app: FastifyInstance, deps: FrontDeps): Promise<void> {
  const { front } = deps;
  app.addConstraintStrategy(deps.routing.strategy);
  const only = (target: FrontTarget) => ({ [frontConstraint]: target });
  const robots = mergedRobots(front.originUrl, deps.productRobots, front.timeoutMs);
  app.get('/robots.txt', { constraints: only('robots') }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await robots()),
  );
  await app.register(async (origin) => {
    await origin.register(replyFrom, {
      base: front.originUrl,
      // undici stops reading an answer past the bound (and the stream fails), so no stream of ours sits between.
      undici: {
        headersTimeout: front.timeoutMs,
        bodyTimeout: front.timeoutMs,
        maxResponseSize: front.responseBodyBytes,
      },
      http2: false,
      // The origin's 503 is passed on, not asked again; a form is never sent twice.
      retryMethods: [],
      disableRequestLogging: true,
    });
    // Bodies go to the origin as they arrive, whatever their type, bounded.
    origin.removeAllContentTypeParsers();
    origin.addContentTypeParser('*', (request, payload, done) => {
      if (Number(request.headers['content-length'] ?? 0) > front.requestBodyBytes) {
        done(new BodyTooLargeError(`the request body is larger than ${front.requestBodyBytes} bytes`), undefined);
        return;
      }
      done(null, payload.pipe(byteLimit(front.requestBodyBytes, 'the request body')));
    });
    // A body over the bound is the client's to shrink (413), in the product's error shape.
    origin.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof BodyTooLargeError)) throw error;
      return sendError(reply, new AppError('payload_too_large', error.message));
    });
    const handler = passToOrigin(deps);
    for (const url of ['/', '/*'])
      origin.route({ method: methods, url, exposeHeadRoute: false, constraints: only('origin'), handler });
  });
}

function passToOrigin(deps: FrontDeps): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const rewriteHeaders = originHeaders(deps.baseUrl, deps.routing.twinOf, deps.links);
  const down = originDownBodies(deps.content.site.brandName, deps.baseUrl);
  const publicAddress = new URL(deps.baseUrl);
  const proto = publicAddress.protocol.slice(0, -1);
  return (request, reply) =>
    reply.from(request.url, {
      // Set, never appended to: what a client claims is not passed on as if the product had seen it.
      rewriteRequestHeaders: (_request, headers) => ({
        ...headers,
        'x-forwarded-for': deps.clientAddress.addressOf(request.raw),
        'x-forwarded-proto': proto,
        'x-forwarded-host': publicAddress.host,
      }),
      rewriteHeaders,
      onError: (outgoing) => {
        const markdown = deps.prefersMarkdown(request.headers.accept);
        outgoing
          .code(502)
          .header('cache-control', 'no-store')
          .header('vary', 'Accept')
          .type(markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8')
          .send(markdown ? down.markdown : down.html);
      },
    });
}
