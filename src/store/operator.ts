// Read and repair queries behind the operator CLI: list enquiries and deliveries by state, show one
// enquiry with its deliveries, put dead deliveries back in the queue, and page through enquiries for
// export. An enquiry's state is derived from its deliveries (see enquiryState).
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DeliveryRow, EnquiryRow, Tables } from './schema.ts';

export const enquiryStates = ['pending', 'dead', 'delivered', 'erased'] as const;
export type EnquiryState = (typeof enquiryStates)[number];
export const deliveryStates = ['pending', 'delivered', 'dead'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export interface EnquirySummary {
  /** The site it was sent to (its key; '' for the single site). */
  site: string;
  reference: string;
  received_at: string;
  channel: string;
  topic: string;
  state: EnquiryState;
}

/** pending: some delivery still queued; dead: none queued, one gave up; delivered: all sent (or none). */
export function enquiryState(
  enquiry: Pick<EnquiryRow, 'erased_at'>,
  deliveries: Pick<DeliveryRow, 'state'>[],
): EnquiryState {
  if (enquiry.erased_at) return 'erased';
  if (deliveries.some((d) => d.state === 'pending')) return 'pending';
  if (deliveries.some((d) => d.state === 'dead')) return 'dead';
  return 'delivered';
}

const hasDelivery = (eb: ExpressionBuilder<Tables, 'enquiries'>, state: string) =>
  eb.exists(
    eb
      .selectFrom('deliveries')
      .select('deliveries.id')
      .whereRef('deliveries.enquiry_reference', '=', 'enquiries.reference')
      .where('deliveries.state', '=', state),
  );

/** Newest first; one site's only when `site` is given, else every site's. */
export async function listEnquiries(
  db: Kysely<Tables>,
  state: EnquiryState | undefined,
  limit: number,
  site?: string,
): Promise<EnquirySummary[]> {
  let query = db
    .selectFrom('enquiries')
    .$if(site !== undefined, (qb) => qb.where('site', '=', site!))
    .select(['site', 'reference', 'received_at', 'channel', 'topic', 'erased_at'])
    .select((eb) => [hasDelivery(eb, 'pending').as('any_pending'), hasDelivery(eb, 'dead').as('any_dead')]);
  if (state === 'erased') query = query.where('erased_at', 'is not', null);
  if (state && state !== 'erased') query = query.where('erased_at', 'is', null);
  if (state === 'pending') query = query.where((eb) => hasDelivery(eb, 'pending'));
  if (state === 'dead')
    query = query.where((eb) => eb.and([eb.not(hasDelivery(eb, 'pending')), hasDelivery(eb, 'dead')]));
  if (state === 'delivered') {
    query = query.where((eb) => eb.and([eb.not(hasDelivery(eb, 'pending')), eb.not(hasDelivery(eb, 'dead'))]));
  }
  const rows = await query.orderBy('received_at', 'desc').orderBy('reference').limit(limit).execute();
  return rows.map((row) => ({
    site: row.site,
    reference: row.reference,
    received_at: row.received_at,
    channel: row.channel,
    topic: row.topic,
    state: row.erased_at ? 'erased' : truthy(row.any_pending) ? 'pending' : truthy(row.any_dead) ? 'dead' : 'delivered',
  }));
}

/** SQLite answers EXISTS with 0/1, PostgreSQL with a boolean. */
const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1';

/** Oldest due first for pending, newest first otherwise; one site's only when `site` is given. */
export async function listDeliveries(
  db: Kysely<Tables>,
  state: DeliveryState | undefined,
  limit: number,
  site?: string,
): Promise<DeliveryRow[]> {
  let query = db.selectFrom('deliveries').selectAll();
  if (site !== undefined) query = query.where('site', '=', site);
  if (state) query = query.where('state', '=', state);
  query = state === 'pending' ? query.orderBy('next_attempt_at') : query.orderBy('updated_at', 'desc');
  return query.orderBy('id').limit(limit).execute();
}

export async function deliveriesOf(db: Kysely<Tables>, reference: string): Promise<DeliveryRow[]> {
  return db.selectFrom('deliveries').selectAll().where('enquiry_reference', '=', reference).orderBy('target').execute();
}

/**
 * Puts dead deliveries back in the queue with a fresh attempt budget: all of them, or those matching
 * the given delivery ids / enquiry references. Erased enquiries stay dead (nothing left to send).
 */
export async function retryDead(
  db: Kysely<Tables>,
  selectors: readonly string[] = [],
  now: Date = new Date(),
): Promise<string[]> {
  const at = now.toISOString();
  let query = db
    .updateTable('deliveries')
    .set({
      state: 'pending',
      attempts: 0,
      next_attempt_at: at,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: at,
    })
    .where('state', '=', 'dead')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('enquiries')
            .select('enquiries.reference')
            .whereRef('enquiries.reference', '=', 'deliveries.enquiry_reference')
            .where('enquiries.erased_at', 'is not', null),
        ),
      ),
    );
  if (selectors.length > 0) {
    query = query.where((eb) => eb.or([eb('id', 'in', selectors), eb('enquiry_reference', 'in', selectors)]));
  }
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** One page of enquiries in received order, after the given (received_at, reference) position. */
export async function enquiryPage(
  db: Kysely<Tables>,
  after: { receivedAt: string; reference: string } | undefined,
  size: number,
): Promise<EnquiryRow[]> {
  let query = db.selectFrom('enquiries').selectAll();
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('received_at', '>', after.receivedAt),
        eb.and([eb('received_at', '=', after.receivedAt), eb('reference', '>', after.reference)]),
      ]),
    );
  }
  return query.orderBy('received_at').orderBy('reference').limit(size).execute();
}
