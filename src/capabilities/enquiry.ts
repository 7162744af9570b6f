// Sends an enquiry on a user's behalf (with their consent) through the one enquiry path: the same
// validation, idempotency and 5/min + 50/day budget as POST /agent/contact and the form.
import * as z from 'zod';
import { describeRatePolicy } from '../domain/limit-wording.ts';
import {
  contactAcceptedSchema,
  contactEnquiryFields,
  contactEnquirySchema,
  idempotencyKeySchema,
  type EnquiryTopic,
} from '../domain/enquiries/schema.ts';
import { idempotencyHeader, parseIdempotencyKey } from '../domain/idempotency.ts';
import { contactPolicy } from '../domain/rate-limit/rate-limit.ts';
import { acceptedSchema, enquirySubmitter } from './accepted-enquiry.ts';
import { actingHints, defineCapability, noAuthentication, type Capability, type Route } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import type { CapabilityNames } from './names.ts';

export const idempotencyKeyInput = idempotencyKeySchema
  .optional()
  .describe(
    'Caller-generated key (1-200 characters). Repeating a call with the same key and arguments within 24 hours returns the first result instead of sending again.',
  );

/**
 * POST …/contact: the enquiry as the JSON body and its key as the Idempotency-Key header; a 202 with
 * the reference once the enquiry is committed.
 */
const contactRoute: Route = {
  method: 'POST',
  path: '/contact',
  contract: {
    operationId: 'submitEnquiry',
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
  },
  request: { schema: contactEnquirySchema, description: 'The enquiry.' },
  headers: [
    {
      name: idempotencyHeader,
      description:
        'Caller-generated key (1-200 characters, bare or as a quoted string) making retries safe for 24 hours.',
      schema: idempotencyKeySchema,
      read: parseIdempotencyKey,
    },
  ],
  input: (body, headers) => {
    const idempotencyKey = headers[idempotencyHeader];
    return idempotencyKey === undefined ? body : { ...(body as object), idempotencyKey };
  },
  success: {
    status: 202,
    description: 'The enquiry is recorded and queued for delivery.',
    body: contactAcceptedSchema,
    headers: { 'Idempotent-Replayed': (result) => (result.structured.replayed === true ? 'true' : undefined) },
  },
  errors: [400, 409, 413, 415, 502],
};

export function enquiryCapability(deps: CatalogDeps, names: CapabilityNames): Capability {
  const { content } = deps;
  const { brandName: brand, offer, examples } = content.site;
  const submit = enquirySubmitter(deps);
  // The topics the content offers (no offer, no "assessment"); the enquiry path accepts them all.
  const ids = content.contact.topics.map((t) => t.id);
  const topic = z
    .enum(ids as [EnquiryTopic, ...EnquiryTopic[]])
    .default('general')
    .describe(contactEnquiryFields.topic.description ?? '');
  return defineCapability({
    key: 'sendEnquiry',
    name: names.sendEnquiry,
    title: 'Send an enquiry',
    description:
      `Sends an enquiry to ${brand} on behalf of a user: a general question (topic "general", "services", ` +
      `"partnership", "press", "careers")${offer ? ` or a ${offer.name} request (topic "assessment")` : ''}. ` +
      `Only send with the user's consent and their real name and e-mail. Same rules as POST /agent/contact: ` +
      `${describeRatePolicy(contactPolicy)} per client, shared with the REST API; pass \`idempotencyKey\` to retry safely. ` +
      `Returns the enquiry reference.`,
    input: z.strictObject({ ...contactEnquiryFields, topic, idempotencyKey: idempotencyKeyInput }),
    output: acceptedSchema,
    budget: 'contact',
    authentication: noAuthentication,
    hints: actingHints,
    a2aSkill: true,
    stable: false,
    examples: [
      {
        fromName: 'Ada Lovelace',
        fromEmail: 'ada@example.com',
        topic: 'services',
        message: `Please contact me about ${examples.enquiryAbout}.`,
      },
    ],
    prompts: [`Ask the agency to contact me about ${examples.enquiryAbout}`],
    tags: ['contact', 'enquiry', 'action'],
    route: contactRoute,
    handle: (args, context, sent) =>
      submit(sent, args.idempotencyKey, args.topic === 'assessment' ? 'assessment' : 'enquiry', context),
  });
}
