// The answer to a request whose Host names no site of this deployment (SITES_DIR): 421 Misdirected
// Request, as the API's JSON error under /agent (A2A's own shapes on its paths), a plain page elsewhere.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refusalOfStatus } from '../../http/error-reply.ts';
import { a2aListenerRefusal } from '../../surfaces/a2a/listener-refusal.ts';
import { writeJsonRpcError } from '../../surfaces/mcp/errors.ts';
import { misdirectedMessage } from './site-requests.ts';

const status = 421;

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Misdirected request</title></head>
<body><h1>Misdirected request</h1><p>${misdirectedMessage}</p></body>
</html>
`;

export function answerMisdirected(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  const machine = /^\/(?:agent|\.well-known|mcp)(?:[/?]|$)/.test(path);
  const { contentType, body } = machine
    ? refusalOfStatus(status, misdirectedMessage)
    : (a2aListenerRefusal(status, misdirectedMessage, path) ?? { contentType: 'text/html; charset=utf-8', body: page });
  res
    .writeHead(status, {
      'Content-Type': contentType,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
    })
    .end(req.method === 'HEAD' ? undefined : body);
}

/** The MCP listener's 421: a JSON-RPC error, as its other refusals. */
export function answerMisdirectedMcp(_req: IncomingMessage, res: ServerResponse): void {
  writeJsonRpcError(res, status, misdirectedMessage);
}
