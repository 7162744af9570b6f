// Runs the retention purge (RETENTION_DAYS) inside the worker: at start and then hourly, erase the
// personal data of delivered enquiries older than the setting. Off when RETENTION_DAYS is 0.
import type { Services } from '../app/services.ts';
import { purgeDelivered } from '../store/personal-data.ts';

const everyMs = 3_600_000;
const dayMs = 86_400_000;

/** Purges once now; returns how many enquiries lost their personal data. */
export async function purgeExpired(
  services: Pick<Services, 'config' | 'store'>,
  now: Date = new Date(),
): Promise<number> {
  const days = services.config.retentionDays;
  if (days <= 0) return 0;
  const purged = await purgeDelivered(services.store.db, new Date(now.getTime() - days * dayMs), now);
  return purged.length;
}

export function startRetention(services: Services): { stop(): Promise<void> } {
  if (services.config.retentionDays <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  const run = (): void => {
    running ??= purgeExpired(services)
      .then((count) => {
        if (count > 0) services.logger.info({ purged: count }, 'retention purge erased personal data');
      })
      .catch(() => services.logger.error('retention purge failed'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, everyMs);
  run();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
