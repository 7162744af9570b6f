// Front mode's HTTP cache as the listener holds it: an ORIGIN_CACHE_MB store (none at 0), the purges
// of `agentsite cache purge` followed for as long as the listener is open. With many sites the one
// store is shared under the one bound, each site's answers kept under its key (origin-store.ts).
import type { FastifyInstance } from 'fastify';
import { cachePurgePollMs } from '../../../config/front.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { OriginExchange } from '../upstream.ts';
import { cachedExchange } from './cached-exchange.ts';
import { OriginCache } from './origin-cache.ts';
import { OriginStore } from './origin-store.ts';
import { followPurges, type PurgeLog } from './purge-feed.ts';

type Around = (exchange: OriginExchange) => OriginExchange;

export interface SharedFrontCache {
  /** The `around` of one site's exchange: the single site's (no key), or that of the site keyed `site`. */
  around(site?: string): Around;
  /** Drops every answer kept for the site keyed `site` (its origin changed, or it is no longer served). */
  dropSite(site: string): void;
  /** Stops following the purges. */
  stop(): void;
}

/** The cache, one for every site of the instance; undefined when it is off. */
export function openFrontCache(cacheBytes: number, purges: PurgeLog, logger: Logger): SharedFrontCache | undefined {
  if (cacheBytes === 0) return undefined;
  const cache = new OriginCache(new OriginStore(cacheBytes), (error) =>
    logger.debug({ err: error }, 'a stale-while-revalidate refresh failed; the stored answer stays'),
  );
  const feed = followPurges(purges, (path, site) => cache.purge(path, site), logger, cachePurgePollMs);
  return {
    around: (site) => cachedExchange(cache, site),
    dropSite: (site) => void cache.purge(undefined, site),
    stop: () => feed.stop(),
  };
}

/** The `around` of registerFront that puts the cache before the origin; undefined when it is off. */
export function frontCache(
  app: FastifyInstance,
  cacheBytes: number,
  purges: PurgeLog,
  logger: Logger,
): Around | undefined {
  const cache = openFrontCache(cacheBytes, purges, logger);
  if (!cache) return undefined;
  app.addHook('onClose', async () => cache.stop());
  return cache.around();
}
