// Counts and times every response of the public Fastify listener. The route label is the route
// pattern (`/agent/case-studies`, `/markdown/*`), never the raw URL, so label values stay bounded.
import type { FastifyInstance } from 'fastify';
import { siteLabel, type Metrics } from './metrics.ts';

/** Label for requests that matched no route (404s, scanners): one series, whatever the URL. */
export const unmatchedRoute = 'unmatched';

/** Adds the onResponse hook; call it on the root instance before routes are registered. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  // Metrics off (no METRICS_PORT): no hook at all, so requests pay nothing.
  if (!metrics.registry) return;
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? unmatchedRoute,
      status: String(reply.statusCode),
      ...siteLabel(),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
