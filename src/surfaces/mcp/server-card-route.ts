// GET <MCP_URL>/server-card on the MCP listener, as SEP-2127 asks of a hosted card: its own media
// type (echoed when asked for, or for anything), the four CORS headers any browser client may read
// it with, a strong ETag with 304 on If-None-Match, and an hour of public caching. The card is
// public and read-only, so `*` is safe here (the MCP endpoint itself reflects allowed origins).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentUsageField, contentUsageValue, type UsagePreference } from '../../domain/usage-preference.ts';
import { serverCardResponseType } from '../../capabilities/documents/mcp-server-card.ts';

/** The CORS headers SEP-2127 requires on a hosted card, on every answer (200, 304, preflight). */
export const serverCardCorsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag',
} as const;

export const serverCardCacheControl = 'public, max-age=3600';

/**
 * Answers the card's GET, HEAD and preflight; other methods get 405 from `refuse`. The card says
 * how it may be used (Content-Usage) as the site's documents do.
 */
export function createServerCardRoute(
  card: object,
  usage: UsagePreference,
  refuse: (res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const body = Buffer.from(JSON.stringify(card, null, 2));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const usageValue = contentUsageValue(usage);
  const usageHeaders = usageValue ? { [contentUsageField]: usageValue } : {};
  return (req, res) => {
    if (req.method === 'OPTIONS')
      return void res.writeHead(204, { ...serverCardCorsHeaders, 'Access-Control-Max-Age': '86400' }).end();
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res);
    const headers = {
      ...serverCardCorsHeaders,
      ...usageHeaders,
      'Cache-Control': serverCardCacheControl,
      ETag: etag,
      Vary: 'Accept',
    };
    if (matches(req.headers['if-none-match'], etag)) return void res.writeHead(304, headers).end();
    res
      .writeHead(200, {
        ...headers,
        'Content-Type': serverCardResponseType(req.headers.accept),
        'Content-Length': body.length,
      })
      .end(req.method === 'HEAD' ? undefined : body);
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
