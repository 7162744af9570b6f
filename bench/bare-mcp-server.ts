// What a user of the MCP SDK would otherwise write: a bare SDK 2.x stateless server with one tool, in
// the SDK's own shape (a server per request from createMcpHandler's factory, a zod input schema,
// toNodeHandler on node:http), run as its own process like the real server, so the product's
// tools/call CPU per request reads against the SDK's ordinary path. With BARE_MCP_RESULT (a JSON file
// holding a CallToolResult) the tool answers that result: the product's own answer to the call it is
// compared with, so the two send the same bytes and differ only in how they serve them.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { type CallToolResult, createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

const saved = process.env.BARE_MCP_RESULT
  ? (JSON.parse(fs.readFileSync(process.env.BARE_MCP_RESULT, 'utf8')) as CallToolResult)
  : undefined;

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'bare-sdk', version: '1.0.0' });
  server.registerTool(
    'search',
    { description: 'Searches the case studies.', inputSchema: z.object({ query: z.string() }) },
    async ({ query }): Promise<CallToolResult> =>
      saved ?? { content: [{ type: 'text', text: `No case study matches "${query}".` }] },
  );
  return server;
});

const server = http.createServer(toNodeHandler(handler));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  // The parent reads the port from this one line.
  console.log(`bare-mcp listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
