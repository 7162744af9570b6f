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
