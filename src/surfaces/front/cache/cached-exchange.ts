// The HTTP cache put in front of the exchange with the origin (upstream.ts): a GET or HEAD without a
// body or a range goes through the cache (origin-cache.ts), anything else straight to the origin.
// Each answer says how it was found in RFC 9211's Cache-Status.
import { Readable } from 'node:stream';
import { type ForwardedRequest, type OriginAnswer, type OriginExchange, WholeAnswer } from '../upstream.ts';
import type { CacheOutcome } from './answers.ts';
import type { OriginCache } from './origin-cache.ts';

/** RFC 9211 Cache-Status values, one per outcome ("agentsite" names this cache). */
const cacheStatus: Record<CacheOutcome, string> = {
  hit: 'agentsite; hit',
  stale: 'agentsite; hit; fwd=stale; detail=stale-while-revalidate',
  'stale-if-error': 'agentsite; hit; detail=stale-if-error',
  revalidated: 'agentsite; fwd=stale; fwd-status=304',
  stored: 'agentsite; fwd=uri-miss; stored',
  miss: 'agentsite; fwd=uri-miss',
};

const noBody = Buffer.alloc(0);
/** RFC 9110 9.2.1: the methods that change nothing at the origin; any other invalidates its target. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Wraps `exchange` with `cache`: the `around` of registerFront. With many sites, `site` is the key of
 * the site whose exchange it is: its answers are kept, found and dropped apart from other sites'.
 */
export function cachedExchange(cache: OriginCache, site?: string): (exchange: OriginExchange) => OriginExchange {
  return (exchange) => async (request) => {
    if (!throughCache(request)) {
      const answer = await exchange(request);
      if (!safeMethods.has(request.method)) cache.invalidate({ ...request, site }, answer.status);
      return answer;
    }
    const answer = await cache.answer(
      { method: request.method, target: request.target, headers: request.headers, site },
      // A background refresh is no client's: it is not cut off when the client that set it off leaves.
      (headers, background) =>
        exchange({
          method: request.method,
          target: request.target,
          headers: headers as ForwardedRequest['headers'],
          ...(!background && request.client && { client: request.client }),
        }) as Promise<OriginAnswer>,
    );
    // Each answer's headers are its own (a stored answer's are a copy): marked in place.
    const headers = answer.headers as OriginAnswer['headers'];
    headers['cache-status'] = cacheStatus[answer.outcome];
    const { body } = answer;
    return body instanceof Readable
      ? { status: answer.status, headers, body }
      : new WholeAnswer(answer.status, headers, body ?? noBody);
  };
}

function throughCache(request: ForwardedRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return request.body === undefined && request.headers.range === undefined;
}
