// The MCP server on its own listener (MCP_PORT): Streamable HTTP at /mcp, stateless, serving
// 2026-07-28 clients and 2025-era clients through the same per-request factory, plus the server
// card at /mcp/server-card. Definitions are built once here; see endpoint.ts for request checks.
import http from 'node:http';
import type { Services } from '../services.ts';
import { createServerFactory } from './build-server.ts';
import { buildDefinitions } from './definitions.ts';
import { mcpDeps } from './deps.ts';
import { createMcpEndpoint } from './endpoint.ts';
import { countToolCalls } from '../metrics/instrument.ts';
import { buildServerCard } from './server-card.ts';

export interface McpListener {
  close(): Promise<void>;
}

export async function startMcpServer(services: Services): Promise<McpListener> {
  const { config, logger } = services;
  const deps = mcpDeps(services);
  const defs = countToolCalls(buildDefinitions(deps), services.metrics);
  const card = buildServerCard(config, deps.content.site);
  const endpoint = createMcpEndpoint(config, logger, createServerFactory(defs, logger), card);
  const server = http.createServer(endpoint.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.mcpPort, config.host, () => resolve());
  });
  return {
    async close() {
      // Stop accepting, let in-flight exchanges finish, then drop idle keep-alive sockets.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      await endpoint.close();
    },
  };
}
