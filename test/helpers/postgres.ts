// Throw-away PostgreSQL databases for tests: one fresh database per started app, all named with the
// run's prefix so that scripts/test.ts can drop them together when the run ends.
import pg from 'pg';

/** The back-end a test app runs on: AGENTSITE_TEST_STORE=sqlite (default) or postgres. */
export type TestStore = 'sqlite' | 'postgres';

/** Maintenance connection used to create and drop test databases (trust auth on this machine). */
export const adminUrl: string = process.env.AGENTSITE_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Every test database starts with this; scripts/test.ts sets it per run, a bare run uses its pid. */
export const databasePrefix: string = process.env.AGENTSITE_TEST_PG_PREFIX ?? `agentsite_t${process.pid}`;

export function testStore(): TestStore {
  const value = process.env.AGENTSITE_TEST_STORE ?? 'sqlite';
  if (value !== 'sqlite' && value !== 'postgres') {
    throw new Error(`AGENTSITE_TEST_STORE must be sqlite or postgres, got "${value}"`);
  }
  return value;
}

let counter = 0;

/** Runs one statement on the maintenance database with a short-lived client. */
export async function adminQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Creates an empty database for one test app and returns its postgres:// URL. */
export async function freshPostgresUrl(): Promise<string> {
  counter += 1;
  const name = `${databasePrefix}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops every database whose name starts with the prefix (connections are closed by force). */
export async function dropTestDatabases(prefix: string): Promise<number> {
  const rows = await adminQuery<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [
    `${prefix}_`,
  ]);
  for (const { datname } of rows) await adminQuery(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  return rows.length;
}

/** Names of test databases left by runs whose process is gone (e.g. a killed `node --test`). */
export async function staleTestDatabasePrefixes(): Promise<string[]> {
  const rows = await adminQuery<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname ~ '^agentsite_t[0-9]+_'`,
  );
  const prefixes = new Set(rows.map(({ datname }) => datname.slice(0, datname.indexOf('_', 11))));
  return [...prefixes].filter((prefix) => !processAlive(Number(prefix.slice('agentsite_t'.length))));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
