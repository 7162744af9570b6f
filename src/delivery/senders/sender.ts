// The contract every target implements (senders.ts builds the table of them from the configuration).
import type { DeliveryTarget } from '../targets.ts';
import type { DeliveryJob } from '../payload.ts';

/**
 * Sends one delivery. Resolves on success; throws (ideally a DeliveryFailure) otherwise. Must stop
 * when `signal` aborts: it carries the per-send timeout and the shutdown bound.
 */
export type Sender = ((job: DeliveryJob, signal: AbortSignal) => Promise<void>) & {
  /** Closes pooled connections (the worker calls it once its sends are settled). */
  close?: () => void;
};

export type Senders = Partial<Record<DeliveryTarget, Sender>>;
