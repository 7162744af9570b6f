// Enquiries and their outbox rows. An enquiry, one pending delivery per configured target and the
// idempotency record are committed in one transaction, before the caller hears "accepted".
import type { Insertable, Kysely } from 'kysely';
import type { EnquiriesTable, EnquiryRow, Tables } from './schema.ts';
import { completeKey } from './idempotency.ts';
import { enqueueDeliveries } from './outbox.ts';

export interface IdempotencyCompletion {
  key: string;
  statusCode: number;
  body: string;
  expiresAt: string;
}

/** Commits the enquiry, its pending deliveries and (optionally) the idempotency record together. */
export async function insertEnquiry(
  db: Kysely<Tables>,
  enquiry: Insertable<EnquiriesTable>,
  targets: readonly string[],
  idempotency?: IdempotencyCompletion,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('enquiries').values(enquiry).execute();
    await enqueueDeliveries(trx, enquiry.reference, targets, new Date(enquiry.received_at));
    if (idempotency) {
      await completeKey(trx, idempotency.key, idempotency.statusCode, idempotency.body, idempotency.expiresAt);
    }
  });
}

export async function findEnquiry(db: Kysely<Tables>, reference: string): Promise<EnquiryRow | undefined> {
  return db.selectFrom('enquiries').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export async function countEnquiries(db: Kysely<Tables>): Promise<number> {
  const row = await db.selectFrom('enquiries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
