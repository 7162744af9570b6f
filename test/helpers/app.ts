// Starts the real service (both listeners, real database) on free loopback ports for a test.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { startApp, type RunningApp } from '../../src/app.ts';
import { freshPostgresUrl, testStore } from './postgres.ts';

export interface TestApp {
  app: RunningApp;
  baseUrl: string;
  mcpUrl: string;
  /** The SQLite file or PostgreSQL URL the app uses, so a test can restart on the same data. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
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
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const port = await freePort();
  const mcpPort = await freePort();
  const databaseUrl = env.DATABASE_URL ?? (await freshDatabaseUrl());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...env,
    PORT: String(port),
    MCP_PORT: String(mcpPort),
    DATABASE_URL: databaseUrl,
  });
  const app = await startApp(config);
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    mcpUrl: `http://127.0.0.1:${mcpPort}/mcp`,
    databaseUrl,
    stop: () => app.stop(),
  };
}
