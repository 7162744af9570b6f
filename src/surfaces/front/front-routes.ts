// Front mode's routes: robots.txt, sitemap.xml and everything the product does not answer itself go
// to a site's front answers (front-answers.ts): the one site's, or with many sites each request's
// own site's. Routing is decided in routing.ts on the normalised target; an ambiguous one is refused
// with 400. This module loads nothing of the proxy, so routes can be laid out before any front exists.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FrontSettings } from '../../config/front.ts';
import { sendError } from '../../http/error-reply.ts';
import { AppError } from '../../kernel/errors.ts';
import type { FrontAnswers } from './front-answers.ts';
import { type FrontRouting, frontConstraint, type FrontTarget } from './routing.ts';
import { BodyTooLargeError, guardedUpload } from './upload.ts';

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The bounds on a client's upload to the origin: its size, and each pause in it. */
export type UploadBounds = Pick<FrontSettings, 'requestBodyBytes' | 'timeoutMs'>;

/**
 * The front's routes, each answered by `answers` (whose handlers may each pick the current site's);
 * they match only what `routing` sends to the front.
 */
export async function registerFrontRoutes(
  app: FastifyInstance,
  routing: Pick<FrontRouting, 'strategy'>,
  bounds: UploadBounds,
  answers: Omit<FrontAnswers, 'close'>,
): Promise<void> {
  app.addConstraintStrategy(routing.strategy);
  const only = (target: FrontTarget) => ({ [frontConstraint]: target });
  app.get('/robots.txt', { constraints: only('robots') }, answers.robots);
  app.get('/sitemap.xml', { constraints: only('sitemap') }, answers.sitemap);
  const refuse = (_request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    sendError(
      reply,
      new AppError('invalid_request', 'The request target is ambiguous: its path could name another address.'),
    );
  for (const url of ['/', '/*'])
    app.route({ method: methods, url, exposeHeadRoute: false, constraints: only('refused'), handler: refuse });
  await app.register(async (origin) => {
    // Bodies go to the origin as they arrive, whatever their type, bounded in size and in pauses.
    origin.removeAllContentTypeParsers();
    origin.addContentTypeParser('*', (request, payload, done) => {
      if (Number(request.headers['content-length'] ?? 0) > bounds.requestBodyBytes) {
        done(new BodyTooLargeError(`the request body is larger than ${bounds.requestBodyBytes} bytes`), undefined);
        return;
      }
      done(null, guardedUpload(payload, bounds.requestBodyBytes, bounds.timeoutMs));
    });
    // A body declared over the bound is the client's to shrink (413), in the product's error shape.
    origin.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof BodyTooLargeError)) throw error;
      return sendError(reply.header('connection', 'close'), new AppError('payload_too_large', error.message));
    });
    for (const url of ['/', '/*'])
      origin.route({
        method: methods,
        url,
        exposeHeadRoute: false,
        constraints: only('origin'),
        handler: answers.origin,
      });
  });
}
