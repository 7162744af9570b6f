// An accepted enquiry as agents get it (every enquiry capability, on every binding): structured,
// with the shared enquiry budget after the call, and as text.
import * as z from 'zod';
import { contactAcceptedSchema, type EnquiryKind } from '../domain/enquiries/schema.ts';
import type { SubmitEnquiryResult } from '../domain/enquiries/submit.ts';
import type { CallContext } from './call-context.ts';
import type { CapabilityResult } from './capability.ts';
import type { CatalogDeps } from './deps.ts';

export const acceptedSchema = contactAcceptedSchema.extend({
  replayed: z
    .boolean()
    .describe('True when this repeats an earlier call with the same idempotencyKey; nothing new was sent.'),
  rateLimit: z
    .array(z.object({ window: z.string(), limit: z.int(), remaining: z.int(), resetSeconds: z.int() }))
    .describe('The shared enquiry budget of this client after the call.'),
  nextSteps: z.string(),
});

export function acceptedEnquiry(
  result: SubmitEnquiryResult,
  brand: string,
  responseTime: string | undefined,
): CapabilityResult<typeof acceptedSchema> {
  const { reference } = result.accepted;
  const nextSteps = `${brand} replies by e-mail.${responseTime ? ` ${responseTime}` : ''} Quote reference ${reference} in any follow-up.`;
  const structured = {
    ...result.accepted,
    replayed: result.replayed,
    rateLimit: result.rateLimit.windows.map((w) => ({
      window: w.window.name,
      limit: w.window.limit,
      remaining: w.remaining,
      resetSeconds: w.reset,
    })),
    nextSteps,
  };
  const text = `${result.replayed ? 'Already accepted earlier (replayed; nothing new was sent)' : 'Enquiry accepted'}: reference ${reference}. ${nextSteps}`;
  return { structured, text };
}

export type SubmitEnquiry = (
  sent: unknown,
  idempotencyKey: string | undefined,
  kind: EnquiryKind,
  context: CallContext,
  /** Id of the partner key the call was made with, kept with the enquiry. */
  keyId?: string,
) => Promise<CapabilityResult<typeof acceptedSchema>>;

/**
 * Sends `sent` (the caller's own fields, without the idempotency key) through the one enquiry
 * path, which validates and hashes them; the budget is the client's, shared by every surface.
 */
export function enquirySubmitter({ enquiries, content }: Pick<CatalogDeps, 'enquiries' | 'content'>): SubmitEnquiry {
  const brand = content.site.brandName;
  return async (sent, idempotencyKey, kind, context, keyId) => {
    const { idempotencyKey: _key, ...input } = (sent ?? {}) as Record<string, unknown>;
    const result = await enquiries.submit({
      input,
      idempotencyKey: idempotencyKey ?? context.requestKey,
      channel: context.channel,
      kind,
      client: context.client,
      ...(context.caller && { caller: context.caller }),
      keyId,
    });
    return acceptedEnquiry(result, brand, content.contact.responseTime);
  };
}
