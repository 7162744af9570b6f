// The REST API under /agent: each version's operations at /agent/vN/… and the current version's at
// the /agent/… alias, their contracts, JSON-only bodies, CORS, OPTIONS/405/404 and one error renderer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCursorCodec } from '../../domain/cursor.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Services } from '../../app/services.ts';
import { getOrCreateSecret, getOrCreateValue } from '../../store/secrets.ts';
import { contentUsageHeader } from '../../http/content-usage.ts';
import { FixedBody, sendFixed } from '../../http/fixed-body.ts';
import { buildContract } from './openapi/contract.ts';
import { jsonBytes } from '../../cache/response-cache.ts';
import { useRateLimits } from '../../http/rate-limit-hooks.ts';
import { capabilityOperations } from './capability-operations.ts';
import { bodyLimitBytes, sendError, toAppError } from '../../http/error-reply.ts';
import { corsHeaders, preflightHeaders } from '../../http/cors-headers.ts';
import { deprecationOf, versionHeaders, type Deprecation } from './headers.ts';
import { useJsonBodies } from '../../http/json-body.ts';
import type { ApiVersion, Mount } from './operation.ts';
import { agentPrefix, apiVersions, currentVersion, mounts, versionOfPath } from './versions.ts';

const anyMethod = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;

/**
 * The OpenAPI contract served at `<mount>/openapi.json`, kept in the response cache per mount (the
 * API, MCP and A2A all ask for it); treat as read-only.
 */
export function agentContract(
  services: Pick<Services, 'config' | 'content' | 'catalog' | 'responseCache'>,
  mount: Mount = mounts()[0]!,
): Record<string, unknown> {
  return services.responseCache.remember(
    'contract',
    mount.basePath,
    () =>
      buildContract({
        config: services.config,
        mount,
        versions: apiVersions,
        current: currentVersion,
        describedAs: services.content.site.describedAs,
        capabilities: capabilityOperations(services.catalog.capabilities),
      }),
    jsonBytes,
  );
}

/** Each deprecated version's headers, dated by when any instance first saw it deprecated. */
async function deprecationsOf(services: Services): Promise<Map<ApiVersion, Deprecation | undefined>> {
  const byVersion = new Map<ApiVersion, Deprecation | undefined>();
  for (const version of apiVersions) {
    if (!version.sunset(services.config)) continue;
    const since = await getOrCreateValue(
      services.store.db,
      `deprecated-since:v${version.version}`,
      new Date().toISOString(),
    );
    byVersion.set(version, deprecationOf(version, services.config, new Date(since)));
  }
  return byVersion;
}

/** Per version, the headers every /agent response carries: API-Version, CORS and any deprecation. */
export type AgentHeaders = ReadonlyMap<ApiVersion, Record<string, string>>;

/**
 * Named in lower case, as Fastify stores and sends every header name: it then finds each name as
 * it is instead of making a new lower-case string per header and response (bench/).
 */
export async function agentHeaders(services: Services): Promise<AgentHeaders> {
  const deprecations = await deprecationsOf(services);
  const lowerCased = (headers: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return new Map(
    apiVersions.map((v) => [v, lowerCased({ ...versionHeaders(v, deprecations.get(v)), ...corsHeaders() })]),
  );
}

export async function registerAgentApi(
  app: FastifyInstance,
  services: Services,
  fixedHeaders: AgentHeaders,
): Promise<void> {
  const cursors = createCursorCodec(await getOrCreateSecret(services.store.db, 'case-study-cursor'));
  // Routed capabilities are served on every mount, after the version's own operations.
  const routed = capabilityOperations(services.catalog.capabilities);
  await app.register(
    async (api) => {
      useJsonBodies(api);
      // The same headers for every response of a version, built once, set after the RateLimit ones
      // by the rate limits' own onSend hook (a hook run per response fewer; bench/).
      useRateLimits(api, services, (request) => fixedHeaders.get(versionOfPath(request.url))!);
      api.setErrorHandler((error, request, reply) => sendError(reply, toAppError(error, services.logger, request)));

      // Path (below /agent) → methods it answers, for Allow and the 405/404 decision.
      const allowed = new Map<string, Set<string>>();
      const allow = (path: string, method: string): void => {
        const methods = allowed.get(path) ?? new Set<string>();
        methods.add(method);
        if (method === 'GET') methods.add('HEAD');
        methods.add('OPTIONS');
        allowed.set(path, methods);
      };
      for (const mount of mounts()) {
        const base = mount.basePath.slice(agentPrefix.length);
        for (const operation of [...mount.version.operations, ...routed]) {
          api.route({
            method: operation.method,
            url: `${base}${operation.path}`,
            bodyLimit: bodyLimitBytes,
            config: { rateLimit: operation.rateLimit },
            handler: operation.handler({ services, mount, cursors }),
          });
          allow(`${base}${operation.path}`, operation.method);
        }
        // Built on first request, not at start-up (building and serialising it is a few % of a cold start).
        const contract = (): FixedBody =>
          services.responseCache.remember(
            'body',
            `contract ${mount.basePath}`,
            () =>
              new FixedBody(
                JSON.stringify(agentContract(services, mount)),
                'application/json; charset=utf-8',
                services.responseCache,
              ),
            (body) => body.identity.length,
          );
        // A document like the discovery ones, so it says how it may be used as they do.
        const withUsage = contentUsageHeader(services.config);
        api.get(`${base}/openapi.json`, async (request, reply) => sendFixed(request, withUsage(reply), contract()));
        allow(`${base}/openapi.json`, 'GET');
      }
      const allowHeader = (path: string): string => {
        const order = ['GET', 'HEAD', 'POST', 'OPTIONS'];
        return [...(allowed.get(path) ?? [])].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(', ');
      };
      for (const path of allowed.keys()) {
        api.options(path, async (_request, reply) => {
          const methods = allowHeader(path);
          reply
            .headers({ Allow: methods, ...preflightHeaders(methods.split(', ')) })
            .code(204)
            .send();
        });
      }
      const unmatched = async (request: FastifyRequest, reply: FastifyReply): Promise<never> => {
        const path = (request.url.split('?')[0] ?? '').slice(agentPrefix.length);
        if (allowed.has(path)) {
          reply.header('Allow', allowHeader(path));
          throw new AppError(
            'method_not_allowed',
            `${request.method} is not supported here; use ${allowHeader(path)}.`,
          );
        }
        throw new AppError(
          'not_found',
          `No endpoint at this path. The contract is at ${services.config.baseUrl}/agent/openapi.json.`,
        );
      };
      api.route({
        method: [...anyMethod],
        url: '/*',
        exposeHeadRoute: false,
        bodyLimit: bodyLimitBytes,
        handler: unmatched,
      });
      api.route({
        method: [...anyMethod],
        url: '',
        exposeHeadRoute: false,
        bodyLimit: bodyLimitBytes,
        handler: unmatched,
      });
      api.setNotFoundHandler(unmatched);
    },
    { prefix: agentPrefix },
  );
}
