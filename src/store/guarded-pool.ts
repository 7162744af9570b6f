// A pg pool guarded for Kysely: every query through it updates the cached reachability flag that
// health reads without a round trip, and a lost connection becomes AppError('upstream_error'), so
// callers answer 502 without leaking driver text. While the database is unreachable, new
// connections fail fast except for one attempt a second, so reads that only touch the database on
// the side (e.g. rate counters) are not held up by connect timeouts.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { AppError } from '../kernel/errors.ts';
import {
  commitCheck,
  isConnectionLoss,
  isRefusal,
  isUnavailable,
  retryAfterMs,
  upTtlMs,
  type StoreHealth,
  type StoreStatus,
} from './availability.ts';

/**
 * Wraps a pg pool for Kysely: tracks availability and turns connection failures into upstream_error.
 * `Client` is pg's client class (pg is loaded only when a PostgreSQL store is opened).
 */
export function guardPool(pool: pg.Pool, Client: typeof pg.Client): { pool: PostgresPool; health: StoreHealth } {
  const guarded = new GuardedPool(pool, Client);
  return {
    pool: { connect: () => guarded.connect(), end: () => pool.end(), options: pool.options, Client },
    health: { status: () => guarded.status() },
  };
}

class GuardedPool {
  readonly #pool: pg.Pool;
  #status: StoreStatus = 'up';
  /** The database answers but the enquiry path cannot commit; cleared only by a passing commit check. */
  #refused = false;
  /** When the last commit check ended; an older one is repeated when health is read. */
  #checkedAt = Date.now();
  #lastAttempt = 0;
  #probing: Promise<void> | undefined;
  readonly #wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  readonly #Client: typeof pg.Client;

  constructor(pool: pg.Pool, Client: typeof pg.Client) {
    this.#pool = pool;
    this.#Client = Client;
  }

  /** Last known state, never waiting; a stale verdict starts a probe in the background. */
  status(): StoreStatus {
    const now = Date.now();
    const bad = this.#status === 'down' || this.#refused;
    const stale = bad ? now - this.#lastAttempt >= retryAfterMs : now - this.#checkedAt >= upTtlMs;
    if (stale) this.#probe();
    return bad ? 'down' : 'up';
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#status === 'down') {
      if (Date.now() - this.#lastAttempt < retryAfterMs) throw unavailable(new Error('circuit open'));
      this.#lastAttempt = Date.now();
    }
    try {
      return this.#wrap(await this.#pool.connect());
    } catch (error) {
      return this.#fail(error, true);
    }
  }

  // Failing to open a connection marks the database down at once. A connection lost mid-query only
  // starts a probe: it may be one stale pooled connection (e.g. closed by a firewall's idle timeout).
  #fail(error: unknown, opening: boolean): never {
    if (isRefusal(error)) {
      // Other queries may still succeed (reads): only the commit check clears this.
      this.#refused = true;
      throw unavailable(error);
    }
    if (!isUnavailable(error)) {
      this.#status = 'up'; // a query's own error (constraint, syntax) still proves the database answers
      throw error;
    }
    if (isConnectionLoss(error)) {
      if (opening) this.#status = 'down';
      else this.#probe();
    }
    throw unavailable(error);
  }

  /** Connects afresh (not from the pool) and runs the commit check; at most one at a time. */
  #probe(): void {
    this.#probing ??= this.#checkCommit().finally(() => {
      this.#probing = undefined;
    });
  }

  async #checkCommit(): Promise<void> {
    this.#lastAttempt = Date.now();
    const client = new this.#Client(this.#pool.options as pg.ClientConfig);
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ ready: boolean }>(commitCheck);
      this.#status = 'up';
      this.#refused = rows[0]?.ready !== true;
    } catch (error) {
      if (isRefusal(error)) this.#refused = true;
      else this.#status = 'down';
    } finally {
      this.#checkedAt = Date.now();
      await client.end().catch(() => {});
    }
  }

  #wrap(client: pg.PoolClient): PostgresPoolClient {
    let wrapper = this.#wrappers.get(client);
    if (!wrapper) {
      // A socket dying while the client is checked out is also emitted as 'error' on the client;
      // the running query rejects with it anyway, so the event itself must not crash the process.
      client.on('error', () => {});
      wrapper = {
        get processID() {
          return (client as { processID?: number }).processID;
        },
        query: ((text: unknown, values?: unknown) => {
          const result = client.query(text as never, values as never) as unknown;
          // A cursor (streaming) is returned as is; a promise is observed.
          if (!(result instanceof Promise)) return result;
          return result.then(
            (value: unknown) => {
              this.#status = 'up';
              return value;
            },
            (error: unknown) => this.#fail(error, false),
          );
        }) as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(destroy),
      };
      this.#wrappers.set(client, wrapper);
    }
    return wrapper;
  }
}

function unavailable(cause: unknown): AppError {
  const error = new AppError(
    'upstream_error',
    'The database did not answer; nothing was recorded. Please retry shortly.',
  );
  error.cause = cause;
  return error;
}
