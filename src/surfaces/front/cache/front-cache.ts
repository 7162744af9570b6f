// Front mode's HTTP cache as the listener holds it: an ORIGIN_CACHE_MB store (none at 0), the purges
// of `agentsite cache purge` followed for as long as the listener is open.
import type { FastifyInstance } from 'fastify';
import { cachePurgePollMs } from '../../../config/front.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { OriginExchange } from '../upstream.ts';
import { cachedExchange } from './cached-exchange.ts';
import { OriginCache } from './origin-cache.ts';
import { OriginStore } from './origin-store.ts';
import { followPurges, type PurgeLog } from './purge-feed.ts';

/** The `around` of registerFront that puts the cache before the origin; undefined when it is off. */
export function frontCache(
  app: FastifyInstance,
  cacheBytes: number,
  purges: PurgeLog,
  logger: Logger,
): ((exchange: OriginExchange) => OriginExchange) | undefined {
  if (cacheBytes === 0) return undefined;
  const cache = new OriginCache(new OriginStore(cacheBytes), (error) =>
    logger.debug({ err: error }, 'a stale-while-revalidate refresh failed; the stored answer stays'),
  );
  const feed = followPurges(purges, (path) => cache.purge(path), logger, cachePurgePollMs);
  app.addHook('onClose', async () => feed.stop());
  return cachedExchange(cache);
}
