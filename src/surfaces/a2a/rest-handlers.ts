// The HTTP+JSON binding's route handlers: each turns a REST path's parameters, query and body into
// the request handler's call and its answer into the protocol's JSON, with the SDK's converters.
import {
  SendMessageRequest,
  SendMessageResponse,
  Task,
  ListTasksResponse,
  TaskPushNotificationConfig,
  taskStateFromJSON,
} from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { DefaultRequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryValue } from './query-params.ts';
import { restNotFound } from './rest-errors.ts';

type Params = Record<string, string>;

/** What every handler needs: the SDK's request handler and the call context a request carries. */
export interface RestBinding {
  handler: DefaultRequestHandler;
  contextOf(request: FastifyRequest): ServerCallContext;
}

const json = (reply: FastifyReply, status: number, body: unknown): FastifyReply =>
  reply.code(status).type('application/a2a+json').send(body);

/** `abc:cancel` → ['abc', 'cancel']; a plain id has no verb. */
const split = (ref: string): [string, string | undefined] => {
  const at = ref.lastIndexOf(':');
  return at === -1 ? [ref, undefined] : [ref.slice(0, at), ref.slice(at + 1)];
};

export async function sendMessage(
  { handler, contextOf }: RestBinding,
  request: FastifyRequest,
  reply: FastifyReply,
  stream: boolean,
): Promise<FastifyReply> {
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
}

/** GET tasks/{id}, POST tasks/{id}:cancel, and tasks/{id}:subscribe (refused by the SDK: streaming is off). */
export async function taskVerb(
  { handler, contextOf }: RestBinding,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const [id, verb] = split((request.params as Params).ref ?? '');
  const context = contextOf(request);
  if (request.method === 'GET' && verb === undefined) {
    const historyLength = queryValue(request.query, 'historyLength');
    const length = historyLength === undefined ? undefined : Number.parseInt(historyLength, 10);
    if (length !== undefined && !(length >= 0))
      throw new RequestMalformedError({ message: 'historyLength must be a whole number, 0 or more.' });
    return json(
      reply,
      200,
      Task.toJSON(await handler.getTask({ id, tenant: context.tenant ?? '', historyLength: length }, context)),
    );
  }
  if (request.method === 'POST' && verb === 'cancel') {
    return json(
      reply,
      200,
      Task.toJSON(await handler.cancelTask({ id, tenant: context.tenant ?? '', metadata: undefined }, context)),
    );
  }
  if (verb === 'subscribe') {
    await handler.resubscribe({ id, tenant: context.tenant ?? '' }, context).next();
  }
  return restNotFound(request, reply);
}

export async function listTasks(
  { handler, contextOf }: RestBinding,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const context = contextOf(request);
  const q = (name: string): string | undefined => queryValue(request.query, name);
  const number = (name: string): number | undefined => {
    const text = q(name);
    if (text === undefined || text === '') return undefined;
    const value = Number(text);
    if (!Number.isInteger(value)) throw new RequestMalformedError({ message: `${name} must be a whole number.` });
    return value;
  };
  const status = q('status');
  const result = await handler.listTasks(
    {
      tenant: context.tenant ?? '',
      contextId: q('contextId') ?? '',
      status: status ? taskStateFromJSON(status) : 0,
      pageSize: number('pageSize'),
      pageToken: q('pageToken') ?? '',
      historyLength: number('historyLength'),
      statusTimestampAfter: q('statusTimestampAfter') || undefined,
      includeArtifacts: q('includeArtifacts') === 'true',
    },
    context,
  );
  return json(reply, 200, ListTasksResponse.toJSON(result));
}

export async function pushConfigs({ handler, contextOf }: RestBinding, request: FastifyRequest): Promise<never> {
  const { ref = '', configId = '' } = request.params as Params;
  const context = contextOf(request);
  const tenant = context.tenant ?? '';
  // Push notifications are off: each of the SDK's methods refuses with PushNotificationNotSupportedError.
  if (request.method === 'POST')
    await handler.createTaskPushNotificationConfig(
      TaskPushNotificationConfig.fromJSON({ ...(request.body as object), taskId: ref }),
      context,
    );
  else if (request.method === 'DELETE')
    await handler.deleteTaskPushNotificationConfig({ tenant, taskId: ref, id: configId }, context);
  else if (configId) await handler.getTaskPushNotificationConfig({ tenant, taskId: ref, id: configId }, context);
  else await handler.listTaskPushNotificationConfigs({ tenant, taskId: ref, pageSize: 0, pageToken: '' }, context);
  throw new Error('push-notification configs were served although the card turns them off');
}
