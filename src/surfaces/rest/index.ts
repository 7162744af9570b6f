// The REST API under /agent: each version's operations at /agent/vN/… and the current version's at
// the /agent/… alias, their contracts, JSON-only bodies, CORS, OPTIONS/405/404 and one error renderer.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.ts';
import { corsHeaders } from '../../http/cors-headers.ts';
import { bodyLimitBytes, sendError, toAppError } from '../../http/error-reply.ts';
import { useJsonBodies } from '../../http/json-body.ts';
import { useRateLimits } from '../../http/rate-limit-hooks.ts';
import { getOrCreateValue } from '../../store/secrets.ts';
import { AllowedMethods, answerOptions, answerUnmatched } from './allowed-methods.ts';
import { versionOperations } from './capability-operations.ts';
import { routeContract } from './contract-route.ts';
import { deprecationOf, versionHeaders, type Deprecation } from './headers.ts';
import type { ApiVersion, Operation, OperationContext } from './operation.ts';
import type { RouteHandlerMethod as Handler } from 'fastify';
import { AppError } from '../../kernel/errors.ts';
import { runInSite } from '../../domain/sites/site-scope.ts';
import { agentPrefix, apiVersions, mounts, versionOfPath } from './versions.ts';

export { agentContract } from './contract-route.ts';

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

/** Each version's headers, built once at start-up (a deprecation is dated when first seen). */
export async function agentHeaders(services: Services): Promise<AgentHeaders> {
  const deprecations = await deprecationsOf(services);
  return new Map(apiVersions.map((v) => [v, { ...versionHeaders(v, deprecations.get(v)), ...corsHeaders() }]));
}

export async function registerAgentApi(
  app: FastifyInstance,
  services: Services,
  fixedHeaders: AgentHeaders,
): Promise<void> {
  await app.register(
    async (api) => {
      useJsonBodies(api);
      useRateLimits(api, services);
      // The same headers for every response of a version, after the RateLimit ones.
      api.addHook('onSend', (request, reply, payload, done) => {
        reply.headers(fixedHeaders.get(versionOfPath(request.url))!);
        done(null, payload);
      });
      api.setErrorHandler((error, request, reply) => sendError(reply, toAppError(error, services.logger, request)));
      const allowed = new AllowedMethods();
      for (const mount of mounts()) {
        routeOperations(api, { services, mount }, allowed);
        routeContract(api, services, mount, allowed);
      }
      answerOptions(api, allowed);
      answerUnmatched(api, services, allowed);
    },
    { prefix: agentPrefix },
  );
}

/** The handler of the current site's operation at `operation`'s method and path, made once per operation. */
function perSiteHandler(
  app: FastifyInstance,
  operation: Operation,
  operationsNow: () => Operation[],
  context: OperationContext,
): Handler {
  const made = new WeakMap<Operation, Handler>();
  const same = (other: Operation): boolean => other.method === operation.method && other.path === operation.path;
  return (request, reply) => {
    const now = operationsNow().find(same);
    if (!now) throw new AppError('not_found', 'This site does not offer this operation.');
    let handler = made.get(now);
    if (!handler) made.set(now, (handler = now.handler(context)));
    return handler.call(app, request, reply);
  };
}

/** Routes the operations of the mount's version (its own and the capabilities it serves). */
function routeOperations(api: FastifyInstance, context: OperationContext, allowed: AllowedMethods): void {
  const { services, mount } = context;
  const base = mount.basePath.slice(agentPrefix.length);
  const operationsNow = (): Operation[] => versionOperations(mount.version, services.catalog.capabilities);
  // With many sites the routes are the same for each (a capability's route is its key's), and each
  // request is answered by its own site's capability: its words, its content.
  const structure = services.sites ? runInSite(services.sites.sites()[0]!.key, operationsNow) : operationsNow();
  for (const operation of structure) {
    // The budget the rate limits read (src/http/rate-limit-hooks.ts); a plain object to the types, since
    // @fastify/rate-limit (loaded by the benchmarks' peer app) declares its own route option of that name.
    const config: object = { rateLimit: operation.rateLimit };
    api.route({
      method: operation.method,
      url: `${base}${operation.path}`,
      bodyLimit: bodyLimitBytes,
      config,
      handler: services.sites ? perSiteHandler(api, operation, operationsNow, context) : operation.handler(context),
    });
    allowed.allow(`${base}${operation.path}`, operation.method);
  }
}
