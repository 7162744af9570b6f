// Opens the database named by DATABASE_URL (SQLite file or PostgreSQL) behind one Kysely instance
// and brings its schema up to date. Kysely's Migrator takes a lock, so instances starting together
// against one PostgreSQL database do not race.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import type pgModule from 'pg';
import type { DatabaseConfig } from '../config/config.ts';
import type { StoreHealth } from './availability.ts';
import { guardPool } from './guarded-pool.ts';
import { openSqlite } from './node-sqlite-dialect.ts';
import { migrationProvider } from './migrations/index.ts';
import type { Tables } from './schema.ts';

export interface Store {
  kind: DatabaseConfig['kind'];
  db: Kysely<Tables>;
  /** Cached reachability for /health (SQLite: whether its file takes writes); see availability.ts. */
  health: StoreHealth;
  close(): Promise<void>;
}

export async function openStore(config: DatabaseConfig): Promise<Store> {
  if (config.kind === 'sqlite') {
    const { db, health } = sqliteKysely(config.path);
    await migrate(db);
    return { kind: config.kind, db, health, close: () => db.destroy() };
  }
  // pg is loaded only for PostgreSQL: a start on SQLite does not pay for evaluating it.
  const { default: pg } = await import('pg');
  const { db, health } = postgresKysely(pg, config.url);
  // Its own connection, without the 5 s statement timeout: waiting for another instance's
  // migration lock, or a long index build, must not fail start-up.
  const pool = new pg.Pool({ connectionString: config.url, max: 1, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => {});
  const migrationDb = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  await migrate(migrationDb).finally(() => migrationDb.destroy());
  return { kind: config.kind, db, health, close: () => db.destroy() };
}

type Opened = { db: Kysely<Tables>; health: StoreHealth };

function sqliteKysely(file: string): Opened {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const { dialect, health } = openSqlite(file);
  return { db: new Kysely<Tables>({ dialect }), health };
}

function postgresKysely(pg: typeof pgModule, url: string): Opened {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 5_000,
    // bigint (int8) arrives as a number, as it does from SQLite: our values (counts, epoch seconds)
    // stay far below 2^53, and one code path must not see strings on one back-end only.
    types: {
      getTypeParser: (oid: number, format?: string) =>
        oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format as 'text'),
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const guarded = guardPool(pool, pg.Client);
  return { db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool: guarded.pool }) }), health: guarded.health };
}

async function migrate(db: Kysely<Tables>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
