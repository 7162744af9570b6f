// Temporary SQLite stores and write-behind rate limiters for a limiter test file, all closed after
// each test (the limiters first, as their close writes what is pending). Each test starts at least
// 5 s before a minute ends: its takes read the clock, and a window ending midway would reset counts.
import { afterEach, beforeEach } from 'node:test';
import { pino } from 'pino';
import type { BufferedRateLimiter } from '../../src/domain/rate-limit/buffer.ts';
import { createRateLimiter, type RateLimiter } from '../../src/domain/rate-limit/rate-limit.ts';
import type { Logger } from '../../src/kernel/logger.ts';
import { countRefusals } from '../../src/ops/metrics/instrument.ts';
import type { Metrics } from '../../src/ops/metrics/metrics.ts';
import type { RatePolicy } from '../../src/domain/rate-limit/rate-limit.ts';
import type { Store } from '../../src/store/store.ts';
import { awayFromMinuteBoundary } from './rate-windows.ts';
import { tempSqliteStore } from './sqlite-store.ts';

export interface LimiterOptions {
  db: Store['db'];
  exact: RateLimiter;
  logger: Logger;
  onRefused?: (policy: RatePolicy) => void;
  flushMs: number;
}

export function rateLimiterFixture(prefix: string, create: (options: LimiterOptions) => Promise<BufferedRateLimiter>) {
  const closers: (() => Promise<void>)[] = [];
  beforeEach(() => awayFromMinuteBoundary(5));
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  return {
    async store(): Promise<Store> {
      const s = await tempSqliteStore(prefix);
      closers.push(() => s.close());
      return s;
    },
    /** A limiter on `s` whose flush runs only when a test calls it. */
    async limiter(s: Store, metrics?: Metrics): Promise<BufferedRateLimiter> {
      const l = await create({
        db: s.db,
        exact: createRateLimiter(s.db),
        logger: pino({ level: 'silent' }),
        onRefused: metrics && countRefusals(metrics),
        flushMs: 60_000,
      });
      closers.push(() => l.close());
      return l;
    },
  };
}
