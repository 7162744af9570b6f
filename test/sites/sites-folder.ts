// A SITES_DIR for the tests: copies of the fixture folders, each site.yaml given its hosts (and
// whatever else a test adds), in a fresh temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { freshDatabaseUrl } from '../helpers/app.ts';

const repository = path.resolve(import.meta.dirname, '../..');

/** Where each fixture of the tests lives. */
export const siteFolders = {
  verto: path.join(repository, 'content'),
  hafenwerk: path.join(repository, 'test/fixtures/hafenwerk'),
  mossgrove: path.join(repository, 'test/fixtures/retail-studio'),
  zweiklang: path.join(repository, 'test/fixtures/zweiklang'),
} as const;

export function makeSitesDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-sites-'));
}

/** Copies `from` into `sitesDir/<key>` with `hosting` (YAML lines) appended to its site.yaml. */
export function addSite(sitesDir: string, key: string, from: string, hosting: string): string {
  const dir = path.join(sitesDir, key);
  fs.cpSync(from, dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'site.yaml'), `\n${hosting}\n`);
  return dir;
}

/**
 * The service over `sitesDir` on `ports` (site, MCP), silent, on a fresh database unless `env` names
 * one; `env` adds or overrides any other variable.
 */
export async function startSites(
  sitesDir: string,
  [port, mcpPort]: readonly [number, number],
  env: Record<string, string> = {},
): Promise<RunningApp> {
  return startApp(
    loadConfig({
      SITES_DIR: sitesDir,
      LOG_LEVEL: 'silent',
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      DATABASE_URL: env.DATABASE_URL ?? (await freshDatabaseUrl()),
      ...env,
    }),
  );
}
