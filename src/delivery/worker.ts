// The outbox worker: claims due deliveries with a lease and sends them. Built out in src/delivery/.
import type { Services } from '../services.ts';

export interface DeliveryWorker {
  stop(): Promise<void>;
}

export function startDeliveryWorker(_services: Services): DeliveryWorker {
  return { stop: async () => {} };
}
