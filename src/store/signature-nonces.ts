// The nonces of verified Web Bot Auth signatures, shared by every instance on the database. A claim
// is one statement (insert, or take over a row whose signature has expired), so of several instances
// claiming one nonce at the same moment exactly one succeeds, on SQLite and PostgreSQL alike.
import type { Kysely } from 'kysely';
import { preparedQuery } from './prepared-query.ts';
import type { Tables } from './schema.ts';

/**
 * Claims `digest` until `expiresAt` (epoch seconds). False when a live claim holds it: a replay.
 * @example if (!(await claimNonce(db, digest, expires, now))) throw new Error('replayed nonce');
 */
export async function claimNonce(db: Kysely<Tables>, digest: string, expiresAt: number, now: number): Promise<boolean> {
  const result = await claimQuery(db, { digest, expiresAt, now });
  return Number(result.numAffectedRows ?? 0n) > 0;
}

const claimQuery = preparedQuery(
  ['digest', 'expiresAt', 'now'],
  (db, v: { digest: string; expiresAt: number; now: number }) =>
    db
      .insertInto('signature_nonces')
      .values({ digest: v.digest, expires_at: v.expiresAt })
      .onConflict((oc) =>
        oc.column('digest').doUpdateSet({ expires_at: v.expiresAt }).where('signature_nonces.expires_at', '<=', v.now),
      ),
);

/** Deletes the claims whose signature has expired (they can no longer catch a replay). */
export async function deleteExpiredNonces(db: Kysely<Tables>, now: number): Promise<number> {
  const result = await db.deleteFrom('signature_nonces').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many claims the table holds (for tests and diagnostics). */
export async function countNonces(db: Kysely<Tables>): Promise<number> {
  const row = await db
    .selectFrom('signature_nonces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
