// GET /agent/health (and each pinned version's) answered straight from the listener, before
// Fastify, as prepared responses are: health is polled more than anything else, and Fastify's
// routing, hooks and reply pipeline were most of what a poll cost beyond a bare server (bench/).
// The answer is the route's own: the same status, headers in the same order, body, budget spent,
// metrics and insight. Everything else is left to Fastify: another method, a query string, a signed
// request (its signature is verified there), and a budget refused, counted later or unreadable
// (handed over to the rate-limit hook, which does not spend it again).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isSigned } from '../../domain/callers/signature.ts';
import { nodeCallerRequestOf } from '../../http/caller-request.ts';
import { sentRateLimitHeaders } from '../../http/rate-limit-hooks.ts';
import { spendEarly } from '../../http/spent-early.ts';
import type { Services } from '../../app/services.ts';
import type { AnswerServed } from '../../http/prepared-responses.ts';
import type { AgentHeaders } from './index.ts';
import { getHealth, healthBody, healthType } from './v1/health.ts';
import { mounts } from './versions.ts';

interface HealthPath {
  body: () => string;
  /** The version's API-Version, deprecation and CORS headers, as the /agent scope sets them. */
  following: Record<string, string>;
  served: { route: string; contentType: string };
}

/** Answers a GET of a health path and returns true, or returns false with nothing spent or sent. */
export type AnswerBeforeFastify = (request: IncomingMessage, response: ServerResponse) => boolean;

export function healthBeforeFastify(
  services: Services,
  fixedHeaders: AgentHeaders,
  served: AnswerServed,
): AnswerBeforeFastify {
  const paths = new Map<string, HealthPath>();
  for (const mount of mounts()) {
    if (!mount.version.operations.includes(getHealth)) continue;
    const route = `${mount.basePath}${getHealth.path}`;
    paths.set(route, {
      body: healthBody(services, mount),
      following: fixedHeaders.get(mount.version)!,
      served: { route, contentType: healthType },
    });
  }
  return (request, response) => {
    if (request.method !== 'GET') return false;
    const path = paths.get(request.url ?? '');
    if (path === undefined || isSigned(request.headers)) return false;
    const started = performance.now();
    const caller = services.callers.classify(nodeCallerRequestOf(request));
    // Unsigned: classified at once (the check above), so this is never a verification under way.
    if (caller instanceof Promise) return false;
    const state = spendEarly(services, request, caller);
    if (state === undefined) return false;
    const body = path.body();
    const headers = sentRateLimitHeaders(state, { 'content-type': healthType });
    Object.assign(headers, path.following);
    headers['content-length'] = String(Buffer.byteLength(body));
    response.writeHead(200, headers);
    response.end(body);
    served(request, path.served, (performance.now() - started) / 1000, caller);
    return true;
  };
}
