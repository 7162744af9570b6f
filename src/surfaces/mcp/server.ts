// The MCP server on its own listener (MCP_PORT): Streamable HTTP at /mcp, stateless, serving
// 2026-07-28 clients and 2025-era clients through the same per-request factory, plus the server
// card at /mcp/server-card. Definitions are built once here; see endpoint.ts for request checks.
import { setTimeout as delay } from 'node:timers/promises';
import { answerClientError, createLimitedServer, listenOn } from '../../http/listener-limits.ts';
import type { Services } from '../../app/services.ts';
import { createServerFactory } from './build-server.ts';
import { buildDefinitions } from './definitions.ts';
import { mcpDeps } from './deps.ts';
import { createMcpEndpoint, type McpEndpoint } from './endpoint.ts';
import { perContent } from '../../domain/content/live-content.ts';
import { currentSiteKey } from '../../domain/sites/site-scope.ts';
import { listenerRefusal } from './errors.ts';
import { mcpExchangeOf } from './exchange.ts';
import { buildServerCard } from '../../capabilities/documents/mcp-server-card.ts';

function constant<T>(value: T): () => T {
  return () => value;
}

async function closeAll(endpoints: ReadonlyMap<string, WeakRef<McpEndpoint>>): Promise<void> {
  await Promise.all([...endpoints.values()].map((endpoint) => endpoint.deref()?.close()));
}

/** How long a shutdown waits for in-flight MCP exchanges before cutting them off. */
const drainMs = 5000;

export interface McpListener {
  close(): Promise<void>;
}

/** Wraps the listener's handler: with many sites, runs each request as the site its Host names. */
export type AroundMcp = (listener: McpEndpoint['listener']) => McpEndpoint['listener'];

/** Starts the listener; `openapi` gives the REST contract the openapi-spec resource serves, built when first read. */
export async function startMcpServer(
  services: Services,
  openapi: () => Record<string, unknown>,
  around?: AroundMcp,
): Promise<McpListener> {
  const { config, logger } = services;
  const deps = mcpDeps(services, openapi);
  // The endpoint made last for each site (the one site's key is ''): the ones closed at shutdown. One
  // made again after its folder changed replaces the site's last, which the garbage collector then takes.
  // Held weakly: a site's endpoint lives as long as its content (an unloaded site's goes with it, see
  // SITES_LOADED_MAX) or an exchange still using it, and one collected has nothing left to close.
  const made = new Map<string, WeakRef<McpEndpoint>>();
  const makeEndpoint = (): McpEndpoint => {
    const defs = buildDefinitions(deps);
    const card = buildServerCard(config, deps.content.site, deps.catalog.capabilities);
    const endpoint = createMcpEndpoint(
      config,
      logger,
      createServerFactory(defs, logger),
      mcpExchangeOf(deps),
      card,
      new Set(defs.tools.map((tool) => tool.entry.name)),
    );
    made.set(currentSiteKey(), new WeakRef(endpoint));
    return endpoint;
  };
  // One endpoint; with many sites, one per site (its tools, its words, its address), made when first asked.
  const endpointNow = services.sites ? perContent(deps.content, makeEndpoint) : constant(makeEndpoint());
  const listener: McpEndpoint['listener'] = (req, res) => endpointNow().listener(req, res);
  const endpoint = { listener: around ? around(listener) : listener, close: () => closeAll(made) };
  const server = createLimitedServer(config.listener, listenerRefusal, endpoint.listener);
  server.on('clientError', answerClientError(listenerRefusal));
  await listenOn(server, config.listener, config.mcpPort, config.host);
  return {
    async close() {
      // Stop accepting and drop idle keep-alive sockets; in-flight exchanges get drainMs to finish,
      // then the SDK aborts what is left (e.g. a subscription stream) and the sockets are closed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const drained = await Promise.race([closed.then(() => true), delay(drainMs, false, { ref: false })]);
      await endpoint.close();
      if (!drained) server.closeAllConnections();
      await closed;
    },
  };
}
