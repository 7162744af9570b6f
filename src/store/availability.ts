// Knows, cheaply, whether PostgreSQL answers. Every query through the pool updates a cached flag
// (health reads it without a round trip); a lost connection becomes AppError('upstream_error'), so
// callers answer 502 without leaking driver text. While the database is down, new connections fail
// fast except for one attempt a second, so reads that only touch the database on the side (e.g.
// rate counters) are not held up by connect timeouts.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { AppError } from '../domain/errors.ts';

export type StoreStatus = 'up' | 'down';

export interface StoreHealth {
  /** Last known state; never waits. Reading a stale 'down' starts a background probe. */
  status(): StoreStatus;
}

/** How long a 'down' verdict stands before the next connection attempt (the probe) is let through. */
const retryAfterMs = 1_000;
/** How old an 'up' verdict may get before reading it starts a background probe. */
const upTtlMs = 5_000;

// Node socket errors and SQLSTATE classes that mean "the database is not reachable or not serving":
// 08 connection exception, 57P0x shutdown / cannot connect now.
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const sqlStates = /^(08|57P0)/;
const driverMessages = /connection terminated|not queryable|connection error/i;
// Busy rather than down: this request fails with 502, but the database is not marked unreachable.
// 57014 is the 5 s statement timeout, 53300 the server's max_connections; the message is pg-pool's
// 2 s wait for a free connection.
const busyStates = new Set(['57014', '53300']);
const poolWait = /timeout exceeded when trying to connect/i;

/** True when an error means the database could not be reached (as opposed to a query's own error). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'upstream_error';
  if (isConnectionLoss(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && busyStates.has(code)) || (error instanceof Error && poolWait.test(error.message));
}

function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (socketCodes.has(code) || sqlStates.test(code))) return true;
  return driverMessages.test(error.message);
}

function unavailable(cause: unknown): AppError {
  const error = new AppError('upstream_error', 'The database did not answer; nothing was recorded. Please retry shortly.');
  error.cause = cause;
  return error;
}

/** Wraps a pg pool for Kysely: tracks availability and turns connection failures into upstream_error. */
export function guardPool(pool: pg.Pool): { pool: PostgresPool; health: StoreHealth } {
  let status: StoreStatus = 'up';
  let observedAt = Date.now();
  let lastAttempt = 0;
  let probing: Promise<void> | undefined;
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  const learn = (next: StoreStatus): void => {
    status = next;
    observedAt = Date.now();
  };

  // Failing to open a connection marks the database down at once. A connection lost mid-query only
  // starts a probe: it may be one stale pooled connection (e.g. closed by a firewall's idle timeout).
  const fail = (error: unknown, opening: boolean): never => {
    if (!isUnavailable(error)) {
      learn('up'); // a query's own error (constraint, syntax) still proves the database answers
      throw error;
    }
    if (isConnectionLoss(error)) {
      if (opening) learn('down');
      else probe();
    }
    throw unavailable(error);
  };

  /** Connects afresh (not from the pool) and runs SELECT 1; at most one at a time. */
  function probe(): void {
    probing ??= (async () => {
      lastAttempt = Date.now();
      const client = new pg.Client(pool.options as pg.ClientConfig);
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('SELECT 1');
        learn('up');
      } catch {
        learn('down');
      } finally {
        await client.end().catch(() => {});
      }
    })().finally(() => {
      probing = undefined;
    });
  }

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
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
              learn('up');
              return value;
            },
            (error: unknown) => fail(error, false),
          );
        }) as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(destroy),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };

  const connect = async (): Promise<PostgresPoolClient> => {
    if (status === 'down') {
      if (Date.now() - lastAttempt < retryAfterMs) throw unavailable(new Error('circuit open'));
      lastAttempt = Date.now();
    }
    try {
      return wrap(await pool.connect());
    } catch (error) {
      return fail(error, true);
    }
  };

  const health: StoreHealth = {
    status: () => {
      const now = Date.now();
      const stale = status === 'down' ? now - lastAttempt >= retryAfterMs : now - observedAt >= upTtlMs;
      if (stale) probe();
      return status;
    },
  };
  return { pool: { connect, end: () => pool.end(), options: pool.options, Client: pg.Client }, health };
}
