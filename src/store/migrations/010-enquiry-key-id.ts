// The id of the partner key an enquiry was sent with (the keyed assessment request), so the agency
// sees which partner sent it; never the key itself. Null for enquiries sent without a key.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('key_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').dropColumn('key_id').execute();
}
