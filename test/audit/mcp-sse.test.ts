// An MCP server that speaks only the deprecated HTTP+SSE transport, served by the official SDK's
// SSEServerTransport (1.x ships it; 2.x no longer does) behind a card offering only an `sse` remote:
// the card warns, and the audit still connects with the SDK's SSE client, a warning when it works.
import { strict as assert } from 'node:assert';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';
import { mcpConnect } from '../../src/audit/checks/mcp.ts';
import { loopbackAllowed } from '../domain/audit/audit-helpers.ts';
import { recordingServer, type RecordingServer } from '../domain/audit/recording-server.ts';
import { checkOf } from './document-site.ts';
import { auditSite } from '../../src/audit/run-audit.ts';
import { runCheck } from './run-check.ts';

const sessions = new Map<string, SSEServerTransport>();
let site: RecordingServer;
let ssePath = '/sse';

function sseServer(): McpServer {
  const server = new McpServer({ name: 'acme-docs', version: '1.0.0' });
  server.registerTool(
    'search_docs',
    { description: 'Searches the docs', inputSchema: { q: z.string() } },
    async ({ q }) => ({
      content: [{ type: 'text', text: `No match for ${q}` }],
    }),
  );
  return server;
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', site.url);
  if (url.pathname === '/')
    return void response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Acme docs</title>');
  if (url.pathname === '/.well-known/mcp/server-card.json')
    return void response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        name: 'com.acme/docs',
        version: '1.0.0',
        remotes: [{ type: 'sse', url: `${site.url}${ssePath}` }],
      }),
    );
  if (url.pathname === '/sse' && request.method === 'GET') {
    const transport = new SSEServerTransport('/messages', response);
    sessions.set(transport.sessionId, transport);
    response.on('close', () => sessions.delete(transport.sessionId));
    return void (await sseServer().connect(transport));
  }
  const session = sessions.get(url.searchParams.get('sessionId') ?? '');
  if (url.pathname === '/messages' && request.method === 'POST' && session)
    return void (await session.handlePostMessage(request, response));
  response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
}

before(async () => {
  site = await recordingServer((request, response) => void handle(request, response));
});
after(async () => site?.close());

describe('an SSE-only MCP server', () => {
  it('gets a warning on its card and on the connection the audit makes to it over SSE', async () => {
    ssePath = '/sse';
    const report = await auditSite(`${site.url}/`, { policy: loopbackAllowed });
    assert.equal(checkOf(report, 'mcp-server-card').status, 'warn');
    const connect = checkOf(report, 'mcp-connect');
    assert.equal(connect.status, 'warn', connect.message);
    assert.equal(
      connect.message,
      `connected to ${site.url}/sse over the deprecated HTTP+SSE transport; 1 tool listed, but current clients speaking only Streamable HTTP cannot connect`,
    );
    assert.equal(connect.evidence.value, 'search_docs');
    // The SSE stream was asked for through the audit's guarded fetcher, which names the auditor.
    const stream = site.requests.find((headers) => headers.accept?.includes('text/event-stream'));
    assert.match(stream?.['user-agent'] ?? '', /^agentsite-audit\//);
    assert.match(connect.fix ?? '', /Streamable HTTP/);
  });

  it('fails the connection when nothing speaks SSE where the card says, and says so in German', async () => {
    ssePath = '/gone';
    const connect = await runCheck(mcpConnect, `${site.url}/`, loopbackAllowed, 'de');
    assert.equal(connect.status, 'fail');
    assert.match(connect.message, /^der MCP-Client konnte sich nicht verbinden/);
    ssePath = '/sse';
    const working = await runCheck(mcpConnect, `${site.url}/`, loopbackAllowed, 'de');
    assert.match(working.message, /über den veralteten HTTP\+SSE-Transport; 1 Tool aufgelistet/);
  });
});
