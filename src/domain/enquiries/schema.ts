// The contact enquiry: the one zod source of its field bounds. REST validation, the HTML form, the
// MCP send_enquiry tool and the OpenAPI contract all derive from these schemas.
import { z } from 'zod';
import { textField } from './text.ts';

export const enquiryTopics = ['assessment', 'services', 'partnership', 'press', 'careers', 'general'] as const;

export type EnquiryTopic = (typeof enquiryTopics)[number];

/** Where an enquiry came from. */
export type EnquiryChannel = 'rest' | 'mcp' | 'a2a' | 'form';

/** A general enquiry, or a request for the assessment the agency offers (the content's offer). */
export type EnquiryKind = 'enquiry' | 'assessment';

/**
 * zod's e-mail rule with an internationalised domain allowed (anna@müller.de, as well as its
 * punycode form anna@xn--mller-kva.de): letters and digits of any script in the domain's labels.
 */
export const emailAddress =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[\p{L}\p{N}][\p{L}\p{N}\p{M}-]*\.)+[\p{L}\p{M}]{2,}$/u;

/**
 * The object fields of a contact enquiry, for callers (MCP, A2A) that build their own object around
 * them. Text fields follow the text rules of text.ts: one line each, except the message.
 */
export const contactEnquiryFields = {
  fromName: textField('line').min(1).max(100).describe('Name of the person the enquiry is from (one line).'),
  fromEmail: z.string().trim().max(254).email({ pattern: emailAddress }).describe('E-mail address to reply to.'),
  organization: textField('line').max(100).optional().describe('Company or organisation (one line).'),
  topic: z.enum(enquiryTopics).default('general').describe('What the enquiry is about.'),
  message: textField('multiline').min(10).max(2000).describe('The enquiry itself; may span several lines.'),
  agentId: textField('line')
    .max(100)
    .optional()
    .describe('Self-asserted identifier of the calling agent; not verified.'),
};

/**
 * Request body of submitEnquiry: unknown fields are rejected, strings are trimmed before length
 * checks, and text must be well-formed, free of control characters and visible.
 */
export const contactEnquirySchema = z.strictObject(contactEnquiryFields).meta({ id: 'ContactEnquiry' });

export const enquiryReferencePattern = /^enq_[0-9a-f]{16}$/;

/** 202 body of submitEnquiry. */
export const contactAcceptedSchema = z
  .object({
    status: z.literal('accepted'),
    reference: z.string().regex(enquiryReferencePattern),
    receivedAt: z.iso.datetime(),
  })
  .meta({ id: 'ContactAccepted' });

export type ContactAccepted = z.output<typeof contactAcceptedSchema>;

/** Idempotency-Key request header: caller generated, 1-200 characters. */
export const idempotencyKeySchema = z.string().min(1).max(200);
