// What a public audit is asked for, written once for REST, the /audit form and the capability: one
// URL, read as a browser's address bar reads it (a bare host name is an https site).
import { z } from 'zod';

/** Longest URL accepted: far above any home page's, far below the request body limit. */
export const maxAuditUrlLength = 2_048;

export const auditInput = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1)
    .max(maxAuditUrlLength)
    .describe(
      'The site to audit: an http(s) URL on a public host (ports 80 and 443), or a bare host name read as https.',
    ),
});
export type AuditInput = z.infer<typeof auditInput>;

/** `example.com` → `https://example.com`; a URL with a scheme is kept as written. */
export function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
}
