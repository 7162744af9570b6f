// Which rate limiter the services count requests with: the store decides, since several instances
// may share PostgreSQL while a SQLite file has one. Every budget is counted per site (site-budgets.ts).
import type { Config } from '../config/config.ts';
import type { Logger } from '../kernel/logger.ts';
import type { Metrics } from '../ops/metrics/metrics.ts';
import { countRefusals } from '../ops/metrics/instrument.ts';
import type { Store } from '../store/store.ts';
import { createRateLimiter, generalPolicy } from '../domain/rate-limit/rate-limit.ts';
import { agentPolicy } from '../domain/callers/budget.ts';
import { createBufferedRateLimiter, type BufferedRateLimiter } from '../domain/rate-limit/buffer.ts';
import { createLocalRateLimiter } from '../domain/rate-limit/local.ts';
import { siteBudgets } from '../domain/rate-limit/site-budgets.ts';

export async function openRateLimiter(
  config: Config,
  store: Store,
  logger: Logger,
  metrics: Metrics,
): Promise<BufferedRateLimiter> {
  // The shared 300/min budget is counted in memory and written behind; contact stays exact in the database.
  const exact = createRateLimiter(store.db);
  // A verified agent operator's budget is as busy as the shared one: counted in memory too.
  const inMemory = [generalPolicy, agentPolicy(config.agentRateLimitPerMinute)];
  const limiter =
    store.kind === 'postgres'
      ? // Several instances may share PostgreSQL: past half of a budget, the shared total decides.
        await createBufferedRateLimiter({
          db: store.db,
          exact,
          logger,
          onRefused: countRefusals(metrics),
          exactShare: 0.5,
          buffered: inMemory,
        })
      : await createLocalRateLimiter({ db: store.db, exact, logger, onRefused: countRefusals(metrics), inMemory });
  return siteBudgets(limiter);
}
