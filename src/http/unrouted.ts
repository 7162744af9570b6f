// The one answer for requests no route of the site serves (/agent and /api answer their own JSON
// 404/405): JSON for machine documents (/.well-known/…, /mcp), the site's page elsewhere;
// a method the site does not take at an address it serves is 405 with Allow. The path is never
// echoed back. Errors thrown outside /agent and /api are answered here too, without their text.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { AppError, invalidRequest } from '../kernel/errors.ts';
import type { Logger } from '../kernel/logger.ts';
import { sendError, writeError } from './error-reply.ts';
import { internalErrorMessage } from '../domain/error-wording.ts';

/** Renders the site's HTML or markdown page for a 404, 405 or 500 (negotiated on Accept). */
export type SitePage = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: 404 | 405 | 500,
) => FastifyReply | Promise<FastifyReply>;

export interface UnroutedDeps {
  config: Pick<Config, 'baseUrl' | 'mcpUrl'>;
  logger: Logger;
  /** True when GET at `path` serves something (a page, a mirror, a document). */
  serves(path: string): boolean;
  page: SitePage;
}

const readMethods = 'GET, HEAD, OPTIONS';
/** Machine addresses: the discovery documents, the MCP path, and the API's (which answer their own). */
const jsonDocument = /^\/(?:\.well-known|mcp|agent|api)(?:\/|$)/;

export function registerUnrouted(app: FastifyInstance, deps: UnroutedDeps): void {
  const { config } = deps;
  const pathOf = (request: FastifyRequest): string => request.url.split('?', 1)[0] ?? '';

  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    error: AppError,
    status: 404 | 405 | 500,
  ): FastifyReply | Promise<FastifyReply> => {
    const path = pathOf(request);
    if (jsonDocument.test(path)) return sendError(reply, error);
    return deps.page(request, reply, status);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    const served = request.method !== 'GET' && request.method !== 'HEAD' && deps.serves(path);
    if (served && request.method === 'OPTIONS') return reply.header('Allow', readMethods).code(204).send();
    if (served) {
      reply.header('Allow', readMethods);
      return answer(
        request,
        reply,
        new AppError('method_not_allowed', `This address answers ${readMethods} only.`),
        405,
      );
    }
    const message = /^\/mcp(?:\/|$)/.test(path)
      ? `The MCP server is not on this port; it is at ${config.mcpUrl}.`
      : `No document at this address; ${config.baseUrl}/.well-known/api-catalog lists the documents.`;
    return answer(request, reply, new AppError('not_found', message), 404);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500)
      deps.logger.error(
        { err: error, method: request.method, route: request.routeOptions.url },
        'unhandled error on the site',
      );
    // A client's mistake the framework found (e.g. a body it cannot read): a 400 in our words.
    const appError =
      status < 500
        ? new AppError('invalid_request', 'The request could not be read.', {
            fieldErrors: [{ field: 'request', message: 'could not be read' }],
          })
        : new AppError('internal_error', internalErrorMessage);
    if (status < 500 || jsonDocument.test(pathOf(request))) return sendError(reply, appError);
    try {
      const page = deps.page(request, reply, 500);
      return page instanceof Promise ? page.catch(() => sendError(reply, appError)) : page;
    } catch {
      return sendError(reply, appError);
    }
  });
}

/**
 * Requests whose target is not a path, before the framework sees them: `OPTIONS *` asks what the
 * server supports (204 with Allow); anything else (absolute or authority form) is a 400.
 */
export function answerNonPathTarget(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'OPTIONS' && req.url === '*') {
    res.writeHead(204, { Allow: 'GET, HEAD, POST, OPTIONS' }).end();
    return;
  }
  writeError(res, invalidRequest([{ field: 'url', message: 'must be a path starting with /' }]));
}

/** A request that arrives while the listener is shutting down: 503 in the API's shape, then close. */
export function answerClosing(res: ServerResponse): void {
  const closing = new AppError('service_unavailable', 'This instance is shutting down; retry the request.');
  writeError(res, closing, { Connection: 'close', 'Retry-After': '1' });
}
