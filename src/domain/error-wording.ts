// One wording per error class, beside the closed set of codes (errors.ts): the HTTP, MCP and A2A
// renderers each keep their own shape (status and JSON body, tool error, JSON-RPC error) and all
// say the same words for the same failure.

/** A fault of ours: nothing about it reaches the client. */
export const internalErrorMessage = 'Internal error; nothing about it is shown here. Try again later.';

/** The enquiry could not be recorded (upstream_error): nothing was sent or accepted. */
export const enquiryUnavailableMessage =
  'The enquiry could not be recorded right now; nothing was sent. Try again in a minute.';

/** What a refusal by the rate limits adds to its message, e.g. "Retry after 42 seconds." */
export function retryAfterWording(seconds: number): string {
  return `Retry after ${seconds} seconds.`;
}

/** What an idempotency conflict adds to its message, on the surfaces where the key is an argument. */
export const newIdempotencyKeyAdvice = 'Use a new idempotencyKey for a different enquiry.';
