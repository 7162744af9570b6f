// Who answers a request in front mode, decided once before routing: the product (its own paths, and
// a page asked for as markdown that the imported content has), the merged robots.txt, or the origin.
// Fastify's router reads the decision as a route constraint, so the product's routes stay as they are
// and the origin's routes only match what the origin is to answer.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { normalisePath } from '../../importer/layout.ts';
import { ownedByProduct, pathOf } from './owned-paths.ts';

/** The constraint's name, and the values a request can derive. */
export const frontConstraint = 'front';
export type FrontTarget = 'origin' | 'robots';

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];

export interface FrontRouting {
  /** Fastify's rewriteUrl: a page asked for as markdown is sent to its imported twin's address. */
  rewriteUrl(request: IncomingMessage): string;
  /** Fastify's constraint strategy: which of the front's routes, if any, the request is for. */
  strategy: ConstraintStrategy;
}

export function frontRouting(
  content: Pick<ContentCatalog, 'pageByPath'>,
  prefersMarkdown: (accept: string | undefined) => boolean,
): FrontRouting {
  /** Requests the imported content answers (markdown twins), marked by rewriteUrl for the router. */
  const fromContent = new WeakSet<IncomingMessage>();
  const twinOf = (path: string): Page | undefined =>
    content.pageByPath(path) ?? content.pageByPath(normalisePath(path));
  return {
    rewriteUrl(request) {
      const url = request.url ?? '/';
      const readOnly = request.method === 'GET' || request.method === 'HEAD';
      if (!readOnly || !prefersMarkdown(request.headers.accept) || ownedByProduct(pathOf(url))) return url;
      const twin = twinOf(pathOf(url));
      if (!twin) return url;
      fromContent.add(request);
      return twin.path;
    },
    strategy: {
      name: frontConstraint,
      // A request for the origin never reaches the product's own routes, and the reverse.
      mustMatchWhenDerived: true,
      storage() {
        const stores = new Map<string, ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>>();
        return {
          get: (target: string) => stores.get(target) ?? null,
          set: (target: string, store) => stores.set(target, store),
        };
      },
      deriveConstraint(request: IncomingMessage): FrontTarget | undefined {
        if (fromContent.has(request)) return undefined;
        const path = pathOf(request.url ?? '/');
        if (path === '/robots.txt') return 'robots';
        return ownedByProduct(path) ? undefined : 'origin';
      },
    },
  };
}
