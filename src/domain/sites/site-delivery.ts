// `delivery` in a site's site.yaml (with SITES_DIR): where that site's enquiries go, replacing the
// instance's targets for it. Any value may be written `env:NAME` and is then read from that
// environment variable, so a secret need not sit in the content folder; a variable that is not set
// is a content error naming the key, as any other wrong value is. SMTP stays the instance's SMTP_URL.
import { z } from 'zod';
import { emailAddress } from '../enquiries/schema.ts';
import { portFetchRefuses, refusedPortProblem } from '../../kernel/fetch-ports.ts';

const envPrefix = 'env:';

/** A text value, or `env:NAME` read from the environment when site.yaml is read. */
function value(check: z.ZodString) {
  return z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .transform((written, context) => {
      if (!written.startsWith(envPrefix)) return written;
      const name = written.slice(envPrefix.length);
      const read = process.env[name];
      if (read === undefined || read === '') {
        context.addIssue({ code: 'custom', message: `names the environment variable ${name}, which is not set` });
        return z.NEVER;
      }
      return read;
    })
    .pipe(check);
}

const httpUrl = z
  .string()
  .refine(
    (text) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol),
    'must be an http or https URL',
  )
  .superRefine((text, context) => {
    const refused = portFetchRefuses(text);
    if (refused !== undefined) context.addIssue({ code: 'custom', message: refusedPortProblem(refused) });
  });

// A bare address or "Name <address>"; several recipients are comma-separated (as NOTIFY_EMAIL_TO).
const addresses = z.string().refine(
  (text) =>
    text
      .split(',')
      .map((part) => /<([^>]*)>\s*$/.exec(part)?.[1] ?? part.trim())
      .every((address) => emailAddress.test(address)),
  'must be an e-mail address (or "Name <address>"), several separated by commas',
);

export const siteDeliverySchema = z
  .strictObject({
    crmWebhook: z
      .strictObject({
        url: value(httpUrl),
        secret: value(z.string().startsWith('whsec_', 'must be a whsec_… secret')),
      })
      .optional(),
    hubspot: z.strictObject({ token: value(z.string()) }).optional(),
    email: z.strictObject({ to: value(addresses), from: value(addresses) }).optional(),
  })
  .refine((delivery) => Object.keys(delivery).length > 0, 'must name at least one of crmWebhook, hubspot, email');

/** A site's own delivery targets, every `env:` value read. */
export type SiteDelivery = z.output<typeof siteDeliverySchema>;
