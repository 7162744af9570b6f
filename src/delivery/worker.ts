// The outbox worker: claims due deliveries under a lease, sends each through its target's sender,
// and records delivered / retry-later / dead. Polls every DELIVERY_POLL_MS and wakes at once on
// services.deliverySignal. stop() claims nothing more, lets in-flight sends finish within
// DELIVERY_SHUTDOWN_MS, aborts the rest and releases their leases. Logs carry ids, never personal data.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Services } from '../app/services.ts';
import { claimDueDeliveries, releaseLeases, type Outcome } from '../store/outbox.ts';
import { findEnquiries } from '../store/enquiries.ts';
import type { DeliveryRow, EnquiryRow } from '../store/schema.ts';
import { createOutcomeWriter } from './outcome-writer.ts';
import { withoutFlushWait } from '../store/group-commit.ts';
import { toPayload } from './payload.ts';
import { nextStep, toFailure } from './policy.ts';
import { startRetention } from './retention.ts';
import type { Senders } from './senders/sender.ts';
import { buildSenders, closeSenders } from './senders/senders.ts';

export interface DeliveryWorker {
  /** This worker's lease-owner name. */
  readonly owner: string;
  /** Claims due work now instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** Replaces the senders built from the configuration (tests of the worker loop itself). */
  senders?: Senders;
}

export function startDeliveryWorker(services: Services, options: WorkerOptions = {}): DeliveryWorker {
  const { config, logger, store } = services;
  const settings = config.delivery;
  const senders = options.senders ?? buildSenders(config);
  const targets = Object.keys(senders);
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = false;
  let claiming: Promise<void> | undefined;
  let again = false;
  let lastClaimError = 0;
  const outcomes = createOutcomeWriter(store.db, owner);
  const claimBatch = Math.max(1, Math.floor(settings.concurrency / 4));
  /** Sends under way (a job stays in inFlight until its outcome is committed, after its send). */
  let sending = 0;

  const send = async (
    row: DeliveryRow,
    enquiry: EnquiryRow | undefined,
    signal: AbortSignal,
  ): Promise<Outcome | undefined> => {
    const log = { deliveryId: row.id, reference: row.enquiry_reference, target: row.target, attempt: row.attempts };
    const payload = enquiry && toPayload(enquiry);
    if (!payload) return { state: 'dead', error: 'enquiry erased before delivery' };
    if (row.attempts > settings.maxAttempts) {
      // Only reachable when workers died mid-send: each claim counted an attempt.
      return { state: 'dead', error: `gave up after ${row.attempts - 1} attempts (worker stopped mid-send)` };
    }
    try {
      await senders[row.target as keyof Senders]!(
        { delivery: row, enquiry: payload },
        AbortSignal.any([signal, AbortSignal.timeout(settings.sendTimeoutMs)]),
      );
      logger.info(log, 'delivery sent');
      return { state: 'delivered' };
    } catch (error) {
      if (signal.aborted) return undefined; // shutdown: the lease is released, the attempt not judged
      const failure = toFailure(error);
      const step = nextStep(failure, row.attempts, settings);
      const lastError = `attempt ${row.attempts}: ${failure.message}`;
      if (step.state === 'dead') {
        logger.warn({ ...log, error: failure.message, retryable: failure.retryable }, 'delivery dead');
        return { state: 'dead', error: lastError };
      }
      logger.warn({ ...log, error: failure.message, retryInMs: step.delayMs }, 'delivery failed; will retry');
      return { state: 'pending', nextAttemptAt: new Date(Date.now() + step.delayMs), error: lastError };
    }
  };

  const start = (row: DeliveryRow, enquiry: EnquiryRow | undefined): void => {
    const controller = new AbortController();
    sending += 1;
    const done = (async () => {
      try {
        const outcome = await send(row, enquiry, controller.signal).finally(() => {
          // The send's slot frees now; its outcome is committed in the next batch, and the job stays
          // in flight (shutdown waits for it) until that commit.
          sending -= 1;
          wake();
        });
        if (outcome) services.metrics.deliveryAttempt(row.target, outcome.state, row.attempts);
        if (outcome && !(await outcomes.record(row.id, outcome))) {
          logger.warn(
            { deliveryId: row.id, reference: row.enquiry_reference },
            'delivery outcome not recorded: lease expired or delivery ended meanwhile (erased)',
          );
        }
      } catch (error) {
        // The database failed; the lease expires and another pass retries the delivery.
        logger.error({ deliveryId: row.id, err: errorSummary(error) }, 'delivery bookkeeping failed');
      } finally {
        inFlight.delete(row.id);
        wake();
      }
    })();
    inFlight.set(row.id, { controller, done });
  };

  const claimLoop = async (): Promise<void> => {
    do {
      again = false;
      // Jobs whose outcome is still being committed are capped too, should the database lag.
      const free = Math.min(settings.concurrency - sending, 4 * settings.concurrency - inFlight.size);
      // While sends are in flight, claim in batches of a quarter of the concurrency: one claim per
      // finished send cost more than the send itself when a backlog drains.
      if (free <= 0 || stopped || (sending > 0 && free < claimBatch)) return;
      // A claim lost with the power only loses a lease (the delivery is claimed again), so it does not
      // wait for the disk flush that an outcome waits for.
      const rows = await withoutFlushWait(() =>
        claimDueDeliveries(store, { owner, limit: free, leaseMs: settings.leaseMs, targets }),
      );
      // One query for the batch's enquiries; a missing one was erased before delivery.
      const enquiries = await findEnquiries(
        store.db,
        rows.map((row) => row.enquiry_reference),
      );
      for (const row of rows) start(row, enquiries.get(row.enquiry_reference));
      if (rows.length === free) again = true; // a full batch: there may be more due now
    } while (again && !stopped);
  };

  function wake(): void {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = claimLoop()
      .catch((error: unknown) => {
        // During a database outage every poll fails; one line per 30 s is enough to see it.
        if (Date.now() - lastClaimError < 30_000) return;
        lastClaimError = Date.now();
        logger.error({ err: errorSummary(error) }, 'claiming deliveries failed (repeats muted for 30 s)');
      })
      .finally(() => {
        claiming = undefined;
        if (again) wake();
      });
  }

  const poll = setInterval(wake, settings.pollMs);
  const unsubscribe = services.deliverySignal.subscribe(wake);
  const retention = startRetention(services);
  wake();

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      stopped = true;
      clearInterval(poll);
      unsubscribe();
      await Promise.all([claiming, retention.stop()]);
      const all = Promise.allSettled([...inFlight.values()].map((job) => job.done));
      if (!(await settlesWithin(all, settings.shutdownMs))) {
        for (const job of inFlight.values()) job.controller.abort(new Error('worker stopping'));
        await all;
      }
      closeSenders(senders);
      const released = await releaseLeases(store.db, owner).catch(() => 0);
      if (released > 0) logger.info({ released }, 'released unfinished delivery leases');
    })();
    return stopping;
  };

  return { owner, wake, stop };
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  const result = await Promise.race([promise.then(() => true), timeout]);
  clearTimeout(timer);
  return result;
}

/** Database and driver errors may quote SQL parameters; log only their kind and code. */
function errorSummary(error: unknown): { name: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return { name: error instanceof Error ? error.name : typeof error, ...(typeof code === 'string' ? { code } : {}) };
}
