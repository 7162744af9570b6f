// submitEnquiry: POST …/contact. Validates through the shared enquiry path, which also applies
// idempotency and the contact budget; answers 202 only once the enquiry is committed.
import { contactAcceptedSchema, contactEnquirySchema, idempotencyKeySchema } from '../../../domain/enquiries/schema.ts';
import { AppError, invalidRequest } from '../../../kernel/errors.ts';
import { idempotencyHeader, parseIdempotencyKey } from '../../../domain/idempotency.ts';
import { describeRatePolicy } from '../../../domain/limit-wording.ts';
import { contactPolicy } from '../../../domain/rate-limit/rate-limit.ts';
import { fieldErrors, validate } from '../../../domain/validation.ts';
import type { Operation } from '../operation.ts';
import { clientOf, recognisedCallerOf, setRateLimitState } from '../../../http/request-state.ts';

export const submitEnquiry: Operation = {
  operationId: 'submitEnquiry',
  method: 'POST',
  path: '/contact',
  summary: 'Submit a contact enquiry on behalf of a user',
  description:
    'Records an enquiry for the agency and queues it for delivery to the CRM and an internal notification ' +
    '(best effort: 202 means recorded, not delivered). Unknown fields are rejected, strings are trimmed before ' +
    `length checks, text must be well-formed, free of control characters and visible (one line except the ` +
    `message), and a 400 lists every failing field. Limited to ${describeRatePolicy(contactPolicy)} per client ` +
    '(shared with the MCP send_enquiry tool and the site form); invalid requests and replays spend none of it, ' +
    'but every request, valid or not, counts against the shared per-client budget of all /agent requests. ' +
    'Send an Idempotency-Key to retry safely: an identical repeat within 24 hours replays the first response.',
  tag: 'Enquiries',
  rateLimit: 'contact',
  requestBody: { schema: contactEnquirySchema, description: 'The enquiry.' },
  requestHeaders: [
    {
      name: idempotencyHeader,
      description:
        'Caller-generated key (1-200 characters, bare or as a quoted string) making retries safe for 24 hours.',
      schema: idempotencyKeySchema,
    },
  ],
  success: {
    status: 202,
    description: 'The enquiry is recorded and queued for delivery.',
    schema: contactAcceptedSchema,
    headers: ['Idempotent-Replayed'],
  },
  errors: [400, 409, 413, 415, 502],
  handler:
    ({ services }) =>
    async (request, reply) => {
      let key: string | undefined;
      try {
        key = parseIdempotencyKey(request.headers['idempotency-key']);
      } catch (error) {
        // Report the header together with every body problem, not one at a time.
        const body = validate(contactEnquirySchema, request.body);
        const headerErrors = error instanceof AppError ? error.fieldErrors : [];
        throw invalidRequest([...headerErrors, ...(body.success ? [] : fieldErrors(body.error.issues))]);
      }
      const result = await services.enquiries.submit({
        input: request.body,
        client: clientOf(request, services),
        idempotencyKey: key,
        channel: 'rest',
        kind: 'enquiry',
        caller: recognisedCallerOf(request, services),
      });
      setRateLimitState(request, result.rateLimit);
      if (result.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(202).send(result.accepted);
    },
};
