// Who answers a request in front mode, decided once before routing on the normalised target (the
// very path the origin would get, target.ts): the product (its own paths, and a page asked for as
// markdown, or at its twin's address beside it, that the imported content has), the merged
// robots.txt, the origin, or, for a target that could pass for one of the product's paths, a refusal.
// Fastify's router reads the decision as a route constraint, so the product's routes stay as they are
// and the origin's routes only match what the origin is to answer. A page the content serves at
// another address than the origin ("/about" for "/about.html") is asked of the origin at its own, so
// every address the product gives out (llms.txt, the ask, MCP) leads to the page.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { BoundedMemo } from '../../cache/bounded-memo.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { markdownPath, twinBase } from '../../domain/content/urls.ts';
import { normalisePath } from '../../importer/layout.ts';
import type { ImportedAddresses } from './imported-addresses.ts';
import { ownedByProduct, pathOf } from './owned-paths.ts';
import { normaliseTargetPath, passesForOwned } from './target.ts';

/** The constraint's name, and the values a request can derive. */
export const frontConstraint = 'front';
export type FrontTarget = 'origin' | 'robots' | 'sitemap' | 'refused';

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];

export interface FrontRouting {
  /**
   * Fastify's rewriteUrl: the target normalised; a page asked for as markdown sent to its imported
   * twin's address; an ambiguous target to "/" (the refusal's route answers it).
   */
  rewriteUrl(request: IncomingMessage): string;
  /** Fastify's constraint strategy: which of the front's routes, if any, the request is for. */
  strategy: ConstraintStrategy;
  /** The imported page an address (the origin's or the content's) is, if any. */
  twinOf(path: string): Page | undefined;
}

/** A path's route: its normal form, whether that is the path as sent, and whether the product owns it. */
type PathRoute = { path: string; normal: boolean; owned: boolean } | typeof refusedPath;
/** A path that cannot be read, or could pass for one of the product's own: the refusal's route. */
const refusedPath = 'refused';
/** Paths up to this length have their route remembered. */
const memoPathLength = 256;

function decidePath(raw: string): PathRoute {
  const path = normaliseTargetPath(raw);
  if (path === undefined) return refusedPath;
  const owned = ownedByProduct(path);
  if (!owned && passesForOwned(path, ownedByProduct)) return refusedPath;
  return { path, normal: path === raw, owned };
}

export function frontRouting(
  content: Pick<ContentCatalog, 'pageByPath'>,
  prefersMarkdown: (accept: string | undefined) => boolean,
  addresses: ImportedAddresses,
): FrontRouting {
  /** Requests the imported content answers (markdown twins), marked by rewriteUrl for the router. */
  const fromContent = new WeakSet<IncomingMessage>();
  /** Requests whose target is unreadable or could pass for the product's own path. */
  const refused = new WeakSet<IncomingMessage>();
  // The import's reading of an address never changes, and every HTML answer asks for it (its Link
  // names the twin): worked out once per address (in a profile of proxied pages it was the largest
  // share of the route's own work).
  const normalised = new BoundedMemo<string, string>(4_096);
  const importPathOf = (path: string): string => normalised.get(path) ?? normalised.set(path, normalisePath(path));
  const twinOf = (path: string): Page | undefined => {
    const recorded = addresses.contentOf(path);
    return (
      content.pageByPath(path) ??
      (recorded === undefined ? undefined : content.pageByPath(recorded)) ??
      content.pageByPath(importPathOf(path))
    );
  };
  const besideTwinOf = (path: string): Page | undefined => {
    const base = path.endsWith('.md') ? twinBase(path) : undefined;
    return base === undefined ? undefined : (twinOf(path.slice(0, -'.md'.length)) ?? twinOf(base));
  };
  // What a path alone decides (its normal form, a refusal, the product's own) never changes, and
  // working it out (the lenient readings of passesForOwned) was the route's largest own cost per
  // request: decided once per path of ordinary length (a long one is not worth keeping).
  const decided = new BoundedMemo<string, PathRoute>(4_096);
  const routeOfPath = (raw: string): PathRoute =>
    raw.length > memoPathLength ? decidePath(raw) : (decided.get(raw) ?? decided.set(raw, decidePath(raw)));
  return {
    twinOf,
    rewriteUrl(request) {
      const url = request.url ?? '/';
      const mark = url.indexOf('?');
      const route = routeOfPath(mark === -1 ? url : url.slice(0, mark));
      if (route === refusedPath) {
        refused.add(request);
        return '/';
      }
      const { path } = route;
      const query = mark === -1 ? '' : url.slice(mark);
      // Most targets are already normal: the client's own string goes on as it is.
      if (route.owned) return route.normal ? url : `${path}${query}`;
      const readOnly = request.method === 'GET' || request.method === 'HEAD';
      // The twin beside an imported page ("/about.html.md", "/about.md") is the product's markdown of it.
      const beside = readOnly ? besideTwinOf(path) : undefined;
      if (beside) return `${markdownPath(beside.slug)}${query}`;
      const twin = readOnly && prefersMarkdown(request.headers.accept) ? twinOf(path) : undefined;
      if (twin) {
        fromContent.add(request);
        return twin.path;
      }
      const moved = addresses.originOf(path);
      return moved === undefined && route.normal ? url : `${moved ?? path}${query}`;
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
        if (refused.has(request)) return 'refused';
        const path = pathOf(request.url ?? '/');
        if (path === '/robots.txt') return 'robots';
        if (path === '/sitemap.xml') return 'sitemap';
        return ownedByProduct(path) ? undefined : 'origin';
      },
    },
  };
}
