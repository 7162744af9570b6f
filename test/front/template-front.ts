// A real site template (test/importer/fixtures/) fronted by the product: the template's own server
// on a real socket, imported once with `agentsite import`, and the product started with ORIGIN_URL at
// it, CONTENT_DIR at the import and BASE_URL/MCP_URL at its own ports (so the documents an audit
// follows lead back to it). The import's "<address> → <file>" lines say where each page went.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { freePorts, freshDatabaseUrl } from '../helpers/app.ts';
import { runImport, type StaticSite, startSite } from '../importer/static-site.ts';

export interface Product {
  app: RunningApp;
  baseUrl: string;
  mcpUrl: string;
}

export interface FrontedTemplate {
  site: StaticSite;
  folder: string;
  /** What the import printed. */
  imported: string;
  /** Each imported page's origin address and the file it went to, from the import's summary. */
  placed: { address: string; file: string }[];
  product: Product;
  stop(): Promise<void>;
}

/** The product on free loopback ports with `env` (CONTENT_DIR, ORIGIN_URL…), reached where it listens. */
export async function startProduct(env: Record<string, string>): Promise<Product> {
  const [port, mcpPort] = (await freePorts(2)) as [number, number];
  const baseUrl = `http://127.0.0.1:${port}`;
  const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
  const app = await startApp(
    loadConfig({
      LOG_LEVEL: 'silent',
      ...env,
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      BASE_URL: baseUrl,
      MCP_URL: mcpUrl,
      DATABASE_URL: await freshDatabaseUrl(),
    }),
  );
  return { app, baseUrl, mcpUrl };
}

/** Serves `template`, imports it (`setUp` may add routes first, e.g. a sitemap) and fronts it. */
export async function frontTemplate(
  template: string,
  setUp: (site: StaticSite) => void = () => {},
): Promise<FrontedTemplate> {
  const site = await startSite(template);
  setUp(site);
  const folder = await mkdtemp(path.join(os.tmpdir(), `agentsite-front-${template}-`));
  const result = await runImport([site.url, '--out', folder]);
  assert.notEqual(result.code, 2, result.err);
  const placed = [...result.out.matchAll(/^ {2}(\/\S*) → (\S+\.md)$/gm)].map(([, address, file]) => ({
    address: address!,
    file: file!,
  }));
  const product = await startProduct({
    CONTENT_DIR: folder,
    ORIGIN_URL: site.url.replace(/\/$/, ''),
    ORIGIN_TIMEOUT_MS: '5000',
    TRUST_PROXY: 'loopback',
  });
  return {
    site,
    folder,
    imported: result.out,
    placed,
    product,
    stop: async () => {
      await product.app.stop();
      await site.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
