// Writes a batch so that no single row can stop a writer: when the database refuses the batch for
// its data (a constraint, a value it cannot store), the batch is split in halves and each written
// on its own, down to the one row that is refused, which is handed to `refused` and left out. Any
// other failure (the database unreachable, a lock timeout) is no verdict on the rows: the writing
// stops and the rows not yet written are handed back, to be kept for the next attempt.

/** The rows not written because of a failure other than a refusal, with that failure. */
export interface Unwritten<Row> {
  rows: Row[];
  error: unknown;
}

// PostgreSQL SQLSTATE classes about the data: 22 data exception, 23 integrity constraint
// violation, 54 program limit exceeded (a value or index row too large).
const refusingClasses = new Set(['22', '23', '54']);
// SQLite primary result codes about the data: TOOBIG, CONSTRAINT, MISMATCH, RANGE.
const refusingSqliteCodes = new Set([18, 19, 20, 25]);

/** True when the database refused the statement for the data it carried, not for its own state. */
export function isRefusedData(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number' && code === 'ERR_SQLITE_ERROR') return refusingSqliteCodes.has(errcode & 0xff);
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && refusingClasses.has(code.slice(0, 2));
}

/**
 * Writes `rows` with `write` (one transaction per call), splitting a refused batch until each
 * refused row is found. Resolves with the rows left unwritten by another failure, or undefined.
 */
export async function writeLeavingOutRefused<Row>(
  rows: readonly Row[],
  write: (rows: readonly Row[]) => Promise<void>,
  refused: (row: Row, error: unknown) => void,
): Promise<Unwritten<Row> | undefined> {
  if (rows.length === 0) return undefined;
  try {
    await write(rows);
    return undefined;
  } catch (error) {
    if (!isRefusedData(error)) return { rows: [...rows], error };
    if (rows.length === 1) {
      refused(rows[0]!, error);
      return undefined;
    }
    const half = Math.ceil(rows.length / 2);
    const first = await writeLeavingOutRefused(rows.slice(0, half), write, refused);
    if (first) return { rows: [...first.rows, ...rows.slice(half)], error: first.error };
    return writeLeavingOutRefused(rows.slice(half), write, refused);
  }
}
