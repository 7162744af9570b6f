// Idempotency records in the database: a key is claimed atomically (insert, or take over an expired
// record), completed in the transaction that commits the enquiry, or released when nothing happened.
import type { Kysely, Transaction } from 'kysely';
import type { Selectable } from 'kysely';
import { preparedQuery } from './prepared-query.ts';
import type { IdempotencyKeysTable, Tables } from './schema.ts';

type Db = Kysely<Tables> | Transaction<Tables>;

export type IdempotencyRecord = Selectable<IdempotencyKeysTable>;

/** Claims `key` as in flight. Returns false when a live record (in flight or completed) holds it. */
export async function claimKey(
  db: Db,
  site: string,
  key: string,
  requestHash: string,
  now: string,
  expiresAt: string,
): Promise<boolean> {
  const result = await claimQuery(db, { site, key, requestHash, now, expiresAt });
  return Number(result.numAffectedRows ?? 0n) > 0;
}

const claimQuery = preparedQuery(
  ['site', 'key', 'requestHash', 'now', 'expiresAt'],
  (db, v: { site: string; key: string; requestHash: string; now: string; expiresAt: string }) => {
    const fresh = {
      request_hash: v.requestHash,
      state: 'in_flight',
      status_code: null,
      response_body: null,
      created_at: v.now,
      expires_at: v.expiresAt,
    };
    return db
      .insertInto('idempotency_keys')
      .values({ site: v.site, key: v.key, ...fresh })
      .onConflict((oc) =>
        oc.columns(['site', 'key']).doUpdateSet(fresh).where('idempotency_keys.expires_at', '<=', v.now),
      );
  },
);

export async function findKey(db: Db, site: string, key: string): Promise<IdempotencyRecord | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('site', '=', site)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Stores the response of an executed request under its claimed key. */
export async function completeKey(
  db: Db,
  site: string,
  key: string,
  statusCode: number,
  body: string,
  expiresAt: string,
): Promise<void> {
  await completeQuery(db, { site, key, statusCode, body, expiresAt });
}

const completeQuery = preparedQuery(
  ['site', 'key', 'statusCode', 'body', 'expiresAt'],
  (db, v: { site: string; key: string; statusCode: number; body: string; expiresAt: string }) =>
    db
      .updateTable('idempotency_keys')
      .set({ state: 'completed', status_code: v.statusCode, response_body: v.body, expires_at: v.expiresAt })
      .where('site', '=', v.site)
      .where('key', '=', v.key)
      .where('state', '=', 'in_flight'),
);

/** Gives up a claim that produced nothing to replay (e.g. the request was rate limited). */
export async function releaseKey(db: Db, site: string, key: string, requestHash: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('site', '=', site)
    .where('key', '=', key)
    .where('request_hash', '=', requestHash)
    .where('state', '=', 'in_flight')
    .execute();
}

export async function deleteExpiredKeys(db: Db, now: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
}
