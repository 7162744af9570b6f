// Records every response of the public listener for agent insight: one onResponse hook, which
// runs after the response is sent, so recording adds nothing to a request's latency. Routes that record
// themselves (e.g. an agent protocol counting its own skills) set `config: { insight: false }`.
import type { FastifyInstance } from 'fastify';
import type { Callers } from '../domain/callers/callers.ts';
import type { Caller } from '../domain/callers/caller.ts';
import { callerRequestOf } from './caller-request.ts';
import type { Insight } from '../domain/insight/recorder.ts';
import type { SiteSearch } from '../domain/search/index.ts';
import { classifyCached } from './insight-route.ts';

/** The results site search shows for one query (the same bound as the search page). */
const searchLimit = 20;
const maxSearchText = 200;

/** What recording reads of one response. */
interface Answered {
  method: string;
  /** The matched route pattern; undefined when no route matched. */
  route: string | undefined;
  url: string;
  status: number;
  contentType: unknown;
  /** The parsed query string of a search page (only the search route's is read). */
  searchQuery?: unknown;
}

export function registerInsightHook(
  app: FastifyInstance,
  insight: Insight,
  search: SiteSearch,
  callers: Callers,
): void {
  if (!insight.enabled) return;
  const record = (answered: Answered, caller: Caller): void => {
    const { url, route, status } = answered;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const contentType = typeof answered.contentType === 'string' ? answered.contentType : undefined;
    const visit = classifyCached({ method: answered.method, route, path, status, contentType });
    if (!visit) return;
    insight.recordVisit({ ...visit, caller, status });
    if (route !== '/search' || status !== 200) return;
    const q = (answered.searchQuery as { q?: unknown } | undefined)?.q;
    if (typeof q === 'string' && q.trim() !== '') {
      // The search page does not hand its hits over; running the query again costs ~0.3 ms.
      const text = q.slice(0, maxSearchText);
      insight.recordAsk({
        source: 'site-search',
        query: text,
        results: search.search(text, { limit: searchLimit }).length,
        caller,
      });
    }
  };
  // Every surface's caller is classified, a signed request's signature verified (the rate limits
  // did so already for /agent and /api); recording waits for a verification, the response does not.
  const whenClassified = (classified: Caller | Promise<Caller>, answered: Answered): void => {
    if (classified instanceof Promise) void classified.then((caller) => record(answered, caller));
    else record(answered, classified);
  };
  app.addHook('onResponse', (request, reply, done) => {
    const routeOptions = request.routeOptions;
    if ((routeOptions.config as { insight?: boolean } | undefined)?.insight !== false) {
      // The caller as the request's hooks already classified it, else classified here: nothing asks
      // after the response, so nothing is kept on the request for later.
      const classified = request.facts?.caller?.get() ?? callers.classify(callerRequestOf(request));
      whenClassified(classified, {
        method: request.method,
        route: routeOptions.url,
        url: request.url,
        status: reply.statusCode,
        contentType: reply.getHeader('content-type'),
        searchQuery: routeOptions.url === '/search' ? request.query : undefined,
      });
    }
    done();
  });
}
