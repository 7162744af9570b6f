// The one place that decides what a failed send means: retryable or permanent, and when to try
// again. Failure messages are ours (status codes, error codes), never upstream text, so they may be
// logged and stored without carrying personal data.
import type { DeliverySettings } from '../config/config.ts';

/** A failed send, already classified. Senders throw this; anything else is classified by toFailure. */
export class DeliveryFailure extends Error {
  readonly retryable: boolean;
  /** Upstream asked us to wait at least this long (Retry-After). */
  readonly retryAfterMs?: number;

  constructor(message: string, retryable: boolean, retryAfterMs?: number) {
    super(message);
    this.name = 'DeliveryFailure';
    this.retryable = retryable;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/** 408, 429 and 5xx are worth retrying; every other non-2xx status is permanent. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** A failure for an HTTP answer that was not 2xx; `retryAfter` is the raw Retry-After header. */
export function httpFailure(what: string, status: number, retryAfter?: string | null): DeliveryFailure {
  const waitMs = retryAfter ? parseRetryAfter(retryAfter) : undefined;
  return new DeliveryFailure(`${what}: HTTP ${status}`, isRetryableStatus(status), waitMs);
}

/** SMTP replies: 4xx is transient by definition (RFC 5321 §4.2.1), 5xx permanent. */
export function smtpFailure(error: { responseCode?: number; code?: string }): DeliveryFailure {
  const code = error.code ? ` (${error.code})` : '';
  if (typeof error.responseCode === 'number') {
    return new DeliveryFailure(`SMTP ${error.responseCode}${code}`, error.responseCode < 500);
  }
  // No reply code: the connection failed or timed out before the server answered.
  return new DeliveryFailure(`SMTP connection failed${code}`, true);
}

/** Classifies anything a sender threw. Unknown errors are retried, bounded by the attempt limit. */
export function toFailure(error: unknown): DeliveryFailure {
  if (error instanceof DeliveryFailure) return error;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new DeliveryFailure('timed out', true);
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  // fetch refuses the ports the Fetch standard blocks (6000, 6665-6669, 10080, ...) before it
  // connects: no retry of that URL can succeed.
  if (cause instanceof Error && cause.message === 'bad port') {
    return new DeliveryFailure('the URL names a port fetch refuses (blocked by the Fetch standard)', false);
  }
  const code = typeof cause?.code === 'string' ? cause.code : (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z_]+$/.test(code))
    return new DeliveryFailure(`connection failed (${code})`, true);
  return new DeliveryFailure(`unexpected error (${error instanceof Error ? error.name : typeof error})`, true);
}

export type NextStep = { state: 'dead' } | { state: 'pending'; delayMs: number };

/**
 * What to do after failed attempt number `attempts` (1-based): permanent failures and the last
 * allowed attempt end `dead`; otherwise wait base·2^(attempts−1), capped, with "equal jitter" (half
 * fixed, half random) so a burst of failures does not retry in lock step. Retry-After wins if longer.
 */
export function nextStep(
  failure: DeliveryFailure,
  attempts: number,
  settings: Pick<DeliverySettings, 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): NextStep {
  if (!failure.retryable || attempts >= settings.maxAttempts) return { state: 'dead' };
  const exponential = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.min(attempts - 1, 40));
  const jittered = exponential / 2 + random() * (exponential / 2);
  const delayMs = Math.round(Math.max(jittered, Math.min(failure.retryAfterMs ?? 0, maxRetryAfterMs)));
  return { state: 'pending', delayMs };
}

/** A Retry-After beyond a day is treated as a day: the delivery stays visible and retryable. */
const maxRetryAfterMs = 86_400_000;

/** Retry-After is delta-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string, now: number = Date.now()): number | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
