// One delivery attempt: sends the enquiry through its target's sender within the send timeout and
// judges the result by the retry policy (delivered, retry later, or dead). Logs carry ids only.
import type { DeliverySettings } from '../config/config.ts';
import type { Logger } from '../kernel/logger.ts';
import type { Outcome } from '../store/outbox.ts';
import type { DeliveryRow, EnquiryRow } from '../store/schema.ts';
import { toPayload } from './payload.ts';
import { nextStep, toFailure } from './policy.ts';
import type { Senders } from './senders/sender.ts';

export interface SendDeps {
  senders: Senders;
  settings: DeliverySettings;
  logger: Logger;
}

/**
 * The outcome of one attempt at `row`, or undefined when `signal` aborted it (the worker is stopping:
 * the lease is released and the attempt not judged).
 */
export async function sendDelivery(
  { senders, settings, logger }: SendDeps,
  row: DeliveryRow,
  enquiry: EnquiryRow | undefined,
  signal: AbortSignal,
): Promise<Outcome | undefined> {
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
    if (signal.aborted) return undefined;
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
}
