// A gauge of outbox rows by state (pending, delivered, dead), read from the database at scrape time
// only, so it costs nothing between scrapes and is right even when another process sends.
import { Gauge, type Registry } from 'prom-client';
import type { Store } from '../../store/store.ts';
import type { Metrics } from './metrics.ts';

export function registerDeliveryBacklog(metrics: Metrics & { registry: Registry }, store: Store): void {
  new Gauge({
    name: 'agentsite_deliveries',
    help: 'Deliveries in the outbox, by target and state.',
    labelNames: ['target', 'state'],
    registers: [metrics.registry],
    async collect() {
      const rows = await store.db
        .selectFrom('deliveries')
        .select((eb) => ['target', 'state', eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy(['target', 'state'])
        .execute();
      this.reset();
      for (const row of rows) this.set({ target: row.target, state: row.state }, Number(row.count));
    },
  });
}
