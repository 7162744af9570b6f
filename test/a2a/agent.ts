// Test fixture: the real service on a fresh database and the official A2A SDK client resolved from
// its agent card, with helpers to send a text question or a skill call and read the result.
import { Message, SendMessageRequest, type Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, type Client, type RequestOptions } from '@a2a-js/sdk/client';
import { startTestApp, type TestApp } from '../helpers/app.ts';

export interface A2aFixture {
  app: TestApp;
  client: Client;
}

export async function startAgent(env: Record<string, string> = {}): Promise<A2aFixture> {
  const app = await startTestApp(env);
  return { app, client: await clientFor(app) };
}

/** A client for `app`, resolved from its /.well-known/agent-card.json (the card's URLs point at it). */
export async function clientFor(app: TestApp): Promise<Client> {
  return new ClientFactory().createFromUrl(app.baseUrl);
}

/** A client of the agent that prefers the HTTP+JSON binding its card lists second. */
export async function restClientFor(app: TestApp): Promise<Client> {
  const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: ['HTTP+JSON'] });
  return new ClientFactory(options).createFromUrl(app.baseUrl);
}

let counter = 0;

/** A user message with the given parts (JSON form, e.g. `{ text: 'hi' }` or `{ data: {...} }`). */
export function message(...parts: Record<string, unknown>[]): SendMessageRequest {
  counter += 1;
  return SendMessageRequest.fromJSON({
    message: { messageId: `test-${process.pid}-${counter}`, role: 'ROLE_USER', parts },
  });
}

export const ask = (text: string): SendMessageRequest => message({ text });
export const call = (skill: string, input?: unknown): SendMessageRequest =>
  message({ data: input === undefined ? { skill } : { skill, input }, mediaType: 'application/json' });

/** Sends and returns the task (the agent always answers with one). */
export async function send(client: Client, request: SendMessageRequest, options?: RequestOptions): Promise<Task> {
  const result = await client.sendMessage(request, options);
  if (!('artifacts' in result))
    throw new Error(`expected a task, got a message: ${JSON.stringify(Message.toJSON(result))}`);
  return result;
}

/** The ids of the tasks `client` lists for `contextId`: every state, artifacts included. */
export async function listedTaskIds(client: Client, contextId: string): Promise<string[]> {
  const listed = await client.listTasks({
    tenant: '',
    contextId,
    status: 0,
    pageToken: '',
    statusTimestampAfter: undefined,
    includeArtifacts: true,
  });
  return listed.tasks.map((t) => t.id);
}

/** The structured result (data part) and markdown (text part) of a task's one artifact. */
export function resultOf(task: Task): { skill: string; data: Record<string, unknown>; text: string } {
  const [artifact] = task.artifacts;
  if (!artifact) throw new Error('task has no artifact');
  const data = artifact.parts.find((p) => p.content?.$case === 'data')?.content;
  const text = artifact.parts.find((p) => p.content?.$case === 'text')?.content;
  return {
    skill: artifact.name,
    data: (data?.$case === 'data' ? data.value : {}) as Record<string, unknown>,
    text: text?.$case === 'text' ? text.value : '',
  };
}

/** A raw JSON-RPC call to the binding (for what the SDK client would refuse to send). */
export async function rpc(
  app: TestApp,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: any }> {
  const response = await fetch(`${app.baseUrl}/a2a`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

export { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';
