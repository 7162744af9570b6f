// The one-instance rate limiter's journal: each flush appends one row per window with the counts
// added since the previous flush, packed as little-endian [hi, lo, count] uint32 records (12 bytes
// a client). Start-up replays the rows of running windows; rows go once their window has ended.
import type { Kysely } from 'kysely';
import type { Tables } from './schema.ts';

/** Unsaved count additions as packed [hi, lo, count] triples: a client hash's two halves and its count. */
export type CountRecords = Uint32Array;

export interface JournalEntry {
  window: string;
  windowStart: number;
  expiresAt: number;
  records: CountRecords;
}

export async function appendToJournal(db: Kysely<Tables>, entries: JournalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({
    window_name: entry.window,
    window_start: entry.windowStart,
    expires_at: entry.expiresAt,
    counts: pack(entry.records),
  }));
  await db.insertInto('rate_limit_journal').values(rows).execute();
}

/** The journal of the given windows still running at `nowSeconds`, oldest first. */
export async function runningJournal(
  db: Kysely<Tables>,
  windows: string[],
  nowSeconds: number,
): Promise<JournalEntry[]> {
  const rows = await db
    .selectFrom('rate_limit_journal')
    .select(['window_name', 'window_start', 'expires_at', 'counts'])
    .where('window_name', 'in', windows)
    .where('expires_at', '>', nowSeconds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    window: row.window_name,
    windowStart: Number(row.window_start),
    expiresAt: Number(row.expires_at),
    records: unpack(row.counts),
  }));
}

export async function deleteEndedJournal(db: Kysely<Tables>, nowSeconds: number): Promise<void> {
  await db.deleteFrom('rate_limit_journal').where('expires_at', '<=', nowSeconds).execute();
}

// Explicit little-endian, so a database file moved to another machine replays the same counts.
function pack(records: CountRecords): Uint8Array {
  const bytes = new Uint8Array(records.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < records.length; i += 1) view.setUint32(i * 4, records[i]!, true);
  return bytes;
}

function unpack(bytes: Uint8Array): CountRecords {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records = new Uint32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < records.length; i += 1) records[i] = view.getUint32(i * 4, true);
  return records;
}
