// Removing personal data: erasure of one enquiry on request, and the retention purge. The enquiry row
// stays (reference, times, topic, channel) so counts and delivery history survive; the person's
// name, e-mail, organisation, message and agent id are set to null.
import type { Kysely } from 'kysely';
import type { Tables } from './schema.ts';

const cleared = { from_name: null, from_email: null, organization: null, message: null, agent_id: null } as const;

export type EraseResult = 'erased' | 'already_erased' | 'not_found';

/**
 * Erases one enquiry's personal data. Deliveries not yet sent are ended as dead ("erased before
 * delivery"): sending the person's data onward after they asked for its deletion would defeat it.
 */
export async function eraseEnquiry(
  db: Kysely<Tables>,
  reference: string,
  now: Date = new Date(),
): Promise<EraseResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('enquiries')
      .select('erased_at')
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!row) return 'not_found';
    if (row.erased_at) return 'already_erased';
    await trx
      .updateTable('enquiries')
      .set({ ...cleared, erased_at: at })
      .where('reference', '=', reference)
      .execute();
    await trx
      .updateTable('deliveries')
      .set({
        state: 'dead',
        last_error: 'enquiry erased before delivery',
        lease_owner: null,
        lease_expires_at: null,
        updated_at: at,
      })
      .where('enquiry_reference', '=', reference)
      .where('state', '=', 'pending')
      .execute();
    return 'erased';
  });
}

/**
 * Retention: erases the personal data of enquiries received before `cutoff` whose deliveries have
 * all been delivered (or that had none). Enquiries with a pending or dead delivery keep their data
 * until it is delivered or erased by hand, so an operator can still retry. Returns the references.
 */
export async function purgeDelivered(db: Kysely<Tables>, cutoff: Date, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .updateTable('enquiries')
    .set({ ...cleared, erased_at: now.toISOString() })
    .where('received_at', '<', cutoff.toISOString())
    .where('erased_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('deliveries')
            .select('deliveries.id')
            .whereRef('deliveries.enquiry_reference', '=', 'enquiries.reference')
            .where('deliveries.state', '!=', 'delivered'),
        ),
      ),
    )
    .returning('reference')
    .execute();
  return rows.map((row) => row.reference);
}
