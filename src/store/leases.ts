// Named leases: a job that only one instance on the database should run at a time takes the lease
// before it starts and gives it back when done. A lease whose holder stopped without giving it back
// is free again once its time runs out, so a crash never blocks the job for good.
import type { Kysely } from 'kysely';
import type { Tables } from './schema.ts';

export interface LeaseTerms {
  /** How long the lease is held at most (the job's own time limit, with room). */
  holdMs: number;
  /** Taken only when the job last finished before this instant (epoch ms); Date.now() takes it whenever it is free. */
  finishedBefore: number;
}

/** Takes the lease `name` for `holder`; false when another holder has it, or the job finished too recently. */
export async function takeLease(db: Kysely<Tables>, name: string, holder: string, terms: LeaseTerms): Promise<boolean> {
  const now = Date.now();
  const taken = await db
    .insertInto('leases')
    .values({ name, holder, held_until: now + terms.holdMs, finished_at: 0 })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, held_until: now + terms.holdMs })
        .where('leases.held_until', '<', now)
        .where('leases.finished_at', '<=', terms.finishedBefore),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === holder;
}

/** Gives the lease back, marking the job finished now; a lease another holder took meanwhile is left alone. */
export async function giveBackLease(db: Kysely<Tables>, name: string, holder: string): Promise<void> {
  await db
    .updateTable('leases')
    .set({ held_until: 0, finished_at: Date.now() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
