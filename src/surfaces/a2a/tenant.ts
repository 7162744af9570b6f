// A2A 1.0's `tenant` with many sites: the card's 1.0 interfaces name the site's tenant
// (a2a-addresses.ts), and a request may carry one (JSON-RPC `params.tenant`; on HTTP+JSON the
// `/{tenant}/…` path prefix, or `tenant` in the body or query). A request with no tenant, or with
// its site's own, is served; any other is refused with InvalidParams before anything runs, the same
// answer whether it names another site of this deployment or none, so no answer tells which sites
// share it. The single site has no tenant and serves requests as it always did.
import type { FastifyRequest } from 'fastify';
import { invalidParams } from './errors.ts';
import { queryValue } from './query-params.ts';

const shown = (text: string): string => JSON.stringify(text.slice(0, 100));

/**
 * The tenant to hand the SDK for a request naming `named` (each given place; undefined or '' where
 * it names none): `own` when it names it, '' when it names none. Throws InvalidParams when any
 * names another tenant; without `own` (one site) every value is let through unread, as before.
 */
export function servedTenant(named: readonly unknown[], own: string | undefined): string {
  if (own === undefined) return '';
  let given = false;
  for (const tenant of named) {
    if (tenant === undefined || tenant === '') continue;
    if (typeof tenant !== 'string') throw invalidParams('tenant must be a string.');
    if (tenant !== own)
      throw invalidParams(
        `Tenant ${shown(tenant)} is not served here: this agent's tenant is ${shown(own)}; send it, or no tenant.`,
      );
    given = true;
  }
  return given ? own : '';
}

/** Every tenant an HTTP+JSON request names: its path prefix, its body's `tenant` and its query's. */
export function restTenants(request: FastifyRequest): unknown[] {
  const body = request.body;
  const fromBody = typeof body === 'object' && body !== null ? (body as { tenant?: unknown }).tenant : undefined;
  return [(request.params as { tenant?: string }).tenant, fromBody, queryValue(request.query, 'tenant')];
}
