// The HTTP+JSON binding at BASE_URL/a2a/rest, over the same request handler as JSON-RPC: the
// protocol's REST paths (message:send, tasks/{id}, tasks/{id}:cancel, …) with google.rpc.Status
// error bodies. The SDK ships this binding as an Express router only; this is its route table on
// Fastify, with the SDK's own converters and error mapping.
import {
  SendMessageRequest,
  SendMessageResponse,
  Task,
  ListTasksResponse,
  TaskPushNotificationConfig,
  taskStateFromJSON,
  type AgentCard,
} from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { DefaultRequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestFacts } from './request-facts.ts';
import { useRateLimits } from '../../http/rate-limit-hooks.ts';
import type { Services } from '../../app/services.ts';
import { requestedVersion, versionedContext } from './call-context.ts';
import { useA2aCors, withholdCors } from './cors.ts';
import { a2aRestPath } from '../../capabilities/documents/a2a-addresses.ts';
import { assertBoundedBody, assertRequestShape } from './request-bounds.ts';
import { restErrorHandler, restNotFound } from './rest-errors.ts';

type Params = Record<string, string>;
type Route = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const withoutCors =
  (route: Route): Route =>
  async (request, reply) => {
    withholdCors(reply);
    return route(request, reply);
  };
type Query = Record<string, string | undefined>;

export async function registerRestBinding(
  app: FastifyInstance,
  services: Services,
  card: AgentCard,
  handler: DefaultRequestHandler,
  bodyLimit: number,
): Promise<void> {
  const contextOf = (request: FastifyRequest): ServerCallContext =>
    versionedContext(
      card,
      'HTTP+JSON',
      requestFacts(request, services),
      requestedVersion(request.headers, request.query),
    );
  const json = (reply: FastifyReply, status: number, body: unknown): FastifyReply =>
    reply.code(status).type('application/a2a+json').send(body);
  /** `abc:cancel` → ['abc', 'cancel']; a plain id has no verb. */
  const split = (ref: string): [string, string | undefined] => {
    const at = ref.lastIndexOf(':');
    return at === -1 ? [ref, undefined] : [ref.slice(0, at), ref.slice(at + 1)];
  };

  const sendMessage = async (request: FastifyRequest, reply: FastifyReply, stream: boolean): Promise<FastifyReply> => {
    const context = contextOf(request);
    const params = SendMessageRequest.fromJSON(request.body ?? {});
    if (!params.message?.messageId) throw new RequestMalformedError({ message: 'message.messageId is required.' });
    if (stream) {
      // Streaming is off (the card says so): the SDK refuses on the first event.
      await handler.sendMessageStream(params, context).next();
    }
    const result = await handler.sendMessage(params, context);
    const payload =
      'messageId' in result ? { $case: 'message' as const, value: result } : { $case: 'task' as const, value: result };
    return json(reply, 200, SendMessageResponse.toJSON({ payload }));
  };

  const taskVerb = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const [id, verb] = split((request.params as Params).ref ?? '');
    const context = contextOf(request);
    if (request.method === 'GET' && verb === undefined) {
      const historyLength = (request.query as Query).historyLength;
      const length = historyLength === undefined ? undefined : Number.parseInt(historyLength, 10);
      if (length !== undefined && !(length >= 0))
        throw new RequestMalformedError({ message: 'historyLength must be a whole number, 0 or more.' });
      return json(reply, 200, Task.toJSON(await handler.getTask({ id, tenant: '', historyLength: length }, context)));
    }
    if (request.method === 'POST' && verb === 'cancel') {
      return json(reply, 200, Task.toJSON(await handler.cancelTask({ id, tenant: '', metadata: undefined }, context)));
    }
    if (verb === 'subscribe') {
      await handler.resubscribe({ id, tenant: '' }, context).next();
    }
    return restNotFound(request, reply);
  };

  const listTasks = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const context = contextOf(request);
    const q = request.query as Query;
    const number = (name: string): number | undefined => {
      if (q[name] === undefined || q[name] === '') return undefined;
      const value = Number(q[name]);
      if (!Number.isInteger(value)) throw new RequestMalformedError({ message: `${name} must be a whole number.` });
      return value;
    };
    const includeArtifacts = q.includeArtifacts === 'true';
    const result = await handler.listTasks(
      {
        tenant: '',
        contextId: q.contextId ?? '',
        status: q.status ? taskStateFromJSON(q.status) : 0,
        pageSize: number('pageSize'),
        pageToken: q.pageToken ?? '',
        historyLength: number('historyLength'),
        statusTimestampAfter: q.statusTimestampAfter || undefined,
        includeArtifacts,
      },
      context,
    );
    return json(reply, 200, ListTasksResponse.toJSON(result));
  };

  const pushConfigs = async (request: FastifyRequest): Promise<never> => {
    const { ref = '', configId = '' } = request.params as Params;
    const context = contextOf(request);
    // Push notifications are off: each of the SDK's methods refuses with PushNotificationNotSupportedError.
    if (request.method === 'POST')
      await handler.createTaskPushNotificationConfig(
        TaskPushNotificationConfig.fromJSON({ ...(request.body as object), taskId: ref }),
        context,
      );
    else if (request.method === 'DELETE')
      await handler.deleteTaskPushNotificationConfig({ tenant: '', taskId: ref, id: configId }, context);
    else if (configId) await handler.getTaskPushNotificationConfig({ tenant: '', taskId: ref, id: configId }, context);
    else
      await handler.listTaskPushNotificationConfigs({ tenant: '', taskId: ref, pageSize: 0, pageToken: '' }, context);
    throw new Error('push-notification configs were served although the card turns them off');
  };

  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        ['application/json', 'application/a2a+json'],
        { parseAs: 'string', bodyLimit },
        (_request, body, done) => {
          let parsed: unknown;
          try {
            parsed = (body as string).trim() === '' ? {} : JSON.parse(body as string);
          } catch {
            return done(new RequestMalformedError({ message: 'The body is not valid JSON.' }), undefined);
          }
          try {
            // Before any route runs, as on the JSON-RPC binding.
            assertBoundedBody(parsed);
            assertRequestShape(parsed as Record<string, unknown>);
            done(null, parsed);
          } catch (error) {
            done(error as Error, undefined);
          }
        },
      );
      useA2aCors(scope, ['/*'], ['GET', 'POST', 'DELETE']);
      useRateLimits(scope, services);
      scope.setErrorHandler(restErrorHandler(services));
      scope.setNotFoundHandler(restNotFound);
      scope.post('/message::send', (request, reply) => sendMessage(request, reply, false));
      scope.post('/message::stream', (request, reply) => sendMessage(request, reply, true));
      // Answers that hold tasks are for the client that holds their ids, never for another origin's page.
      scope.get('/tasks', withoutCors(listTasks));
      scope.route({ method: ['GET', 'POST'], url: '/tasks/:ref', handler: withoutCors(taskVerb) });
      scope.route({ method: ['GET', 'POST'], url: '/tasks/:ref/pushNotificationConfigs', handler: pushConfigs });
      scope.route({
        method: ['GET', 'DELETE'],
        url: '/tasks/:ref/pushNotificationConfigs/:configId',
        handler: pushConfigs,
      });
      scope.get('/extendedAgentCard', async (request) =>
        handler.getAuthenticatedExtendedAgentCard({ tenant: '' }, contextOf(request)),
      );
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
