// The non-public Prometheus listener (METRICS_PORT on HOST): GET /metrics and nothing else. It is a
// separate socket from the site so a firewall or network policy can keep it internal.
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import type { Metrics } from './metrics.ts';
import {
  answerClientError,
  closeListener,
  createLimitedServer,
  listenOn,
  type RefusalBody,
} from '../../http/listener-limits.ts';
import type { Services } from '../../app/services.ts';
import { registerDeliveryBacklog } from './delivery-backlog.ts';
import { registerResponseCache } from './response-cache.ts';

export interface MetricsListener {
  /** The bound port (useful when METRICS_PORT=0 picks a free one). */
  port: number;
  close(): Promise<void>;
}

/**
 * The listener when METRICS_PORT is set, otherwise undefined: the one way `npm start` (app.ts) and
 * `npm run worker` (worker.ts) start it, so both serve the metrics their own process records.
 */
export async function startConfiguredMetricsListener(services: Services): Promise<MetricsListener | undefined> {
  const port = services.config.metricsPort;
  return port === undefined ? undefined : startMetricsListener(services, port);
}

export async function startMetricsListener(services: Services, port: number): Promise<MetricsListener> {
  const { store, logger, config } = services;
  const metrics = services.metrics as Metrics & { registry: Registry };
  if (!metrics.registry) throw new Error('metrics are off: services were built without METRICS_PORT');
  // Process metrics (memory, CPU, event-loop lag) are only worth collecting when someone scrapes them.
  collectDefaultMetrics({ register: metrics.registry, prefix: 'agentsite_' });
  registerDeliveryBacklog(metrics, store);
  registerResponseCache(metrics, services.responseCache);
  const refusal: RefusalBody = (_status, message) => ({ contentType: 'text/plain', body: `${message}\n` });
  const server = createLimitedServer(config.listener, refusal, (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) =>
        res
          .writeHead(200, { 'content-type': metrics.registry.contentType })
          .end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  server.on('clientError', answerClientError(refusal));
  await listenOn(server, config.listener, port, config.host);
  return {
    port: (server.address() as AddressInfo).port,
    close: () => closeListener(server),
  };
}
