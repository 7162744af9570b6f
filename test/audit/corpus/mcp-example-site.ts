// A site that runs an MCP server as the SDK's stateless Streamable HTTP example does (a fresh
// McpServer and NodeStreamableHTTPServerTransport per POST to /mcp, GET and DELETE refused with 405)
// and publishes a server card (at the well-known path, or through an AI catalog). Like the example, it
// serves no page: every other path, the home page included, answers 404.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { closeServer, listenOnLoopback } from '../../helpers/loopback-server.ts';

export interface ExampleSite {
  url: string;
  close(): Promise<void>;
}

function exampleServer(): McpServer {
  const server = new McpServer({ name: 'stateless-streamable-http-server', version: '1.0.0' });
  server.registerTool(
    'greet',
    { description: 'A simple greeting tool', inputSchema: z.object({ name: z.string().describe('Name to greet') }) },
    async ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${name}!` }] }),
  );
  return server;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function mcp(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'POST') {
    response.writeHead(405, { 'content-type': 'application/json', allow: 'POST' });
    response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }));
    return;
  }
  const server = exampleServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, await readBody(request));
}

/**
 * The discovery documents: a SEP-2127 card at the well-known path; or an AI catalog naming a card in
 * SEP-1649's shape (serverInfo, transport.endpoint) at SEP-2127's hosted place, <endpoint>/server-card.
 */
function documents(origin: string, discovery: 'well-known' | 'ai-catalog'): Record<string, unknown> {
  if (discovery === 'well-known')
    return {
      '/.well-known/mcp/server-card.json': {
        $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
        name: 'io.github.example/stateless-streamable-http-server',
        version: '1.0.0',
        description: 'The SDK example: a stateless server with one greeting tool.',
        remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
        capabilities: { tools: {} },
      },
    };
  return {
    '/.well-known/ai-catalog.json': {
      specVersion: '1.0',
      entries: [
        {
          identifier: 'urn:air:example.com:mcp:greeting',
          type: 'application/mcp-server-card+json',
          url: `${origin}/mcp/server-card`,
        },
      ],
    },
    '/mcp/server-card': {
      $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
      version: '1.0',
      protocolVersion: '2025-06-18',
      serverInfo: { name: 'stateless-streamable-http-server', version: '1.0.0' },
      transport: { type: 'streamable-http', endpoint: '/mcp' },
      capabilities: { tools: {} },
    },
  };
}

export async function mcpExampleSite(discovery: 'well-known' | 'ai-catalog' = 'well-known'): Promise<ExampleSite> {
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/mcp') return void mcp(request, response).catch(() => response.destroy());
    const document = documents(origin, discovery)[path];
    if (document)
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<pre>Cannot GET</pre>');
  });
  origin = await listenOnLoopback(server);
  return { url: `${origin}/`, close: () => closeServer(server) };
}
