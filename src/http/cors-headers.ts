// CORS headers of the site listener's agent surfaces (the /agent API and the A2A agent): any origin,
// as both are anonymous and use no cookies; scripts may read the rate-limit and version headers.

/** Response headers a browser script may read. */
const exposed = [
  'API-Version',
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'Idempotent-Replayed',
  'Deprecation',
  'Sunset',
  'Link',
  'Allow',
].join(', ');

export function corsHeaders(): Record<string, string> {
  return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': exposed };
}

/** Extra headers of a CORS preflight answer. */
export function preflightHeaders(allow: string[]): Record<string, string> {
  return {
    'Access-Control-Allow-Methods': allow.join(', '),
    'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
    'Access-Control-Max-Age': '86400',
  };
}
