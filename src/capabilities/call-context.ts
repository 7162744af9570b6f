// The facts of one call that a capability may need, built once per request by the listener that
// received it and passed explicitly: never read from the request by the capability itself.
import type { Caller } from '../domain/callers/caller.ts';
import type { EnquiryChannel } from '../domain/enquiries/schema.ts';
import type { Logger } from '../kernel/logger.ts';

export interface CallContext {
  /** The client's rate-limit key, by the TRUST_PROXY rule (e.g. "203.0.113.9"). */
  client: string;
  /** Who is calling (verified or declared), when the binding knows. */
  caller?: Caller | undefined;
  /** The Authorization header value as sent, when any (bearer capabilities read it). */
  authorization?: string | undefined;
  /** The surface the call came through; enquiries are recorded with it. */
  channel: EnquiryChannel;
  logger: Logger;
  /** Names the message being answered, so its copies record an enquiry once (when no idempotencyKey is sent). */
  requestKey?: string | undefined;
}
