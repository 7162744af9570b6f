// A key-holding partner's request (the offer's assessment, or a priority partner enquiry when the
// content declares no offer), through the one enquiry path. Needs `Authorization: Bearer <key>`.
import * as z from 'zod';
import { contactEnquiryFields } from '../domain/enquiries/schema.ts';
import { acceptedSchema, enquirySubmitter } from './accepted-enquiry.ts';
import { createKeyCheck, createKeyIdentifier } from './assessment-keys.ts';
import { actingHints, defineCapability, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import { idempotencyKeyInput } from './enquiry.ts';
import type { CapabilityNames } from './names.ts';

export function assessmentRequestCapability(deps: CatalogDeps, names: CapabilityNames): Capability {
  const { content, config } = deps;
  const { brandName: brand, offer } = content.site;
  const submit = enquirySubmitter(deps);
  const { topic: _topic, ...assessmentFields } = contactEnquiryFields;
  const accepts = createKeyCheck(config.assessmentApiKeys);
  // The enquiry keeps which partner's key sent it (its id, never the key), on every surface.
  const keyIdOf = createKeyIdentifier(config.assessmentApiKeys);
  return defineCapability({
    key: 'requestAssessment',
    name: names.requestAssessment,
    // Without an offer, the partners' capability sends a priority enquiry and names no offer.
    title: offer ? `Request a ${offer.name}` : 'Send a partner enquiry',
    description:
      `${offer ? `Requests a ${offer.name} from ${brand}` : `Sends ${brand} an enquiry`} for a key-holding partner. Needs the HTTP header ` +
      `\`Authorization: Bearer <API key>\`; keys are issued by ${brand} on request (ask via ${names.sendEnquiry} ` +
      `with topic "partnership"). Without a key, use ${names.sendEnquiry}${offer ? ' with topic "assessment"' : ''} instead.`,
    input: z.strictObject({ ...assessmentFields, idempotencyKey: idempotencyKeyInput }),
    output: acceptedSchema,
    budget: 'contact',
    authentication: {
      scheme: 'bearer',
      accepts,
      // The reason only, in the site's language: the header's value is never echoed.
      refusal: (keySent) =>
        content.ui.text('answers.failure.keyRefused', {
          sent: keySent ? 'yes' : 'no',
          tool: names.requestAssessment,
          brand,
          enquiryTool: names.sendEnquiry,
          hasOffer: offer ? 'yes' : 'no',
          offer: offer?.name ?? '',
        }),
    },
    hints: actingHints,
    // The agent card declares no security scheme for a partner's key.
    a2aSkill: false,
    stable: false,
    examples: [
      {
        fromName: 'Ada Lovelace',
        fromEmail: 'ada@example.com',
        organization: 'Example Ltd',
        message: 'Please assess our demand generation.',
      },
    ],
    prompts: [],
    tags: ['assessment', 'enquiry', 'action', 'authenticated'],
    // Without an offer there is nothing to assess: the partner's request is a partnership enquiry.
    handle: (args, context, sent) =>
      submit(
        offer ? sent : { ...(sent as object), topic: 'partnership' },
        args.idempotencyKey,
        'assessment',
        context,
        keyIdOf(context.authorization),
      ),
  });
}
