// The OpenAPI contract of each mount, built from the operations it serves and answered at
// `<mount>/openapi.json` as a fixed body (compressed once, with an ETag).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.ts';
import { jsonBytes } from '../../cache/response-cache.ts';
import { contentUsageHeader } from '../../http/content-usage.ts';
import { FixedBody, fixedBodies, sendFixed } from '../../http/fixed-body.ts';
import type { AllowedMethods } from './allowed-methods.ts';
import { buildContract } from './openapi/contract.ts';
import type { Mount } from './operation.ts';
import { agentPrefix, apiVersions, currentVersion, mounts } from './versions.ts';

/**
 * The OpenAPI contract served at `<mount>/openapi.json`, kept in the response cache per mount (the
 * API, MCP and A2A all ask for it); treat as read-only.
 */
export function agentContract(
  services: Pick<Services, 'config' | 'content' | 'catalog' | 'responseCache'>,
  mount: Mount = mounts()[0]!,
): Record<string, unknown> {
  return services.responseCache.namespace('contract', jsonBytes).remember(mount.basePath, () =>
    buildContract({
      config: services.config,
      mount,
      versions: apiVersions,
      current: currentVersion,
      describedAs: services.content.site.describedAs,
      capabilities: services.catalog.capabilities,
    }),
  );
}

/** Serves the mount's contract, built on first request, not at start-up (a few % of a cold start). */
export function routeContract(api: FastifyInstance, services: Services, mount: Mount, allowed: AllowedMethods): void {
  const contract = (): FixedBody =>
    fixedBodies(services.responseCache, 'body').remember(
      `contract ${mount.basePath}`,
      () =>
        new FixedBody(
          JSON.stringify(agentContract(services, mount)),
          'application/json; charset=utf-8',
          services.responseCache,
        ),
    );
  // A document like the discovery ones, so it says how it may be used as they do.
  const withUsage = contentUsageHeader(services.config);
  const path = `${mount.basePath.slice(agentPrefix.length)}/openapi.json`;
  api.get(path, async (request, reply) => sendFixed(request, withUsage(reply), contract()));
  allowed.allow(path, 'GET');
}
