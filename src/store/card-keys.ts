// Each site's agent-card key set, as stored text: read, made once whoever asks first, and replaced
// only over the text the writer read, so concurrent rotations (the CLI on two machines) never lose
// one. What the text holds is the domain's (src/domain/card-signing/key-set.ts).
import type { Kysely } from 'kysely';
import type { Tables } from './schema.ts';

/** The key set of `site`, or undefined when none was made yet. */
export async function readCardKeySet(db: Kysely<Tables>, site: string): Promise<string | undefined> {
  const row = await db.selectFrom('card_keys').select('key_set').where('site', '=', site).executeTakeFirst();
  return row?.key_set;
}

/** The key set of `site`, storing `initial` when it has none; concurrent creators agree on one. */
export async function getOrCreateCardKeySet(db: Kysely<Tables>, site: string, initial: string): Promise<string> {
  await db
    .insertInto('card_keys')
    .values({ site, key_set: initial, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('site').doNothing())
    .execute();
  const row = await db.selectFrom('card_keys').select('key_set').where('site', '=', site).executeTakeFirstOrThrow();
  return row.key_set;
}

/** Replaces the key set of `site` with `next` only if it still is `expected`; false when another writer came first. */
export async function replaceCardKeySet(
  db: Kysely<Tables>,
  site: string,
  expected: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('card_keys')
    .set({ key_set: next })
    .where('site', '=', site)
    .where('key_set', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
