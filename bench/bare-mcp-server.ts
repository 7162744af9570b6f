// What a user of the MCP SDK would otherwise write: a bare SDK 2.x stateless server with one tool, in
// the SDK's own shape (a server per request from createMcpHandler's factory, a zod input schema,
// toNodeHandler on node:http), run as its own process like the real server, so the product's
// tools/call CPU per request reads against the SDK's ordinary path. With BARE_MCP_RESULT (a JSON file
// holding a CallToolResult) the tool answers that result: the product's own answer to the call it is
// compared with, so the two send the same bytes and differ only in how they serve them.
// With BARE_MCP_FLOOR=1 it is instead the least a server can do through the same documented entry: the
// tool's JSON Schema built once and no SDK validation, the body read and parsed once and handed over as
// parsedBody, the answer written whole (the product's own bridge, web-bridge.ts), and nothing else: no
// guards, no rate limit, no caller, no insight. That server's CPU per call is the SDK's own share, the
// floor below which no server on this entry can go.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { type CallToolResult, createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { cachedSchema } from '../src/surfaces/mcp/json-schema-cache.ts';
import { serveThroughFetch } from '../src/surfaces/mcp/web-bridge.ts';

const saved = process.env.BARE_MCP_RESULT
  ? (JSON.parse(fs.readFileSync(process.env.BARE_MCP_RESULT, 'utf8')) as CallToolResult)
  : undefined;
const floor = process.env.BARE_MCP_FLOOR === '1';
const input = z.object({ query: z.string() });
const inputSchema = floor ? cachedSchema(input, { validate: false }) : input;

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'bare-sdk', version: '1.0.0' });
  server.registerTool(
    'search',
    { description: 'Searches the case studies.', inputSchema },
    async ({ query }): Promise<CallToolResult> =>
      saved ?? { content: [{ type: 'text', text: `No case study matches "${query}".` }] },
  );
  return server;
});

/** The floor's listener: the body read and parsed once, then the SDK's fetch entry with parsedBody. */
function floorListener(req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const authInfo = { token: '', clientId: '', scopes: [] };
    serveThroughFetch(handler, req, res, { parsed }, authInfo).catch(() => res.destroy());
  });
}

const server = http.createServer(floor ? floorListener : toNodeHandler(handler));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  // The parent reads the port from this one line.
  console.log(`bare-mcp listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
