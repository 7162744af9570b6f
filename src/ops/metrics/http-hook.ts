// Counts and times every response of the public Fastify listener, and those answered from memory
// before it. The route label is the route pattern (`/agent/case-studies`, `/markdown/*`), never the
// raw URL, so label values stay bounded.
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/** Reports responses answered before Fastify (the site's prepared responses), by route pattern. */
export interface AnsweredBeforeFastify {
  onServed(served: (request: unknown, response: { route: string }, seconds: number) => void): void;
}

/** Label for requests that matched no route (404s, scanners): one series, whatever the URL. */
export const unmatchedRoute = 'unmatched';

/** Adds the onResponse hook; call it on the root instance before routes are registered. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics, prepared: AnsweredBeforeFastify): void {
  // Metrics off (no METRICS_PORT): no hook at all, so requests pay nothing.
  if (!metrics.registry) return;
  const observe = (labels: { method: string; route: string; status: string }, seconds: number): void => {
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, seconds);
  };
  app.addHook('onResponse', (request, reply, done) => {
    observe(
      { method: request.method, route: request.routeOptions.url ?? unmatchedRoute, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  prepared.onServed((_request, response, seconds) =>
    observe({ method: 'GET', route: response.route, status: '200' }, seconds),
  );
}
