// Applies `agentsite cache purge` on this instance: the CLI writes purges to the database, and every
// instance reads the ones after the last it applied every `pollMs`. A purge written before the
// instance started is not applied (its cache started empty), unless the database could not be read
// then: applying an old purge again only costs a refetch. While the database cannot be read the cache
// keeps serving; the purges are applied once it can.
import type { Logger } from '../../../kernel/logger.ts';

/** The purge log as the store keeps it (src/store/cache-purges.ts). */
export interface PurgeLog {
  latest(): Promise<number>;
  /** `site`: the key of the one site whose answers go (with many sites); null: every site's. */
  after(id: number): Promise<{ id: number; path: string | null; site?: string | null }[]>;
}

export interface PurgeFeed {
  /** Reads and applies the purges written since the last look; resolves when done. */
  poll(): Promise<void>;
  stop(): void;
}

export function followPurges(
  log: PurgeLog,
  purge: (path?: string, site?: string) => number,
  logger: Pick<Logger, 'info' | 'warn'>,
  pollMs: number,
): PurgeFeed {
  let last: number | undefined;
  let failing = false;
  let polling: Promise<void> | undefined;
  const read = async (): Promise<void> => {
    try {
      last ??= await log.latest().catch(() => 0);
      for (const row of await log.after(last)) {
        const dropped = purge(row.path ?? undefined, row.site ?? undefined);
        logger.info({ purge: row.id, path: row.path, site: row.site, dropped }, 'origin cache purged');
        last = row.id;
      }
      failing = false;
    } catch (error) {
      // One line when the database stops answering, not one every poll.
      if (!failing) logger.warn({ err: error }, 'origin cache purges could not be read; trying again');
      failing = true;
    }
  };
  const poll = (): Promise<void> => (polling ??= read().finally(() => (polling = undefined)));
  void poll();
  const timer = setInterval(poll, pollMs);
  timer.unref();
  return { poll, stop: () => clearInterval(timer) };
}
