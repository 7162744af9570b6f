// Request checks in front of the MCP endpoint: Host and Origin validation against the configured
// public addresses and loopback (DNS-rebinding protection) and CORS for browser clients; what a
// refused request is answered with is in errors.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BoundedMemo } from '../../cache/bounded-memo.ts';
import type { Config } from '../../config/config.ts';

const loopbackHostnames = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Request headers a browser MCP client sends; Authorization must be listed (no wildcard covers it). */
const corsAllowHeaders = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Protocol-Version',
  'Mcp-Session-Id',
  'Mcp-Method',
  'Mcp-Name',
  'Last-Event-ID',
].join(', ');
const corsExposeHeaders = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate';

export interface McpGuards {
  hostAllowed(req: IncomingMessage): boolean;
  /** True when the request has no Origin (non-browser clients) or an allowed one. */
  originAllowed(req: IncomingMessage): boolean;
}

/** Builds the Host and Origin checks from the public MCP and site addresses. */
export function createGuards(config: Pick<Config, 'mcpUrl' | 'baseUrl'>): McpGuards {
  const publicUrls = [new URL(config.mcpUrl), new URL(config.baseUrl)];
  const hostnames = new Set([...loopbackHostnames, ...publicUrls.map((url) => url.hostname)]);
  const origins = new Set(publicUrls.map((url) => url.origin));
  // Host values seen, with their verdict: parsing a URL per request was a few % of a tools/call.
  const hostVerdicts = new BoundedMemo<string, boolean>(1_000);
  return {
    hostAllowed(req) {
      const host = req.headers.host;
      if (!host) return false;
      const known = hostVerdicts.get(host);
      if (known !== undefined) return known;
      const hostname = parseHostname(`http://${host}`);
      return hostVerdicts.set(host, hostname !== undefined && hostnames.has(hostname));
    },
    originAllowed(req) {
      const origin = req.headers.origin;
      if (origin === undefined) return true;
      if (origins.has(origin)) return true;
      // Local tools (inspectors, dev servers) run on arbitrary loopback ports.
      const hostname = parseHostname(origin);
      return hostname !== undefined && loopbackHostnames.has(hostname);
    },
  };
}

function parseHostname(value: string): string | undefined {
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Adds CORS headers for an allowed Origin (reflected, never `*`, as the endpoint reads Authorization). */
export function setCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', corsExposeHeaders);
}

/** Answers a CORS preflight for the MCP endpoint. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  setCorsHeaders(req, res);
  res
    .writeHead(204, {
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': headerValue(req.headers['access-control-request-headers']) ?? corsAllowHeaders,
      'Access-Control-Max-Age': '600',
    })
    .end();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
