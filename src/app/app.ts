// Starts and stops the whole service in one process: both listeners and the delivery worker.
// Used by main.ts and by the tests, so tests run exactly what operators run.
import type { FastifyInstance } from 'fastify';
import { ConfigError, type Config } from '../config/config.ts';
import { startDeliveryWorker, type DeliveryWorker } from '../delivery/worker.ts';
import { registerA2a } from '../surfaces/a2a/route.ts';
import { agentContract } from '../surfaces/rest/index.ts';
import { buildHttpServer } from './http-server.ts';
import { startMcpServer, type McpListener } from '../surfaces/mcp/server.ts';
import type { MetricsListener } from '../ops/metrics/listener.ts';
import type { AdminListener } from '../ops/dashboard/listener.ts';
import { closeServices, createServices, type ServiceOverrides, type Services } from './services.ts';
import { listenStartError } from './startup-errors.ts';
import { routeToSite, type NodeHandler } from './sites/site-requests.ts';
import { answerMisdirectedMcp } from './sites/misdirected.ts';
import type { OriginFollow } from './origin-follow.ts';

export interface RunningApp {
  services: Services;
  http: FastifyInstance;
  mcp: McpListener;
  worker: DeliveryWorker;
  /** Front mode: imports the origin again on its schedule and when a served page changed (origin-follow.ts). */
  follow?: OriginFollow;
  /** The Prometheus listener, when METRICS_PORT is set. */
  metrics?: MetricsListener;
  /** The operator dashboard, when ADMIN_PORT is set. */
  admin?: AdminListener;
  /** Stops taking requests, drains in-flight ones and deliveries, then closes the database. */
  stop(): Promise<void>;
}

/**
 * With SITES_DIR, the routes every site shares are laid out from the first site that loads (they are
 * the same for each; every request is answered by its own site): start-up needs one.
 */
async function firstSiteLoaded(services: Services): Promise<void> {
  const { sites } = services;
  for (const site of sites?.sites() ?? []) if (await sites?.contentOf(site.key)) return;
  await closeServices(services);
  throw new ConfigError(
    `SITES_DIR ${services.config.sites?.dir} holds no site that loads (each folder's site.yaml names its hosts)`,
  );
}

export async function startApp(config: Config, overrides: ServiceOverrides = {}): Promise<RunningApp> {
  const services = await createServices(config, overrides);
  if (services.sites) await firstSiteLoaded(services);
  // The importer it runs (undici, linkedom, Readability) is loaded only in front mode.
  const follow = config.front && (await import('./origin-follow.ts')).startOriginFollow(services, true);
  // The A2A agent shares the site listener; its routes are mounted from here, so no binding imports another.
  const http = await buildHttpServer(services, [(app) => registerA2a(app, services)], follow?.observe);
  let mcp: McpListener | undefined;
  let metrics: MetricsListener | undefined;
  let admin: AdminListener | undefined;
  try {
    await http
      .listen({ host: config.host, port: config.port, backlog: config.listener.backlog })
      .catch((error: unknown) => {
        throw listenStartError('PORT', config.host, config.port, error);
      });
    const { sites } = services;
    const aroundMcp = sites && ((listener: NodeHandler) => routeToSite(sites, listener, answerMisdirectedMcp));
    mcp = await startMcpServer(services, () => agentContract(services), aroundMcp).catch((error: unknown) => {
      throw listenStartError('MCP_PORT', config.host, config.mcpPort, error);
    });
    // The metrics listener (prom-client) and the dashboard are loaded only when their port is set.
    if (config.metricsPort !== undefined) {
      const { startMetricsListener } = await import('../ops/metrics/listener.ts');
      metrics = await startMetricsListener(services, config.metricsPort).catch((error: unknown) => {
        throw listenStartError('METRICS_PORT', config.host, config.metricsPort ?? 0, error);
      });
    }
    if (config.admin) {
      const { startAdminListener } = await import('../ops/dashboard/listener.ts');
      admin = await startAdminListener(services, config.admin.port, config.admin.token).catch((error: unknown) => {
        throw listenStartError('ADMIN_PORT', config.host, config.admin?.port ?? 0, error);
      });
    }
  } catch (error) {
    // Whatever did start is closed again, so a failed start leaves nothing listening or open.
    await Promise.allSettled([http.close(), mcp?.close(), metrics?.close(), follow?.stop()]);
    await closeServices(services);
    throw error;
  }
  const worker = startDeliveryWorker(services);
  services.sites?.warmUp();
  const started = { mcp, metrics, admin };
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      await Promise.all([http.close(), started.mcp.close(), started.metrics?.close(), started.admin?.close()]);
      await Promise.all([worker.stop(), follow?.stop()]);
      await closeServices(services);
    })();
    return stopping;
  };
  return {
    services,
    http,
    mcp: started.mcp,
    worker,
    ...(follow && { follow }),
    metrics: started.metrics,
    admin: started.admin,
    stop,
  };
}
