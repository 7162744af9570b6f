// One wording per error class, beside the closed set of codes (errors.ts): the HTTP, MCP and A2A
// renderers each keep their own shape (status and JSON body, tool error, JSON-RPC error) and all
// say the same words for the same failure.

/** A fault of ours: nothing about it reaches the client. */
export const internalErrorMessage = 'Internal error; nothing about it is shown here. Try again later.';

/** The enquiry could not be recorded (upstream_error): nothing was sent or accepted. */
export const enquiryUnavailableMessage =
  'The enquiry could not be recorded right now; nothing was sent. Try again in a minute.';

/** Kept records (tasks) could not be read: the store is unavailable, nothing is lost. */
export const recordsUnavailableMessage = 'Kept records cannot be read right now; try again in a minute.';

/** A request refused by the general (read) budget, on every listener. */
export const requestBudgetSpentMessage = 'Too many requests from this client.';

/** An enquiry refused by the contact budget. */
export const enquiryBudgetSpentMessage = 'Too many enquiries from this client.';

/** An audit refused by the audit budget. */
export const auditBudgetSpentMessage = 'Too many audits from this client.';

/** An audit refused for want of a free slot (not of budget). */
export const auditorBusyMessage = 'The auditor is busy with other audits.';

/** An Idempotency-Key sent again with another request body. */
export const idempotencyKeyReusedMessage = 'This Idempotency-Key was already used with a different request body.';

/** A copy sent while the first request with its Idempotency-Key is still being processed. */
export const idempotencyKeyInFlightMessage =
  'The first request with this Idempotency-Key is still being processed; retry shortly.';

/** What a refusal by the rate limits adds to its message, e.g. "Retry after 42 seconds." */
function retryAfterWording(seconds: number): string {
  return `Retry after ${seconds} seconds.`;
}

/**
 * A rate_limited error as every surface words it: which budget refused (the error's message, e.g.
 * "Too many enquiries from this client.") and when to come back, the number beside it in the
 * surface's own field or header.
 */
export function rateLimitedWording(message: string, seconds: number): string {
  return `${message} ${retryAfterWording(seconds)}`;
}

/** What an idempotency conflict adds to its message, on the surfaces where the key is an argument. */
const newIdempotencyKeyAdvice = 'Use a new idempotencyKey for a different enquiry.';

/**
 * An idempotency conflict as said where the key is an argument (MCP, A2A): a key used for another
 * enquiry is told to take a new one; a copy sent while the first is in flight (it carries a
 * retryAfter) only to retry, since a new key would send the enquiry twice.
 */
export function idempotencyConflictWording(message: string, retryAfter: number | undefined): string {
  return retryAfter === undefined ? `${message} ${newIdempotencyKeyAdvice}` : message;
}
