// Named random secrets kept in the database, so every instance and every restart agrees on them.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from './schema.ts';

/** Returns the secret `name` (hex), creating it on first use; concurrent creators agree on one. */
export async function getOrCreateSecret(db: Kysely<Tables>, name: string): Promise<Buffer> {
  await db
    .insertInto('secrets')
    .values({ name, value: randomBytes(32).toString('hex'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'hex');
}
