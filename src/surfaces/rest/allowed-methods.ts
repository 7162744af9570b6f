// What the API answers beyond its operations: OPTIONS on every path it serves (Allow and the CORS
// preflight), 405 naming the methods a path does answer, and 404 pointing at the contract.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.ts';
import { preflightHeaders } from '../../http/cors-headers.ts';
import { bodyLimitBytes } from '../../http/error-reply.ts';
import { AppError } from '../../kernel/errors.ts';
import { agentPrefix } from './versions.ts';

const anyMethod = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;
const allowOrder = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/** Each path below /agent the API serves and the methods it answers, for Allow and the 405/404 decision. */
export class AllowedMethods {
  readonly #byPath = new Map<string, Set<string>>();

  /** Records that `path` answers `method` (a GET also answers HEAD; every path answers OPTIONS). */
  allow(path: string, method: string): void {
    const methods = this.#byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    methods.add('OPTIONS');
    this.#byPath.set(path, methods);
  }

  paths(): IterableIterator<string> {
    return this.#byPath.keys();
  }

  has(path: string): boolean {
    return this.#byPath.has(path);
  }

  /** The Allow header value of `path`. */
  header(path: string): string {
    const methods = [...(this.#byPath.get(path) ?? [])];
    return methods.sort((a, b) => allowOrder.indexOf(a) - allowOrder.indexOf(b)).join(', ');
  }
}

/** Answers OPTIONS on every allowed path: 204 with Allow and the preflight headers. */
export function answerOptions(api: FastifyInstance, allowed: AllowedMethods): void {
  for (const path of allowed.paths()) {
    api.options(path, async (_request, reply) => {
      const methods = allowed.header(path);
      reply
        .headers({ Allow: methods, ...preflightHeaders(methods.split(', ')) })
        .code(204)
        .send();
    });
  }
}

/** Answers every other method and path under the prefix: 405 with Allow on a served path, else 404. */
export function answerUnmatched(api: FastifyInstance, services: Services, allowed: AllowedMethods): void {
  const unmatched = async (request: FastifyRequest, reply: FastifyReply): Promise<never> => {
    const path = (request.url.split('?')[0] ?? '').slice(agentPrefix.length);
    if (allowed.has(path)) {
      reply.header('Allow', allowed.header(path));
      throw new AppError('method_not_allowed', `${request.method} is not supported here; use ${allowed.header(path)}.`);
    }
    throw new AppError(
      'not_found',
      `No endpoint at this path. The contract is at ${services.config.baseUrl}/agent/openapi.json.`,
    );
  };
  for (const url of ['/*', '']) {
    api.route({ method: [...anyMethod], url, exposeHeadRoute: false, bodyLimit: bodyLimitBytes, handler: unmatched });
  }
  api.setNotFoundHandler(unmatched);
}
