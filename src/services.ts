// The composition root: builds every long-lived dependency once and hands them around as one typed
// object (no module-level singletons). Adapters (HTTP, MCP, worker, CLI) receive this object.
import type { Config } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { openStore, type Store } from './store/store.ts';
import { createDeliverySignal, type DeliverySignal } from './delivery/signal.ts';

export interface Services {
  config: Config;
  logger: Logger;
  store: Store;
  metrics: Metrics;
  /** Wakes the delivery worker; the enquiry path calls notify() after its transaction commits. */
  deliverySignal: DeliverySignal;
}

export interface ServiceOverrides {
  logger?: Logger;
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const store = await openStore(config.database);
  return { config, logger, store, metrics: createMetrics(), deliverySignal: createDeliverySignal() };
}

export async function closeServices(services: Services): Promise<void> {
  await services.store.close();
}
