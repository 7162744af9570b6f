// Lets Kysely's built-in SqliteDialect run on Node's own `node:sqlite` (no native addon to build):
// DatabaseSync already has prepare/all/run/iterate; it only lacks better-sqlite3's `reader` flag.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type Dialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { sqliteHealth, type StoreHealth } from './availability.ts';
import { GroupCommitSqliteDialect } from './group-commit.ts';

type Params = ReadonlyArray<unknown>;

type Health = ReturnType<typeof sqliteHealth>;

function adapt(statement: StatementSync, health: Health, writes: boolean): SqliteStatement {
  const args = (parameters: Params) => parameters as never[];
  return {
    reader: statement.columns().length > 0,
    all: (parameters: Params) => health.observe(writes, () => statement.all(...args(parameters))),
    run: (parameters: Params) => health.observe(writes, () => statement.run(...args(parameters))),
    iterate: (parameters: Params) => statement.iterate(...args(parameters)) as IterableIterator<unknown>,
  };
}

/** Wraps an open DatabaseSync in the interface Kysely's SqliteDialect expects; `health` learns from every statement. */
export function kyselyDatabase(db: DatabaseSync, health: Health = sqliteHealth()): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (!statement) {
        // Only a data write proves the file takes writes (a ROLLBACK or PRAGMA succeeds regardless).
        statement = adapt(db.prepare(sql), health, /^\s*(?:insert|update|delete|replace)\b/i.test(sql));
        if (cache.size < 500) cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Opens a SQLite file in WAL mode and returns a Kysely dialect over it. */
export function openSqlite(file: string): { dialect: Dialect; raw: DatabaseSync; health: StoreHealth } {
  const raw = new DatabaseSync(file);
  const health = sqliteHealth();
  const mode = (raw.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode?: string } | undefined)?.journal_mode;
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA foreign_keys = ON');
  const config = { database: kyselyDatabase(raw, health) };
  if (mode === 'wal') {
    // NORMAL plus group commit (group-commit.ts): every awaited write is fsynced before it resolves,
    // as with FULL, so an accepted enquiry survives power loss; but one fsync, off the event loop,
    // serves all concurrent commits.
    raw.exec('PRAGMA synchronous = NORMAL');
    return { dialect: new GroupCommitSqliteDialect(config, `${file}-wal`), raw, health };
  }
  // No WAL file to flush (e.g. :memory:): let SQLite sync each commit itself.
  raw.exec('PRAGMA synchronous = FULL');
  return { dialect: new SqliteDialect(config), raw, health };
}
