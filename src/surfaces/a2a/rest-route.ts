// The HTTP+JSON binding at BASE_URL/a2a/rest, over the same request handler as JSON-RPC: the
// protocol's REST paths (message:send, tasks/{id}, tasks/{id}:cancel, …) with google.rpc.Status
// error bodies. The SDK ships this binding as an Express router only; this is its route table on
// Fastify, with the SDK's own converters and error mapping (the handlers are in rest-handlers.ts).
import type { AgentCard } from '@a2a-js/sdk';
import type { DefaultRequestHandler } from '@a2a-js/sdk/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestFacts } from './request-facts.ts';
import { useRateLimits } from '../../http/rate-limit-hooks.ts';
import type { Services } from '../../app/services.ts';
import { requestedVersion, versionedContext } from './call-context.ts';
import { useA2aCors, withholdCors } from './cors.ts';
import { a2aRestPath } from '../../capabilities/documents/a2a-addresses.ts';
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
  const binding: RestBinding = {
    handler,
    contextOf: (request) =>
      versionedContext(
        card,
        'HTTP+JSON',
        requestFacts(request, services),
        requestedVersion(request.headers, request.query),
      ),
  };
  await app.register(
    async (scope) => {
      useRestJsonBodies(scope, bodyLimit);
      useA2aCors(scope, ['/*'], ['GET', 'POST', 'DELETE']);
      useRateLimits(scope, services);
      scope.setErrorHandler(restErrorHandler(services));
      scope.setNotFoundHandler(restNotFound);
      routeRestPaths(scope, binding);
    },
    { prefix: a2aRestPath },
  );
}

function routeRestPaths(scope: FastifyInstance, binding: RestBinding): void {
  scope.post('/message::send', (request, reply) => sendMessage(binding, request, reply, false));
  scope.post('/message::stream', (request, reply) => sendMessage(binding, request, reply, true));
  // Answers that hold tasks are for the client that holds their ids, never for another origin's page.
  scope.get(
    '/tasks',
    withoutCors((request, reply) => listTasks(binding, request, reply)),
  );
  scope.route({
    method: ['GET', 'POST'],
    url: '/tasks/:ref',
    handler: withoutCors((request, reply) => taskVerb(binding, request, reply)),
  });
  const pushConfigRoute = (request: FastifyRequest) => pushConfigs(binding, request);
  scope.route({ method: ['GET', 'POST'], url: '/tasks/:ref/pushNotificationConfigs', handler: pushConfigRoute });
  scope.route({
    method: ['GET', 'DELETE'],
    url: '/tasks/:ref/pushNotificationConfigs/:configId',
    handler: pushConfigRoute,
  });
  scope.get('/extendedAgentCard', async (request) =>
    binding.handler.getAuthenticatedExtendedAgentCard({ tenant: '' }, binding.contextOf(request)),
  );
  // Every other path below the prefix is the binding's 404, not the site's page (whose catch-all would win).
  scope.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    exposeHeadRoute: false,
    handler: restNotFound,
  });
}
