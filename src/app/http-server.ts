// Builds the public HTTP listener: the site, its discovery documents and the REST API under /agent.
// Each part registers its own routes; this file only wires them onto one Fastify instance.
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { refusalOfStatus } from '../http/error-reply.ts';
import { answerClientError, createLimitedServer } from '../http/listener-limits.ts';
import type { Services } from './services.ts';
import { registerHttpMetrics } from '../ops/metrics/http-hook.ts';
import { registerInsightHook } from '../http/insight-hook.ts';
import { agentHeaders, registerAgentApi, type AgentHeaders } from '../surfaces/rest/index.ts';
import { handleFrameworkError } from '../surfaces/rest/framework-errors.ts';
import { registerContactForm } from '../surfaces/web/form/contact.ts';
import { registerAuditPages } from '../surfaces/web/audit/audit-routes.ts';
import { registerDiscoveryRoutes } from '../surfaces/documents/index.ts';
import { registerSiteRoutes } from '../surfaces/web/index.ts';
import { registerAsk } from '../surfaces/nlweb/route.ts';
import { answerClosing, answerNonPathTarget } from '../http/unrouted.ts';
import { withTurnBudget } from '../http/turn-budget.ts';
import { decorateRequestFacts } from '../http/request-state.ts';
import { registerFormerAddresses } from '../surfaces/front/former-addresses.ts';
import { frontRouting, type FrontRouting } from '../surfaces/front/routing.ts';
import { ownedByProduct, pathOf } from '../surfaces/front/owned-paths.ts';
import type { OriginExchange } from '../surfaces/front/upstream.ts';
import { cachePurgesAfter, latestCachePurge } from '../store/cache-purges.ts';
import { a2aListenerRefusal } from '../surfaces/a2a/listener-refusal.ts';
import { prefersMarkdown } from '../surfaces/web/negotiate.ts';
import { pageLinks } from '../surfaces/web/page-links.ts';
import { robotsTxt } from '../surfaces/web/crawl.ts';
import { routeToSite, type NodeHandler } from './sites/site-requests.ts';
import type { LiveSites } from './sites/registry.ts';
import { answerMisdirected } from './sites/misdirected.ts';
import { composeAround, frontSitesRouting, movedWithoutFront, registerSitesFront } from './sites/front-sites.ts';

function unusedCompiler(): never {
  throw new Error('Fastify route schemas are not used here: validate with zod (src/surfaces/rest/)');
}

/** A refusal before routing, in the shape of the surface the path names: A2A's two bindings, else the API's. */
function refusalBody(status: number, message: string, path = ''): { contentType: string; body: string } {
  return a2aListenerRefusal(status, message, path) ?? refusalOfStatus(status, message);
}

/** Registers routes of another binding on the site listener (the composition root passes the A2A agent's). */
export type RegisterBinding = (app: FastifyInstance) => Promise<void>;

/**
 * `bindings` are mounted after the REST API, the form and the documents, before the site's pages;
 * `aroundOrigin` wraps front mode's exchange with the origin (an observer of its answers).
 */
export async function buildHttpServer(
  services: Services,
  bindings: readonly RegisterBinding[] = [],
  aroundOrigin?: (exchange: OriginExchange) => OriginExchange,
): Promise<FastifyInstance> {
  const fixedAgentHeaders = await agentHeaders(services);
  // Front mode (ORIGIN_URL): what the product does not answer itself goes to the agency's site.
  const { config, content } = services;
  // The import's record of the origin's addresses follows the content folder as it is loaded again.
  const { imported } = services.siteContent;
  // With SITES_DIR, front mode is each site's own (its `origin`): the routing asks the current site.
  const { sites } = services;
  const front = sites ? undefined : config.front;
  const routing = sites
    ? frontSitesRouting(config, sites, frontRouting(content, prefersMarkdown, imported))
    : front && frontRouting(content, prefersMarkdown, imported);
  const app = createListener(services, fixedAgentHeaders, routing);
  decorateRequestFacts(app);
  // Hooks on the root instance, before any route: every response is counted and recorded.
  registerHttpMetrics(app, services.metrics);
  registerInsightHook(app, services.insight, services.search, services.callers);
  await registerAgentApi(app, services, fixedAgentHeaders);
  await registerContactForm(app, services);
  await registerAuditPages(app, services);
  registerDiscoveryRoutes(app, services);
  for (const register of bindings) await register(app);
  await registerAsk(app, services);
  registerSiteRoutes(app, services);
  // Site mode over an imported folder: the old site's moved addresses lead to their pages.
  if (!front) registerFormerAddresses(app, content, sites ? movedWithoutFront(config, imported) : imported);
  if (sites && routing) await registerSitesFront(app, services, sites, routing);
  else if (front && routing) {
    const { baseUrl } = config;
    const links = pageLinks(config);
    // The origin's Sitemap lines stand; the product names no sitemap of its own (/sitemap.xml is the origin's).
    const productRobots = robotsTxt(config, { sitemap: false });
    const { clientAddress } = services;
    // The proxy (undici) and its cache load only in front mode.
    const { registerFront } = await import('../surfaces/front/route.ts');
    const { readImportedRobots } = await import('../surfaces/front/robots.ts');
    const { frontCache } = await import('../surfaces/front/cache/front-cache.ts');
    const importedRobots = await readImportedRobots(config.contentDir);
    const { db } = services.store;
    const purges = { latest: () => latestCachePurge(db), after: (id: number) => cachePurgesAfter(db, id) };
    const cache = frontCache(app, front.cacheBytes, purges, services.logger);
    // The cache answers before the observer: what the observer sees is what the origin sent.
    const around = composeAround(cache, aroundOrigin);
    await registerFront(app, {
      front,
      baseUrl,
      content,
      clientAddress,
      links,
      prefersMarkdown,
      productRobots,
      ...(importedRobots !== undefined && { importedRobots }),
      routing,
      ...(around && { around }),
    });
  }
  return app;
}

/** Whether a request is for one of the product's own paths (as sent: the budget only orders work). */
const ownedRequest = (request: IncomingMessage): boolean => ownedByProduct(pathOf(request.url ?? '/'));

/** `budgeted` while some site is in front of an origin, else `routed`: the same handler without the turn budget. */
function budgetWhileFront(sites: LiveSites, budgeted: NodeHandler, routed: NodeHandler): NodeHandler {
  return (req, res) => (sites.anyFront() ? budgeted(req, res) : routed(req, res));
}

/** Fastify on our limited server, with our logging, client-address, error and validation choices. */
function createListener(services: Services, fixedAgentHeaders: AgentHeaders, front?: FrontRouting): FastifyInstance {
  return Fastify({
    ...(front && { rewriteUrl: front.rewriteUrl }),
    loggerInstance: services.logger as FastifyBaseLogger,
    // Per-request logs would carry client addresses; our own hooks log references instead.
    logController: new LogController({ disableRequestLogging: true }),
    // Nothing logs through request.log (no per-request logs, see above), so requests share the one
    // logger rather than each building a pino child that is never written to.
    childLoggerFactory: (logger) => logger,
    // Proxies are handled by our own client-address rule (TRUST_PROXY), not Fastify's.
    trustProxy: false,
    return503OnClosing: true,
    // Request, headers and keep-alive timeouts (Fastify's own request timeout is off by default).
    serverFactory: (handler) => {
      const server = createLimitedServer(services.config.listener, refusalBody, (req, res) => {
        // Once closing (SIGTERM), requests still arriving on open connections get our 503, not Fastify's.
        if (!server.listening) answerClosing(res);
        else if (req.url?.startsWith('/')) served(req, res);
        else answerNonPathTarget(req, res);
      });
      // With SITES_DIR every request runs as the site its Host names; an unknown Host gets 421.
      const { sites } = services;
      const routed = sites ? routeToSite(sites, handler, answerMisdirected) : handler;
      // In front mode a flood of page views waits its turn behind the product's own answers; with
      // SITES_DIR, while some site stands in front of an origin (the others' pages never wait on one).
      const budgeted = front && withTurnBudget(routed, ownedRequest);
      const served = !budgeted ? routed : sites ? budgetWhileFront(sites, budgeted, routed) : budgeted;
      return server;
    },
    // Timeouts and unreadable requests are answered in the API's JSON error shape, then closed.
    clientErrorHandler: answerClientError(refusalBody),
    // A URL that does not decode gets our JSON error shape (and /agent headers), not Fastify's.
    frameworkErrors: (error, request, reply) =>
      void handleFrameworkError(services, fixedAgentHeaders, error, request, reply),
    // Validation and serialisation are zod's (src/surfaces/rest/); without route schemas Fastify's own
    // compilers are never used, and not loading ajv and fast-json-stringify saves ~20 ms of start-up.
    schemaController: { compilersFactory: { buildValidator: unusedCompiler, buildSerializer: unusedCompiler } },
  });
}
