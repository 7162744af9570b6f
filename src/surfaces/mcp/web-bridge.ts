// Hands a request the listener has already read and parsed to the SDK's web-standard entry,
// `handler.fetch(request, { authInfo, parsedBody })` as createMcpHandler documents it, and writes the
// web Response it answers onto Node's response. The SDK's Node adapter (toNodeHandler) does the same
// but serialises the parsed body once more into the web Request, and reads every answer as a stream.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AuthInfo, McpHandlerRequestOptions } from '@modelcontextprotocol/server';

export interface FetchHandler {
  fetch(request: Request, options?: McpHandlerRequestOptions): Promise<Response>;
}

/** What goes with the request: the body parsed, or (not JSON) its bytes for the SDK to answer in its own words. */
export type RequestBody = { parsed: unknown } | { bytes: Buffer };

/** Headers that describe a body on the wire; a request handed over parsed carries none. */
const bodyFraming = new Set(['content-length', 'transfer-encoding', 'content-encoding']);

/** Serves `req` through `handler` and writes its answer; resolves once the answer is written or the client left. */
export async function serveThroughFetch(
  handler: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  body: RequestBody,
  authInfo: AuthInfo,
): Promise<void> {
  // The SDK ends an exchange (a subscription stream, a call in flight) when the request's signal aborts.
  const abort = new AbortController();
  let finished = false;
  res.once('close', () => {
    if (!finished) abort.abort();
  });
  const parsed = 'parsed' in body;
  const request = new Request(`http://${req.headers.host}${req.url ?? '/'}`, {
    method: req.method ?? 'POST',
    headers: headerPairs(req, parsed),
    signal: abort.signal,
    ...(!parsed && body.bytes.length > 0 && { body: body.bytes }),
  });
  const response = await handler.fetch(request, { authInfo, ...(parsed && { parsedBody: body.parsed }) });
  try {
    await writeResponse(res, response, abort.signal);
  } finally {
    finished = true;
  }
}

function headerPairs(req: IncomingMessage, parsed: boolean): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':') || (parsed && bodyFraming.has(name))) continue;
    if (Array.isArray(value)) for (const item of value) pairs.push([name, item]);
    else pairs.push([name, value]);
  }
  return pairs;
}

/**
 * A JSON answer is read whole and sent with its length in one write; a stream (SSE) is written as it
 * comes, waiting for the socket to drain, until it ends or the client leaves.
 */
async function writeResponse(res: ServerResponse, response: Response, closed: AbortSignal): Promise<void> {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) headers[name] = value;
  if (response.body === null) return void res.writeHead(response.status, headers).end();
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const bytes = Buffer.from(await response.arrayBuffer());
    headers['content-length'] = bytes.length;
    return void res.writeHead(response.status, headers).end(bytes);
  }
  res.writeHead(response.status, headers);
  try {
    for await (const chunk of response.body) {
      if (closed.aborted) break;
      if (!res.write(chunk)) await drained(res, closed);
    }
  } catch {
    // The stream failed or was cancelled as the client left: end what was sent.
  }
  res.end();
}

function drained(res: ServerResponse, closed: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      closed.removeEventListener('abort', done);
      resolve();
    };
    res.on('drain', done);
    closed.addEventListener('abort', done, { once: true });
  });
}
