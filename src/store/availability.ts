// Knows, cheaply, whether PostgreSQL can take an enquiry. Every query through the pool updates a
// cached reachability flag (health reads it without a round trip); a lost connection becomes
// AppError('upstream_error'), so callers answer 502 without leaking driver text. A database that
// answers but refuses the service (dropped database or table, revoked rights, read-only, disk full)
// counts as down too, until a commit check (the probe) finds the enquiry path writable again. While
// the database is unreachable, new connections fail fast except for one attempt a second, so reads
// that only touch the database on the side (e.g. rate counters) are not held up by connect timeouts.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { AppError } from '../kernel/errors.ts';

export type StoreStatus = 'up' | 'down';

export interface StoreHealth {
  /** Last known state; never waits. Reading a stale 'down' starts a background probe. */
  status(): StoreStatus;
}

/** How long a 'down' verdict stands before the next connection attempt (the probe) is let through. */
const retryAfterMs = 1_000;
/** How old the last commit check may get before reading health starts another (in the background). */
const upTtlMs = 5_000;

// Node socket errors and SQLSTATE classes that mean "the database is not reachable or not serving":
// 08 connection exception, 57P0x shutdown / cannot connect now.
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const sqlStates = /^(08|57P0)/;
const driverMessages = /connection terminated|not queryable|connection error/i;
// Busy rather than down: this request fails with 502, but the database is not marked unreachable.
// 57014 is the 5 s statement timeout, 53300 the server's max_connections; the message is pg-pool's
// 2 s wait for a free connection.
const busyStates = new Set(['57014', '53300']);
const poolWait = /timeout exceeded when trying to connect/i;

// SQLSTATEs of a database that answers but refuses the service: 28 invalid authorization, 3D000 no
// such database, 3F000 no such schema, 42501 insufficient privilege, 42P01 no such table, 25006
// read-only transaction, 53100 disk full, 53200 out of memory.
const refusalStates = /^(28|3D000|3F000|42501|42P01|25006|53100|53200)/;

/**
 * The check the probe runs: true when the enquiry path could commit (its tables exist, this role
 * may write them, the server is not read-only). Reads privileges, writes nothing.
 */
const commitCheck = `SELECT NOT current_setting('transaction_read_only')::boolean
  AND has_table_privilege('enquiries', 'INSERT') AND has_table_privilege('deliveries', 'INSERT')
  AND has_table_privilege('idempotency_keys', 'INSERT, UPDATE') AND has_table_privilege('rate_limit_counters', 'INSERT, UPDATE')
  AS ready`;

/** True when an error says the database refuses the service (see refusalStates). */
export function isRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && refusalStates.test(code);
}

/** True when an error means the database could not be reached or refuses the service (as opposed to a query's own error). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'upstream_error';
  if (isConnectionLoss(error) || isRefusal(error)) return true;
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
  const error = new AppError(
    'upstream_error',
    'The database did not answer; nothing was recorded. Please retry shortly.',
  );
  error.cause = cause;
  return error;
}

/** Wraps a pg pool for Kysely: tracks availability and turns connection failures into upstream_error. */
export function guardPool(pool: pg.Pool): { pool: PostgresPool; health: StoreHealth } {
  let status: StoreStatus = 'up';
  /** The database answers but the enquiry path cannot commit; cleared only by a passing commit check. */
  let refused = false;
  /** When the last commit check ended; an older one is repeated when health is read. */
  let checkedAt = Date.now();
  let lastAttempt = 0;
  // biome-ignore lint/correctness/noUnusedVariables: read by the `??=` in probe(), which the rule misses.
  let probing: Promise<void> | undefined;
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  const learn = (next: StoreStatus): void => {
    status = next;
  };

  // Failing to open a connection marks the database down at once. A connection lost mid-query only
  // starts a probe: it may be one stale pooled connection (e.g. closed by a firewall's idle timeout).
  const fail = (error: unknown, opening: boolean): never => {
    if (isRefusal(error)) {
      // Other queries may still succeed (reads): only the commit check clears this.
      refused = true;
      throw unavailable(error);
    }
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

  /** Connects afresh (not from the pool) and runs the commit check; at most one at a time. */
  function probe(): void {
    probing ??= (async () => {
      lastAttempt = Date.now();
      const client = new pg.Client(pool.options as pg.ClientConfig);
      client.on('error', () => {});
      try {
        await client.connect();
        const { rows } = await client.query<{ ready: boolean }>(commitCheck);
        learn('up');
        refused = rows[0]?.ready !== true;
      } catch (error) {
        if (isRefusal(error)) refused = true;
        else learn('down');
      } finally {
        checkedAt = Date.now();
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
      const bad = status === 'down' || refused;
      const stale = bad ? now - lastAttempt >= retryAfterMs : now - checkedAt >= upTtlMs;
      if (stale) probe();
      return bad ? 'down' : 'up';
    },
  };
  return { pool: { connect, end: () => pool.end(), options: pool.options, Client: pg.Client }, health };
}

// SQLite primary result codes of a database file that cannot take writes: READONLY (also `PRAGMA
// query_only`), IOERR, CORRUPT, FULL (disk full), CANTOPEN, NOTADB. BUSY is contention, not refusal.
const sqliteRefusals = new Set([8, 10, 11, 13, 14, 26]);

/**
 * Health of a SQLite file, learnt from the statements themselves: a write refused for one of the
 * codes above marks it down, the next write that succeeds marks it up (there is no one else to ask).
 */
export function sqliteHealth(): StoreHealth & { observe<T>(writes: boolean, run: () => T): T } {
  let status: StoreStatus = 'up';
  return {
    status: () => status,
    observe(writes, run) {
      try {
        const result = run();
        if (writes) status = 'up';
        return result;
      } catch (error) {
        const errcode = (error as { errcode?: unknown } | null)?.errcode;
        if (typeof errcode === 'number' && sqliteRefusals.has(errcode & 0xff)) status = 'down';
        throw error;
      }
    },
  };
}
