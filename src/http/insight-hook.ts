// Records every response of the public listener for agent insight: one onResponse hook, which
// runs after the response is sent, so recording adds nothing to a request's latency. Routes that
// record themselves (e.g. an agent protocol counting its own skills) set `config: { insight: false }`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Callers } from '../domain/callers/callers.ts';
import { callerOfRequest } from '../domain/callers/request-caller.ts';
import type { Caller, CallerRequest } from '../domain/callers/caller.ts';
import type { Insight } from '../domain/insight/recorder.ts';
import type { SiteSearch } from '../domain/search/index.ts';
import { classifyCached } from './insight-route.ts';

/** The results site search shows for one query (the same bound as the search page). */
const searchLimit = 20;
const maxSearchText = 200;

export function registerInsightHook(app: FastifyInstance, insight: Insight, search: SiteSearch, callers: Callers): void {
  if (!insight.enabled) return;
  app.addHook('onResponse', (request, reply, done) => {
    // Every surface's caller is classified, a signed request's signature verified (the rate limits
    // did so already for /agent and /api); recording waits for a verification, the response does not.
    const classified = callerOfRequest(request, callers);
    if (classified instanceof Promise) void classified.then((caller) => record(request, reply, caller));
    else record(request, reply, classified);
    done();
  });
  const record = (request: FastifyRequest, reply: FastifyReply, caller: Caller): void => {
    const routeOptions = request.routeOptions;
    if ((routeOptions.config as { insight?: boolean } | undefined)?.insight === false) return;
    const url = request.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const contentType = reply.getHeader('content-type');
    const visit = classifyCached({
      method: request.method, route: routeOptions.url, path, status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
    });
    if (visit) {
      insight.recordVisit({ ...visit, caller, status: reply.statusCode });
      if (routeOptions.url === '/search' && reply.statusCode === 200) {
        const q = (request.query as { q?: unknown }).q;
        if (typeof q === 'string' && q.trim() !== '') {
          // The search page does not hand its hits over; running the query again costs ~0.3 ms.
          const text = q.slice(0, maxSearchText);
          insight.recordAsk({ source: 'site-search', query: text, results: search.search(text, { limit: searchLimit }).length, caller });
        }
      }
    }
  };
}

/** What caller recognition reads of a Fastify request. */
export function callerRequestOf(request: FastifyRequest): CallerRequest {
  return { method: request.method, authority: request.headers.host ?? '', path: request.url, headers: request.headers };
}
