// Named values kept in the database (random secrets, first-seen instants), so every instance and
// every restart agrees on them.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from './schema.ts';

/** Returns the value `name`, storing `initial` on first use; concurrent creators agree on one. */
export async function getOrCreateValue(db: Kysely<Tables>, name: string, initial: string): Promise<string> {
  await db
    .insertInto('secrets')
    .values({ name, value: initial, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Returns the secret `name` (32 random bytes), creating it on first use. */
export async function getOrCreateSecret(db: Kysely<Tables>, name: string): Promise<Buffer> {
  return Buffer.from(await getOrCreateValue(db, name, randomBytes(32).toString('hex')), 'hex');
}

/** The value `name`, or undefined when it was never stored. */
export async function readValue(db: Kysely<Tables>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/**
 * Replaces the value `name` with `next` only if it still is `expected`; false when another writer
 * changed it first (the caller reads again and retries), so concurrent writers never lose an update.
 */
export async function replaceValue(db: Kysely<Tables>, name: string, expected: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('secrets')
    .set({ value: next })
    .where('name', '=', name)
    .where('value', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
