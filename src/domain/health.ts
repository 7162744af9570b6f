// The service's own health: 'ok', or 'degraded' when a local dependency reports trouble: the
// database is unreachable, or answers but the enquiry path cannot commit (rights, read-only, dropped
// tables). It never probes upstreams (CRM, e-mail provider) and never says which secrets are configured.
import type { Store } from '../store/store.ts';

export type HealthStatus = 'ok' | 'degraded';

/** Cheap, cached signals only: a health check must not add load to a struggling dependency. */
export function healthStatus(services: { store: Pick<Store, 'health'> }): HealthStatus {
  return services.store.health.status() === 'down' ? 'degraded' : 'ok';
}
