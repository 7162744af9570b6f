// Test helper: a bare Fastify instance with only the site and discovery routes registered over the
// shipped demo content (or a given content folder), driven in-process with app.inject().
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { createCardKeys } from '../../src/domain/card-signing/card-keys.ts';
import type { ContentCatalog } from '../../src/domain/content/catalog.ts';
import { loadContent } from '../../src/domain/content/loader.ts';
import { createSearch } from '../../src/domain/search/index.ts';
import { registerDiscoveryRoutes } from '../../src/surfaces/documents/index.ts';
import { registerSiteRoutes } from '../../src/surfaces/web/index.ts';
import type { Catalog } from '../../src/capabilities/catalog.ts';
import { documentCatalog } from '../helpers/catalog.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { tempSqliteStore } from '../helpers/sqlite-store.ts';
import { ResponseCache } from '../../src/cache/response-cache.ts';

export interface SiteApp {
  app: FastifyInstance;
  config: Config;
  content: ContentCatalog;
  catalog: Catalog;
  baseUrl: string;
  mcpUrl: string;
  /** What the app keeps (pages, bodies, variants), under config.responseCacheBytes. */
  responseCache: ResponseCache;
}

/** `responseCacheBytes` sets a bound below the smallest RESPONSE_CACHE_MB, to see eviction. */
export async function buildSiteApp(
  env: Record<string, string> = {},
  options: { responseCacheBytes?: number } = {},
): Promise<SiteApp> {
  const loaded = loadConfig({
    LOG_LEVEL: 'silent',
    BASE_URL: 'https://verto.example',
    MCP_URL: 'https://mcp.verto.example/mcp',
    ...env,
  });
  const config = { ...loaded, responseCacheBytes: options.responseCacheBytes ?? loaded.responseCacheBytes };
  const content = await loadContent(config.contentDir);
  const app = Fastify();
  const catalog = documentCatalog(config, content);
  const responseCache = new ResponseCache(config.responseCacheBytes);
  registerSiteRoutes(app, { config, content, search: createSearch(content), catalog, responseCache });
  // The agent card's signing key lives in a database: a fresh SQLite file, closed with the app.
  const store = await tempSqliteStore('agentsite-site-');
  app.addHook('onClose', () => store.close());
  registerDiscoveryRoutes(app, {
    config,
    content,
    cardKeys: createCardKeys({ db: store.db, logger: createLogger('silent') }),
    catalog,
    responseCache,
  });
  await app.ready();
  return { app, config, content, catalog, baseUrl: config.baseUrl, mcpUrl: config.mcpUrl, responseCache };
}

/**
 * The site app listening on loopback with BASE_URL set to its own address, so the links a browser
 * follows stay on it (the port is found first, then the app is built for it).
 */
export async function listeningSiteApp(env: Record<string, string> = {}): Promise<{ site: SiteApp; origin: string }> {
  const probe = await buildSiteApp();
  await probe.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (probe.app.server.address() as AddressInfo).port;
  await probe.app.close();
  const origin = `http://127.0.0.1:${port}`;
  const site = await buildSiteApp({ ...env, BASE_URL: origin, PORT: String(port) });
  await site.app.listen({ host: '127.0.0.1', port });
  return { site, origin };
}

/** The path (with query) of an absolute URL on the test base address, or undefined for other hosts. */
export function localPath(url: string, baseUrl: string): string | undefined {
  if (!url.startsWith(`${baseUrl}/`) && url !== baseUrl) return undefined;
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** REST, MCP and audit routes served by other parts of the service (covered by their own tests), not in this bare app. */
export function servedElsewhere(url: string, baseUrl: string, mcpUrl: string): boolean {
  return (
    url.startsWith(mcpUrl) ||
    /^\/(?:agent(?:\/|$)|audit$|markdown\/audit\.md$|ask(?:\?|$))/.test(localPath(url, baseUrl) ?? '')
  );
}
