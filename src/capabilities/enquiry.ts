// Sends an enquiry on a user's behalf (with their consent) through the one enquiry path: the same
// validation, idempotency and 5/min + 50/day budget as POST /agent/contact and the form.
import * as z from 'zod';
import { describeRatePolicy } from '../domain/limit-wording.ts';
import { contactEnquiryFields, idempotencyKeySchema, type EnquiryTopic } from '../domain/enquiries/schema.ts';
import { contactPolicy } from '../domain/rate-limit/rate-limit.ts';
import { acceptedSchema, enquirySubmitter } from './accepted-enquiry.ts';
import { actingHints, defineCapability, noAuthentication, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import type { CapabilityNames } from './names.ts';

export const idempotencyKeyInput = idempotencyKeySchema
  .optional()
  .describe(
    'Caller-generated key (1-200 characters). Repeating a call with the same key and arguments within 24 hours returns the first result instead of sending again.',
  );

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
    handle: (args, context, sent) =>
      submit(sent, args.idempotencyKey, args.topic === 'assessment' ? 'assessment' : 'enquiry', context),
  });
}
