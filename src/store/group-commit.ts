// Group commit for SQLite in WAL mode. node:sqlite is synchronous, so with synchronous=FULL every
// COMMIT blocks the event loop on its own fsync. Here COMMIT runs with synchronous=NORMAL (no fsync)
// and the caller's transaction (or autocommit write) resolves only after a shared fdatasync of the WAL
// file, run on libuv's thread pool; one flush covers every commit that finished before it started.
// An awaited write is therefore on disk exactly as with FULL, while N concurrent writes cost one flush.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';
import { WalFlusher } from './wal-flusher.ts';

const noFlushWait = new AsyncLocalStorage<true>();

/**
 * Runs `work` without waiting for its writes to reach the disk: for bookkeeping (a rate-limit count,
 * an in-flight idempotency claim) that may be lost with the power. They are flushed in the
 * background, and by any later awaited commit, since the WAL is one file written in order.
 */
export function withoutFlushWait<T>(work: () => Promise<T>): Promise<T> {
  return noFlushWait.run(true, work);
}

/** Serialises use of the one connection, as Kysely's own mutex would, but releasable before the flush. */
class Lock {
  #tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const previous = this.#tail;
    this.#tail = new Promise((resolve) => (release = resolve));
    await previous;
    return release;
  }
}

// Statements that cannot change the file; anything else outside a transaction counts as a write.
const readOnly = /^\s*(select|explain)\b/i;
const ddl = /^\s*(create|drop|alter)\b/i;

/** Whether a write changed anything (an upsert that hit its conflict guard did not). */
function changedRows(result: QueryResult<unknown>): boolean {
  return result.numAffectedRows === undefined ? result.rows.length > 0 : result.numAffectedRows > 0n;
}

class GroupCommitDriver implements Driver {
  readonly #inner: SqliteDriver;
  readonly #flusher: WalFlusher;
  readonly #lock = new Lock();
  #release: (() => void) | undefined;
  #inTransaction = false;
  /** A write committed since the connection was acquired: its holder waits for a flush on release. */
  #dirty = false;

  constructor(config: SqliteDialectConfig, flusher: WalFlusher) {
    this.#inner = new SqliteDriver(config);
    this.#flusher = flusher;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#lock.acquire();
    const connection = await this.#inner.acquireConnection();
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await connection.executeQuery<R>(query);
        if (!this.#inTransaction && !readOnly.test(query.sql) && (changedRows(result) || ddl.test(query.sql)))
          this.#dirty = true;
        return result;
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize: number) => connection.streamQuery<R>(query, chunkSize),
    };
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#inTransaction = true;
    try {
      await this.#inner.beginTransaction(connection);
    } catch (error) {
      this.#inTransaction = false;
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#inner.commitTransaction(connection);
    this.#inTransaction = false;
    this.#dirty = true;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.rollbackTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }

  savepoint(...args: Parameters<SqliteDriver['savepoint']>): Promise<void> {
    return this.#inner.savepoint(...args);
  }

  rollbackToSavepoint(...args: Parameters<SqliteDriver['rollbackToSavepoint']>): Promise<void> {
    return this.#inner.rollbackToSavepoint(...args);
  }

  releaseSavepoint(...args: Parameters<SqliteDriver['releaseSavepoint']>): Promise<void> {
    return this.#inner.releaseSavepoint(...args);
  }

  async releaseConnection(): Promise<void> {
    const dirty = this.#dirty;
    this.#dirty = false;
    this.#release?.();
    this.#release = undefined;
    if (!dirty) return;
    // The connection is free for the next transaction while this one waits for its flush.
    if (noFlushWait.getStore()) void this.#flusher.sync().catch(() => {});
    else await this.#flusher.sync();
  }

  async destroy(): Promise<void> {
    await this.#flusher.close();
    await this.#inner.destroy();
  }
}

/** Kysely's SQLite adapter, but declaring that the driver does its own connection locking. */
class GroupCommitAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** A Kysely dialect for SQLite in WAL mode with synchronous=NORMAL plus group-committed WAL flushes. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly #config: SqliteDialectConfig;
  /** The one flusher of this database's WAL file. */
  readonly flusher: WalFlusher;

  constructor(config: SqliteDialectConfig, walPath: string) {
    this.#config = config;
    this.flusher = new WalFlusher(walPath);
  }

  createDriver(): Driver {
    return new GroupCommitDriver(this.#config, this.flusher);
  }

  createQueryCompiler(): SqliteQueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new GroupCommitAdapter();
  }

  createIntrospector(db: Kysely<unknown>): SqliteIntrospector {
    return new SqliteIntrospector(db);
  }
}
