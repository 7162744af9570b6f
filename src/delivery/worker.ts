// The outbox worker: claims due deliveries under a lease, sends each through its target's sender,
// and records delivered / retry-later / dead. Polls every DELIVERY_POLL_MS and wakes at once on
// services.deliverySignal. stop() claims nothing more, lets in-flight sends finish within
// DELIVERY_SHUTDOWN_MS, aborts the rest and releases their leases. Logs carry ids, never personal data.
// Each delivery is sent inside the scope of the site it names, through that site's targets
// (site-senders.ts); a delivery whose site is not served waits, pending, and is sent nowhere else.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Services } from '../app/services.ts';
import { claimDueDeliveries, releaseLeases, type Outcome } from '../store/outbox.ts';
import { findEnquiries } from '../store/enquiries.ts';
import type { DeliveryRow, EnquiryRow } from '../store/schema.ts';
import { createOutcomeWriter } from './outcome-writer.ts';
import { withoutFlushWait } from '../store/group-commit.ts';
import { sendDelivery, type SendDeps } from './send-delivery.ts';
import { startRetention } from './retention.ts';
import type { Senders } from './senders/sender.ts';
import { SiteSenders } from './site-senders.ts';
import { runInSite } from '../domain/sites/site-scope.ts';

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
  const senders = new SiteSenders(services.deliveryTargets, services.config.delivery.sendTimeoutMs, options.senders);
  const worker = new OutboxWorker(services, senders);
  worker.wake();
  return { owner: worker.owner, wake: () => worker.wake(), stop: () => worker.stop() };
}

/** The worker's state: jobs in flight, the one claim loop running, and the shutdown under way. */
class OutboxWorker {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #services: Services;
  readonly #send: Omit<SendDeps, 'senders'>;
  readonly #senders: SiteSenders;
  /** The kinds of delivery it claims, read again whenever the set of sites changes. */
  #targets: string[];
  readonly #inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  readonly #outcomes: ReturnType<typeof createOutcomeWriter>;
  /** While sends are in flight, claims come in batches of a quarter of the concurrency (see claimLoop). */
  readonly #claimBatch: number;
  readonly #poll: NodeJS.Timeout;
  readonly #unsubscribe: () => void;
  readonly #unsubscribeSites: () => void;
  readonly #retention: { stop(): Promise<void> };
  #stopped = false;
  #claiming: Promise<void> | undefined;
  #again = false;
  #lastClaimError = 0;
  /** Sends under way (a job stays in #inFlight until its outcome is committed, after its send). */
  #sending = 0;
  #stopping: Promise<void> | undefined;

  constructor(services: Services, senders: SiteSenders) {
    this.#services = services;
    const settings = services.config.delivery;
    this.#send = { settings, logger: services.logger };
    this.#senders = senders;
    this.#targets = senders.claimable(services.sites);
    this.#unsubscribeSites =
      services.sites?.onChange(() => {
        this.#targets = senders.claimable(services.sites);
      }) ?? (() => {});
    this.#outcomes = createOutcomeWriter(services.store.db, this.owner);
    this.#claimBatch = Math.max(1, Math.floor(settings.concurrency / 4));
    this.#poll = setInterval(() => this.wake(), settings.pollMs);
    this.#unsubscribe = services.deliverySignal.subscribe(() => this.wake());
    this.#retention = startRetention(services);
  }

  wake(): void {
    if (this.#stopped) return;
    if (this.#claiming) {
      this.#again = true;
      return;
    }
    this.#claiming = this.#claimLoop()
      .catch((error: unknown) => {
        // During a database outage every poll fails; one line per 30 s is enough to see it.
        if (Date.now() - this.#lastClaimError < 30_000) return;
        this.#lastClaimError = Date.now();
        this.#services.logger.error(
          { err: errorSummary(error) },
          'claiming deliveries failed (repeats muted for 30 s)',
        );
      })
      .finally(() => {
        this.#claiming = undefined;
        if (this.#again) this.wake();
      });
  }

  async #claimLoop(): Promise<void> {
    const { store } = this.#services;
    const { concurrency, leaseMs } = this.#send.settings;
    do {
      this.#again = false;
      // Jobs whose outcome is still being committed are capped too, should the database lag.
      const free = Math.min(concurrency - this.#sending, 4 * concurrency - this.#inFlight.size);
      // One claim per finished send cost more than the send itself when a backlog drains.
      if (free <= 0 || this.#stopped || (this.#sending > 0 && free < this.#claimBatch)) return;
      // A claim lost with the power only loses a lease (the delivery is claimed again), so it does not
      // wait for the disk flush that an outcome waits for.
      const rows = await withoutFlushWait(() =>
        claimDueDeliveries(store, { owner: this.owner, limit: free, leaseMs, targets: this.#targets }),
      );
      // One query for the batch's enquiries; a missing one was erased before delivery.
      const enquiries = await findEnquiries(
        store.db,
        rows.map((row) => row.enquiry_reference),
      );
      for (const row of rows) runInSite(row.site, () => this.#start(row, enquiries.get(row.enquiry_reference)));
      if (rows.length === free) this.#again = true; // a full batch: there may be more due now
    } while (this.#again && !this.#stopped);
  }

  #start(row: DeliveryRow, enquiry: EnquiryRow | undefined): void {
    const controller = new AbortController();
    this.#sending += 1;
    const done = this.#run(row, enquiry, controller.signal).finally(() => {
      this.#inFlight.delete(row.id);
      this.wake();
    });
    this.#inFlight.set(row.id, { controller, done });
  }

  async #run(row: DeliveryRow, enquiry: EnquiryRow | undefined, signal: AbortSignal): Promise<void> {
    const { logger, metrics } = this.#services;
    try {
      const outcome = await this.#attempt(row, enquiry, signal).finally(() => {
        // The send's slot frees now; its outcome is committed in the next batch, and the job stays
        // in flight (shutdown waits for it) until that commit.
        this.#sending -= 1;
        this.wake();
      });
      if (outcome && outcome.state !== 'waiting') metrics.deliveryAttempt(row.target, outcome.state, row.attempts);
      if (outcome && !(await this.#outcomes.record(row.id, outcome))) {
        logger.warn(
          { deliveryId: row.id, reference: row.enquiry_reference },
          'delivery outcome not recorded: lease expired or delivery ended meanwhile (erased)',
        );
      }
    } catch (error) {
      // The database failed; the lease expires and another pass retries the delivery.
      logger.error({ deliveryId: row.id, err: errorSummary(error) }, 'delivery bookkeeping failed');
    }
  }

  /**
   * One attempt through the sender of the row's site. A site not served here (removed, or not yet
   * seen) or without that target now gets nothing sent: the row waits, its attempt given back, and is
   * looked at again after DELIVERY_MAX_DELAY_MS, so it is delivered once its site is back.
   */
  async #attempt(row: DeliveryRow, enquiry: EnquiryRow | undefined, signal: AbortSignal): Promise<Outcome | undefined> {
    const senders = this.#senders.of(row.site);
    if (senders?.[row.target as keyof Senders]) return sendDelivery({ ...this.#send, senders }, row, enquiry, signal);
    const error = senders ? `site "${row.site}" has no ${row.target} target now` : `site "${row.site}" is not served`;
    this.#services.logger.warn(
      { deliveryId: row.id, reference: row.enquiry_reference, site: row.site, reason: error },
      'delivery kept pending: its site cannot take it here',
    );
    return { state: 'waiting', nextAttemptAt: new Date(Date.now() + this.#send.settings.maxDelayMs), error };
  }

  stop(): Promise<void> {
    this.#stopping ??= this.#shutDown();
    return this.#stopping;
  }

  async #shutDown(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#poll);
    this.#unsubscribe();
    this.#unsubscribeSites();
    await Promise.all([this.#claiming, this.#retention.stop()]);
    const all = Promise.allSettled([...this.#inFlight.values()].map((job) => job.done));
    if (!(await settlesWithin(all, this.#send.settings.shutdownMs))) {
      for (const job of this.#inFlight.values()) job.controller.abort(new Error('worker stopping'));
      await all;
    }
    this.#senders.close();
    const released = await releaseLeases(this.#services.store.db, this.owner).catch(() => 0);
    if (released > 0) this.#services.logger.info({ released }, 'released unfinished delivery leases');
  }
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
