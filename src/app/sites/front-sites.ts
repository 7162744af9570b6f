// Front mode with SITES_DIR: a site whose site.yaml names an `origin` is served in front of it as the
// single site is in front of ORIGIN_URL, and a site without keeps its own pages. The front's routes
// are registered once; the routing decides per request from the current site's `config.front`, and
// each front site's own parts are made on its first request, replaced when its settings change and
// closed when its content goes (unloaded or removed, per-served-site.ts): the connections to its
// origin, its merged robots.txt and sitemap, the import's robots copy, and the follower that imports
// its origin again. The HTTP cache is one, under ORIGIN_CACHE_MB, its
// entries and purges kept apart by site (origin-store.ts). The proxy and the importer load when a
// first front site is asked for, so a deployment without one starts as fast as before.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import { cachePurgesAfter, latestCachePurge } from '../../store/cache-purges.ts';
import type { ServedSite } from '../../domain/sites/registry.ts';
import type { FrontAnswers } from '../../surfaces/front/front-answers.ts';
import { registerFrontRoutes } from '../../surfaces/front/front-routes.ts';
import type { ImportedAddresses } from '../../surfaces/front/imported-addresses.ts';
import type { FrontRouting } from '../../surfaces/front/routing.ts';
import type { OriginExchange } from '../../surfaces/front/upstream.ts';
import { robotsTxt } from '../../surfaces/web/crawl.ts';
import { prefersMarkdown } from '../../surfaces/web/negotiate.ts';
import { pageLinks } from '../../surfaces/web/page-links.ts';
import type { OriginFollow } from '../origin-follow.ts';
import type { Services } from '../services.ts';
import { perServedSite } from './per-served-site.ts';
import type { LiveSites } from './registry.ts';

type Around = (exchange: OriginExchange) => OriginExchange;

/** `outer` wrapped around `inner`, either of which may be absent. */
export function composeAround(outer: Around | undefined, inner: Around | undefined): Around | undefined {
  if (!outer || !inner) return outer ?? inner;
  return (exchange) => outer(inner(exchange));
}

/**
 * `routing` for the sites in front mode; a site without an origin is routed as if it had no front. While
 * no site served has an origin, no request's site is read for it (a request still held by a front site
 * removed meanwhile is then routed as its site's own pages: that site is no longer served).
 */
export function frontSitesRouting(
  config: Pick<Config, 'front'>,
  sites: Pick<LiveSites, 'anyFront'>,
  routing: FrontRouting,
): FrontRouting {
  const { strategy } = routing;
  const inFront = (): boolean => sites.anyFront() && config.front !== undefined;
  return {
    twinOf: routing.twinOf,
    rewriteUrl: (request) => (inFront() ? routing.rewriteUrl(request) : (request.url ?? '/')),
    strategy: {
      ...strategy,
      deriveConstraint: (request, context) => (inFront() ? strategy.deriveConstraint(request, context) : undefined),
    },
  };
}

/** The import's record of moved addresses for the sites without a front (the others pass them on). */
export function movedWithoutFront(
  config: Pick<Config, 'front'>,
  addresses: Pick<ImportedAddresses, 'contentOf'>,
): Pick<ImportedAddresses, 'contentOf'> {
  // The record first: most addresses are not in it, and then the site's settings need not be read.
  return {
    contentOf: (path) => {
      const moved = addresses.contentOf(path);
      return moved === undefined || config.front ? undefined : moved;
    },
  };
}

interface SiteFront {
  answers: FrontAnswers;
  follow?: OriginFollow | undefined;
  /** Drops the site's cached origin answers: kept past its front, they could be of another origin. */
  dropCached(): void;
}

/** What a site's front is made of: the proxy, its cache and the importer, loaded when a first front site asks. */
async function loadFrontParts(services: Services) {
  const [{ frontAnswers }, { readImportedRobots }, { openFrontCache }, { startOriginFollow }] = await Promise.all([
    import('../../surfaces/front/front-answers.ts'),
    import('../../surfaces/front/robots.ts'),
    import('../../surfaces/front/cache/front-cache.ts'),
    import('../origin-follow.ts'),
  ]);
  const { config, logger, store } = services;
  const purges = { latest: () => latestCachePurge(store.db), after: (id: number) => cachePurgesAfter(store.db, id) };
  const cache = openFrontCache(config.sites!.originBounds.cacheBytes, purges, logger);
  return { frontAnswers, readImportedRobots, startOriginFollow, cache };
}

/**
 * The front's routes, answered by the current site's front. A site's front is made on its first
 * request, inside its scope: every setting read while making it is that site's.
 */
export async function registerSitesFront(
  app: FastifyInstance,
  services: Services,
  sites: LiveSites,
  routing: FrontRouting,
): Promise<void> {
  const { config } = services;
  let loading: ReturnType<typeof loadFrontParts> | undefined;
  const links = pageLinks(config);
  const make = async (site: ServedSite): Promise<SiteFront> => {
    const parts = await (loading ??= loadFrontParts(services));
    // Its imports are logged with the site they are of; after one, the site's content is loaded again
    // if it is loaded (an unloaded site reads its folder as imported when it is next asked for).
    const siteServices = {
      ...services,
      logger: services.logger.child({ site: site.key }),
      siteContent: {
        ...services.siteContent,
        reload: async () => (await sites.loadedContent(site.key)?.reload()) ?? false,
      },
    };
    const follow = parts.startOriginFollow(siteServices, true, `origin-recrawl:${site.key}`);
    const answers = parts.frontAnswers({
      front: config.front!,
      baseUrl: config.baseUrl,
      content: services.content,
      clientAddress: services.clientAddress,
      links,
      prefersMarkdown,
      productRobots: robotsTxt(config, { sitemap: false }),
      importedRobots: parts.readImportedRobots(config.contentDir),
      routing,
      // The cache answers before the observer: what the observer sees is what the origin sent.
      around: composeAround(parts.cache?.around(site.key), follow?.observe),
    });
    return { answers, follow, dropCached: () => parts.cache?.dropSite(site.key) };
  };
  // A front replaced or gone is closed in the background: a failure there is logged, never thrown.
  const close = async (made: Promise<SiteFront>): Promise<void> => {
    try {
      const { answers, follow, dropCached } = await made;
      // At shutdown the cache goes whole: no site's part of it need be looked for.
      if (!closing) dropCached();
      await Promise.all([answers.close(), follow?.stop()]);
    } catch (error) {
      services.logger.warn({ reason: (error as Error).message }, "a site's front was not closed cleanly");
    }
  };
  const fronts = perServedSite(sites, make, close);
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    await fronts.close();
    if (loading) (await loading).cache?.stop();
  });
  const answers = async (): Promise<FrontAnswers> => (await fronts.current()).answers;
  await registerFrontRoutes(app, routing, config.sites!.originBounds, {
    robots: async (request, reply) => (await answers()).robots(request, reply),
    sitemap: async (request, reply) => (await answers()).sitemap(request, reply),
    origin: async (request, reply) => (await answers()).origin(request, reply),
  });
}
