// Idempotency records in the database: a key is claimed atomically (insert, or take over an expired
// record), completed in the transaction that commits the enquiry, or released when nothing happened.
import type { Kysely, Transaction } from 'kysely';
import type { Selectable } from 'kysely';
import type { IdempotencyKeysTable, Tables } from './schema.ts';

type Db = Kysely<Tables> | Transaction<Tables>;

export type IdempotencyRecord = Selectable<IdempotencyKeysTable>;

/** Claims `key` as in flight. Returns false when a live record (in flight or completed) holds it. */
export async function claimKey(db: Db, key: string, requestHash: string, now: string, expiresAt: string): Promise<boolean> {
  const fresh = { request_hash: requestHash, state: 'in_flight', status_code: null, response_body: null, created_at: now, expires_at: expiresAt };
  const result = await db
    .insertInto('idempotency_keys')
    .values({ key, ...fresh })
    .onConflict((oc) => oc.column('key').doUpdateSet(fresh).where('idempotency_keys.expires_at', '<=', now))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findKey(db: Db, key: string): Promise<IdempotencyRecord | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Stores the response of an executed request under its claimed key. */
export async function completeKey(db: Db, key: string, statusCode: number, body: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'completed', status_code: statusCode, response_body: body, expires_at: expiresAt })
    .where('key', '=', key)
    .where('state', '=', 'in_flight')
    .execute();
}

/** Gives up a claim that produced nothing to replay (e.g. the request was rate limited). */
export async function releaseKey(db: Db, key: string, requestHash: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('key', '=', key)
    .where('request_hash', '=', requestHash)
    .where('state', '=', 'in_flight')
    .execute();
}

export async function deleteExpiredKeys(db: Db, now: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
}
