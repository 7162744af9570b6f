// Knows, cheaply, whether PostgreSQL can take an enquiry. Every query through the pool updates a
// cached reachability flag (health reads it without a round trip); a lost connection becomes
// AppError('upstream_error'), so callers answer 502 without leaking driver text. A database that
// answers but refuses the service (dropped database or table, revoked rights, read-only, disk full)
// counts as down too, until a commit check (the probe) finds the enquiry path writable again
// (guarded-pool.ts). SQLite learns its health from its own statements.
import { AppError } from '../kernel/errors.ts';

export type StoreStatus = 'up' | 'down';

export interface StoreHealth {
  /** Last known state; never waits. Reading a stale 'down' starts a background probe. */
  status(): StoreStatus;
}

/** How long a 'down' verdict stands before the next connection attempt (the probe) is let through. */
export const retryAfterMs = 1_000;
/** How old the last commit check may get before reading health starts another (in the background). */
export const upTtlMs = 5_000;

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
export const commitCheck = `SELECT NOT current_setting('transaction_read_only')::boolean
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

export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (socketCodes.has(code) || sqlStates.test(code))) return true;
  return driverMessages.test(error.message);
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
