// Starts the real service (both listeners, real database) on free loopback ports for a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/config.ts';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import type { ServiceOverrides } from '../../src/app/services.ts';
import { freePort, freePorts } from './free-port.ts';
import { freshPostgresUrl, testStore } from './postgres.ts';

export { freePort, freePorts };

export interface TestApp {
  app: RunningApp;
  baseUrl: string;
  mcpUrl: string;
  /** The SQLite file or PostgreSQL URL the app uses, so a test can restart on the same data. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** A fresh SQLite database file in a temporary folder. */
export function tempSqliteUrl(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-test-'));
  return `sqlite:${path.join(dir, 'test.db')}`;
}

/** A fresh, empty database on the back-end chosen by AGENTSITE_TEST_STORE (sqlite or postgres). */
export async function freshDatabaseUrl(): Promise<string> {
  return testStore() === 'postgres' ? freshPostgresUrl() : tempSqliteUrl();
}

/**
 * Starts the app with the given environment on top of test defaults (a fresh database on the
 * back-end chosen by AGENTSITE_TEST_STORE, silent logs, free ports). Pass DATABASE_URL to reuse a
 * database, e.g. to test a restart.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  overrides: ServiceOverrides = {},
): Promise<TestApp> {
  const databaseUrl = env.DATABASE_URL ?? (await freshDatabaseUrl());
  // A free port can still be taken by another test process before the app binds it; a failed start
  // closes what it opened, so trying again on other ports is safe.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts(env, overrides, databaseUrl);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('is already in use')) throw error;
    }
  }
}

async function startOnFreePorts(
  env: Record<string, string>,
  overrides: ServiceOverrides,
  databaseUrl: string,
): Promise<TestApp> {
  const [port, mcpPort] = (await freePorts(2)) as [number, number];
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...env,
    PORT: String(port),
    MCP_PORT: String(mcpPort),
    DATABASE_URL: databaseUrl,
  });
  const app = await startApp(config, overrides);
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    mcpUrl: `http://127.0.0.1:${mcpPort}/mcp`,
    databaseUrl,
    stop: () => app.stop(),
  };
}
