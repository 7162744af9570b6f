// The HTTP+JSON binding at BASE_URL/a2a/rest, over the same request handler as JSON-RPC: the
// protocol's REST paths (message:send, tasks/{id}, tasks/{id}:cancel, …) with google.rpc.Status
// error bodies; with many sites each operation is served below its `/{tenant}` prefix as well
// (tenant.ts). The SDK ships this binding as an Express router only; this is its route table on
// Fastify, with the SDK's own converters and error mapping (the handlers are in rest-handlers.ts).
import type { AgentCard } from '@a2a-js/sdk';
import type { DefaultRequestHandler } from '@a2a-js/sdk/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestFacts } from './request-facts.ts';
import { useRateLimits } from '../../http/rate-limit-hooks.ts';
import type { Services } from '../../app/services.ts';
import { requestedVersion, versionedContext } from './call-context.ts';
import { useA2aCors, withholdCors } from './cors.ts';
import { a2aRestPath, a2aTenant } from '../../capabilities/documents/a2a-addresses.ts';
import { memoBy } from '../../domain/sites/site-memo.ts';
import { restTenants, servedTenant } from './tenant.ts';
import { restErrorHandler, restNotFound } from './rest-errors.ts';
import { useRestJsonBodies } from './rest-body.ts';
import { listTasks, pushConfigs, sendMessage, taskVerb, type RestBinding } from './rest-handlers.ts';

type Route = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const withoutCors =
  (route: Route): Route =>
  async (request, reply) => {
    withholdCors(reply);
    return route(request, reply);
  };

export async function registerRestBinding(
  app: FastifyInstance,
  services: Services,
  card: AgentCard,
  handler: DefaultRequestHandler,
  bodyLimit: number,
): Promise<void> {
  // The site's own tenant (with many sites, the site asked); none for the single site.
  const ownTenant = memoBy(
    () => services.config.baseUrl,
    (baseUrl) => a2aTenant({ baseUrl, sites: services.config.sites }),
  );
  const binding: RestBinding = {
    handler,
    contextOf: (request) => {
      const tenant = servedTenant(restTenants(request), ownTenant());
      const context = versionedContext(
        card,
        'HTTP+JSON',
        requestFacts(request, services),
        requestedVersion(request.headers, request.query),
      );
      if (tenant !== '') context.setTenant(tenant);
      return context;
    },
  };
  await app.register(
    async (scope) => {
      useRestJsonBodies(scope, bodyLimit);
      useA2aCors(scope, ['/*'], ['GET', 'POST', 'DELETE']);
      useRateLimits(scope, services);
      scope.setErrorHandler(restErrorHandler(services));
      scope.setNotFoundHandler(restNotFound);
      routeRestPaths(scope, binding, '');
      // With many sites each operation is also served below its `/{tenant}` prefix (A2A 1.0 HTTP+JSON).
      if (services.sites) routeRestPaths(scope, binding, '/:tenant');
      // Every other path below the prefix is the binding's 404, not the site's page (whose catch-all would win).
      scope.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        exposeHeadRoute: false,
        handler: restNotFound,
      });
    },
    { prefix: a2aRestPath },
  );
}

/** The binding's operations below `prefix` ('' or '/:tenant'). */
function routeRestPaths(scope: FastifyInstance, binding: RestBinding, prefix: string): void {
  scope.post(`${prefix}/message::send`, (request, reply) => sendMessage(binding, request, reply, false));
  scope.post(`${prefix}/message::stream`, (request, reply) => sendMessage(binding, request, reply, true));
  // Answers that hold tasks are for the client that holds their ids, never for another origin's page.
  scope.get(
    `${prefix}/tasks`,
    withoutCors((request, reply) => listTasks(binding, request, reply)),
  );
  scope.route({
    method: ['GET', 'POST'],
    url: `${prefix}/tasks/:ref`,
    handler: withoutCors((request, reply) => taskVerb(binding, request, reply)),
  });
  const pushConfigRoute = (request: FastifyRequest) => pushConfigs(binding, request);
  scope.route({
    method: ['GET', 'POST'],
    url: `${prefix}/tasks/:ref/pushNotificationConfigs`,
    handler: pushConfigRoute,
  });
  scope.route({
    method: ['GET', 'DELETE'],
    url: `${prefix}/tasks/:ref/pushNotificationConfigs/:configId`,
    handler: pushConfigRoute,
  });
  scope.get(`${prefix}/extendedAgentCard`, async (request) => {
    const context = binding.contextOf(request);
    return binding.handler.getAuthenticatedExtendedAgentCard({ tenant: context.tenant ?? '' }, context);
  });
}
