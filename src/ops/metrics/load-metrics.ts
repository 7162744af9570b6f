// Chooses the metrics at start-up: prom-client is imported only when METRICS_PORT is set.
import { disabledMetrics, type Metrics } from './metrics.ts';

/** Prometheus metrics when `enabled` (METRICS_PORT set), otherwise no-ops. */
export async function loadMetrics(enabled: boolean): Promise<Metrics> {
  if (!enabled) return disabledMetrics();
  const { createMetrics } = await import('./prometheus.ts');
  return createMetrics();
}
