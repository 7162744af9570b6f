// The response headers every /agent operation shares, described once for the contract (the error
// bodies are the listener's own: src/http/error-body.ts).

export interface HeaderDoc {
  description: string;
  schema: Record<string, unknown>;
}

/** Response headers of the contract, keyed by header name. */
export const responseHeaders = {
  'API-Version': { description: 'Major version of the API that answered, e.g. `1`.', schema: { type: 'string' } },
  'RateLimit-Policy': {
    description:
      'Quota policies that apply to this request (draft-ietf-httpapi-ratelimit-headers), e.g. `"contact-minute";q=5;w=60, "contact-day";q=50;w=86400`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'Remaining requests `r` and seconds to reset `t` per policy, e.g. `"contact-minute";r=3;t=42`.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Quota of the most constrained window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Remaining': {
    description: 'Requests left in the most constrained window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the most constrained window resets.',
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying (equals `retryAfter` in the body).',
    schema: { type: 'integer', minimum: 1 },
  },
  'Idempotent-Replayed': {
    description: 'Present (`true`) only when this response replays an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  Deprecation: {
    description: 'Only once this version is deprecated: `@<unix-seconds>` (RFC 9745).',
    schema: { type: 'string', pattern: '^@[0-9]+$' },
  },
  Sunset: {
    description: 'Only once this version is deprecated: retirement date as an HTTP-date (RFC 8594).',
    schema: { type: 'string' },
  },
  Link: {
    description: 'Only once this version is deprecated: `deprecation` and `sunset` links to the developers page.',
    schema: { type: 'string' },
  },
  Allow: { description: 'Methods the path supports.', schema: { type: 'string' } },
  Location: {
    description: 'Where the created resource is read (an absolute URL).',
    schema: { type: 'string', format: 'uri' },
  },
} satisfies Record<string, HeaderDoc>;

export type ResponseHeaderName = keyof typeof responseHeaders;
