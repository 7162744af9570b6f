// A site that runs the A2A SDK's hello-world agent with the SDK's own server classes
// (DefaultRequestHandler, InMemoryTaskStore, the 1.0 JSON-RPC transport handler and the 0.3 one) on
// node:http, and publishes its agent card as the SDK's card handler does (the card object as JSON,
// application/json): in A2A 1.0 shape, or in the 0.3 shape agents built on the 0.3 SDK still serve.
// It serves no page: every other path, the home page included, answers 404.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { AgentCard, Message } from '@a2a-js/sdk';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import {
  AgentEvent,
  DefaultRequestHandler,
  defaultServerCallContextBuilder,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  UnauthenticatedUser,
  validateVersion,
  type AgentExecutor,
} from '@a2a-js/sdk/server';
import { closeServer, listenOnLoopback } from '../../helpers/loopback-server.ts';
import type { ExampleSite } from './mcp-example-site.ts';

const skill = {
  id: 'hello_world',
  name: 'Returns hello world',
  description: 'just returns hello world',
  tags: ['hello world'],
  examples: ['hi', 'hello world'],
};

/** The SDK sample's executor: every message is answered with one agent message. */
const helloExecutor: AgentExecutor = {
  async execute(context, bus) {
    const reply = { messageId: randomUUID(), role: 'ROLE_AGENT', parts: [{ text: 'Hello World!' }] };
    bus.publish(AgentEvent.message(Message.fromJSON({ ...reply, contextId: context.contextId })));
    bus.finished();
  },
  async cancelTask() {},
};

/** The 0.3 card as the 0.3 SDK served it: url, preferredTransport, additionalInterfaces, protocolVersion. */
function legacyCard(endpoint: string): Record<string, unknown> {
  return {
    name: 'Hello World Agent',
    description: 'Just a hello world agent',
    protocolVersion: '0.3.0',
    version: '0.0.1',
    url: endpoint,
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [{ url: endpoint, transport: 'JSONRPC' }],
    capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: false },
    defaultInputModes: ['text'],
    defaultOutputModes: ['text'],
    skills: [skill],
    supportsAuthenticatedExtendedCard: false,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function a2aExampleSite(shape: '1.0' | '0.3'): Promise<ExampleSite> {
  let origin = '';
  let handler: DefaultRequestHandler | undefined;
  let published = '';
  const rpc = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const requestedVersion = request.headers['a2a-version'] as string | undefined;
    const legacy = (requestedVersion ?? '0.3') === '0.3';
    const context = defaultServerCallContextBuilder({
      extensions: undefined,
      user: new UnauthenticatedUser(),
      headers: request.headers,
      requestedVersion,
    });
    validateVersion(context.requestedVersion, await handler!.getAgentCard(), 'JSONRPC');
    const transport = legacy ? new LegacyJsonRpcTransportHandler(handler!) : new JsonRpcTransportHandler(handler!);
    const answer = await transport.handle(await readBody(request), context);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/a2a/jsonrpc' && request.method === 'POST')
      return void rpc(request, response).catch((error: Error) =>
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message })),
      );
    if (path === '/.well-known/agent-card.json')
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(published);
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<pre>Cannot GET</pre>');
  });
  origin = await listenOnLoopback(server);
  const endpoint = `${origin}/a2a/jsonrpc`;
  const card = AgentCard.fromJSON({
    ...legacyCard(endpoint),
    supportedInterfaces: [{ url: endpoint, protocolBinding: 'JSONRPC', protocolVersion: shape }],
    capabilities: { streaming: false, pushNotifications: false },
  });
  handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), helloExecutor);
  published = shape === '1.0' ? JSON.stringify(card) : JSON.stringify(legacyCard(endpoint));
  return { url: `${origin}/`, close: () => closeServer(server) };
}
