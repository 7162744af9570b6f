// Enquiries and their outbox rows. An enquiry, one pending delivery per configured target and the
// idempotency record are committed in one transaction, before the caller hears "accepted".
import type { Kysely } from 'kysely';
import { preparedQuery } from './prepared-query.ts';
import type { EnquiryRow, Tables } from './schema.ts';
import { completeKey } from './idempotency.ts';
import { enqueueDeliveries } from './outbox.ts';

const enquiryColumns = [
  'site',
  'reference',
  'received_at',
  'kind',
  'topic',
  'channel',
  'from_name',
  'from_email',
  'organization',
  'message',
  'agent_id',
  'key_id',
] as const;
/** A new enquiry: every column it is inserted with (the personal-data ones may be null). */
export type NewEnquiry = Pick<EnquiryRow, (typeof enquiryColumns)[number]>;

export interface IdempotencyCompletion {
  key: string;
  statusCode: number;
  body: string;
  expiresAt: string;
}

/** Commits the enquiry, its pending deliveries and (optionally) the idempotency record together. */
export async function insertEnquiry(
  db: Kysely<Tables>,
  enquiry: NewEnquiry,
  targets: readonly string[],
  idempotency?: IdempotencyCompletion,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertQuery(trx, enquiry);
    await enqueueDeliveries(trx, enquiry.site, enquiry.reference, targets, new Date(enquiry.received_at));
    if (idempotency) {
      await completeKey(
        trx,
        enquiry.site,
        idempotency.key,
        idempotency.statusCode,
        idempotency.body,
        idempotency.expiresAt,
      );
    }
  });
}

const insertQuery = preparedQuery(enquiryColumns, (db, enquiry: NewEnquiry) =>
  db.insertInto('enquiries').values(enquiry),
);

/** The enquiry with that reference: of `site` only when one is given (the operator reads every site's). */
export async function findEnquiry(
  db: Kysely<Tables>,
  reference: string,
  site?: string,
): Promise<EnquiryRow | undefined> {
  return db
    .selectFrom('enquiries')
    .selectAll()
    .where('reference', '=', reference)
    .$if(site !== undefined, (qb) => qb.where('site', '=', site!))
    .executeTakeFirst();
}

/** Several enquiries by reference in one query (the worker loads a claimed batch's enquiries at once). */
export async function findEnquiries(
  db: Kysely<Tables>,
  references: readonly string[],
): Promise<Map<string, EnquiryRow>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .selectFrom('enquiries')
    .selectAll()
    .where('reference', 'in', [...new Set(references)])
    .execute();
  return new Map(rows.map((row) => [row.reference, row]));
}
