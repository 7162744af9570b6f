// Writes the worker's delivery outcomes in batches: outcomes that finish while a write is under way
// wait for the next one, so a busy worker commits (and, on SQLite, flushes) once per batch instead
// of once per delivery. Each caller still waits until its own outcome is committed: a delivery only
// counts as delivered once that is recorded. An error text is made storable before it is queued, and
// an outcome the database refuses fails alone: the rest of its batch is still recorded.
import type { Kysely } from 'kysely';
import { recordOutcomes, type Outcome } from '../store/outbox.ts';
import { writeLeavingOutRefused } from '../store/refused-rows.ts';
import { storableText } from '../store/storable-text.ts';
import type { Tables } from '../store/schema.ts';

export interface OutcomeWriter {
  /** Resolves true once committed, false when the lease was lost; rejects when the write failed. */
  record(id: string, outcome: Outcome): Promise<boolean>;
}

interface Pending {
  id: string;
  outcome: Outcome;
  resolve(recorded: boolean): void;
  reject(error: unknown): void;
}

/** A batch above this is split, so one transaction never holds the database for long. */
const maxBatch = 200;

export function createOutcomeWriter(db: Kysely<Tables>, owner: string): OutcomeWriter {
  const queue: Pending[] = [];
  let writing = false;

  const drain = async (): Promise<void> => {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      const unwritten = await writeLeavingOutRefused(
        batch,
        async (entries) => {
          const recorded = await recordOutcomes(db, owner, entries);
          for (const [i, entry] of entries.entries()) entry.resolve(recorded[i]!);
        },
        (entry, error) => entry.reject(error),
      );
      for (const entry of unwritten?.rows ?? []) entry.reject(unwritten!.error);
    }
    writing = false;
  };

  return {
    record(id, outcome) {
      return new Promise<boolean>((resolve, reject) => {
        const storable = outcome.state === 'delivered' ? outcome : { ...outcome, error: storableText(outcome.error) };
        queue.push({ id, outcome: storable, resolve, reject });
        // Outcomes of the same tick join one batch; later ones join the batch after the current write.
        if (!writing) {
          writing = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
