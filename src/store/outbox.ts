// The outbox queries the delivery worker runs: enqueue (inside the enquiry's transaction), claim due
// deliveries under a lease, and record each outcome. Every outcome write is guarded by the lease
// owner, so a worker whose lease expired cannot overwrite the next holder's result.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DeliveryRow, Tables } from './schema.ts';
import type { Store } from './store.ts';

type Db = Kysely<Tables> | Transaction<Tables>;

/** A new stable delivery id; it is also the webhook-id receivers de-duplicate on. */
export function newDeliveryId(): string {
  return `dlv_${randomBytes(12).toString('hex')}`;
}

/**
 * Inserts one pending delivery per target. Call it inside the transaction that inserts the enquiry,
 * then call services.deliverySignal.notify() after the commit for a prompt send.
 */
export async function enqueueDeliveries(
  db: Db,
  site: string,
  reference: string,
  targets: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  if (targets.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto('deliveries')
    .values(
      targets.map((target) => ({
        id: newDeliveryId(),
        site,
        enquiry_reference: reference,
        target,
        state: 'pending',
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

export interface ClaimOptions {
  owner: string;
  limit: number;
  leaseMs: number;
  /** Only these targets (the ones this worker can send). */
  targets: readonly string[];
  now?: Date;
}

/**
 * Claims up to `limit` due deliveries in one statement: pending, due, and not under a live lease
 * (an expired lease means its worker died). Counts the attempt at claim time, so a delivery that
 * keeps crashing its worker still runs out of attempts. PostgreSQL skips rows another worker is
 * claiming (FOR UPDATE SKIP LOCKED); SQLite serialises writers, so the UPDATE alone is atomic.
 */
export async function claimDueDeliveries(store: Store, options: ClaimOptions): Promise<DeliveryRow[]> {
  if (options.targets.length === 0 || options.limit <= 0) return [];
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const due = store.db
    .selectFrom('deliveries')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where('target', 'in', options.targets)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', at)]))
    .orderBy('next_attempt_at')
    .limit(options.limit)
    .$if(store.kind === 'postgres', (qb) => qb.forUpdate().skipLocked());
  return store.db
    .updateTable('deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      lease_owner: options.owner,
      lease_expires_at: new Date(now.getTime() + options.leaseMs).toISOString(),
      updated_at: at,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Outcome of one attempt, written only while `owner` still holds the lease. */
export type Outcome =
  | { state: 'delivered' }
  /** Not attempted (its site is not served here): pending again, the attempt its claim counted given back. */
  | { state: 'waiting'; nextAttemptAt: Date; error: string }
  | { state: 'pending'; nextAttemptAt: Date; error: string }
  | { state: 'dead'; error: string };

export async function recordOutcome(
  db: Db,
  id: string,
  owner: string,
  outcome: Outcome,
  now: Date = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  if (outcome.state === 'waiting') {
    const result = await db
      .updateTable('deliveries')
      .set((eb) => ({
        lease_owner: null,
        lease_expires_at: null,
        updated_at: at,
        attempts: eb('attempts', '-', 1),
        next_attempt_at: outcome.nextAttemptAt.toISOString(),
        last_error: outcome.error,
      }))
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  const common = { lease_owner: null, lease_expires_at: null, updated_at: at, state: outcome.state };
  const fields =
    outcome.state === 'delivered'
      ? // A delivered row keeps no error from an earlier, failed attempt.
        { ...common, delivered_at: at, last_error: null }
      : outcome.state === 'pending'
        ? { ...common, next_attempt_at: outcome.nextAttemptAt.toISOString(), last_error: outcome.error }
        : { ...common, last_error: outcome.error };
  const result = await db
    .updateTable('deliveries')
    .set(fields)
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records several outcomes in one transaction (one commit, one flush for the lot); each entry says
 * whether its lease was still held. All or none are written: a failed commit records nothing.
 */
export async function recordOutcomes(
  db: Kysely<Tables>,
  owner: string,
  outcomes: readonly { id: string; outcome: Outcome }[],
  now: Date = new Date(),
): Promise<boolean[]> {
  if (outcomes.length === 1) return [await recordOutcome(db, outcomes[0]!.id, owner, outcomes[0]!.outcome, now)];
  return db.transaction().execute(async (trx) => {
    const recorded: boolean[] = [];
    for (const { id, outcome } of outcomes) recorded.push(await recordOutcome(trx, id, owner, outcome, now));
    return recorded;
  });
}

/** Gives back this owner's unfinished leases (graceful shutdown), so another worker can go at once. */
export async function releaseLeases(db: Db, owner: string, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable('deliveries')
    .set({ lease_owner: null, lease_expires_at: null, next_attempt_at: at, updated_at: at })
    .where('lease_owner', '=', owner)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
