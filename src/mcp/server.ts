// The MCP server on its own listener (Streamable HTTP at /mcp). Built out in src/mcp/.
import http from 'node:http';
import type { Services } from '../services.ts';

export interface McpListener {
  close(): Promise<void>;
}

export async function startMcpServer(services: Services): Promise<McpListener> {
  const { host, mcpPort } = services.config;
  const server = http.createServer((_req, res) => {
    res.writeHead(501, { 'content-type': 'application/json' }).end('{"status":"not_implemented"}');
  });
  await new Promise<void>((resolve) => server.listen(mcpPort, host, resolve));
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}
