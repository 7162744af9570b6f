// The connection limits every listener (site/API, MCP, metrics, dashboard) applies, from REQUEST_TIMEOUT_MS,
// HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS and LISTEN_BACKLOG, and the answer to a connection Node
// refuses before any handler runs: a request not complete in time gets 408 and is closed, so a
// client holding bodies open cannot take a listener's connections.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { ListenerSettings } from '../config/config.ts';

// Taken as a CommonJS builtin: an ES `import` of node:http builds its ES facade, which reads every
// export, including the lazy WebSocket getters that load undici (~60-140 ms of a cold start).
const { createServer, STATUS_CODES } = process.getBuiltinModule('node:http');

/**
 * The body of a refusal in the listener's own error shape (JSON error, JSON-RPC error, text); `path`
 * is the request's target when it could be read, for a listener that serves several surfaces.
 */
export type RefusalBody = (status: number, message: string, path?: string) => { contentType: string; body: string };

// RFC 9110's Host: a host name, IPv4 or bracketed IPv6 address, and an optional port; no user info
// ("user@localhost"), path or spaces, which a URL parser would read differently from this check.
const hostHeader = /^(?:\[[0-9a-f:.]+\]|[\w\-.~!$&'()*+,;=%]*)(?::\d{0,5})?$/i;

/**
 * A plain HTTP server with the timeouts of `settings` (`listenOn` applies the backlog). A request
 * whose Host header is not a host and port is answered 400 in the listener's shape (`render`) and
 * never reaches `handler`, so no handler can fail on it (RFC 9112: 400 for an invalid Host).
 */
export function createLimitedServer(
  settings: ListenerSettings,
  render: RefusalBody,
  handler?: http.RequestListener,
): http.Server {
  const guarded: http.RequestListener | undefined =
    handler &&
    ((req, res) => {
      // Recorded here rather than by a second 'request' listener: one listener is one call per request.
      lastExchange.set(req.socket, res);
      const host = req.headers.host;
      if (host === undefined || hostHeader.test(host)) return handler(req, res);
      const { contentType, body } = render(
        400,
        'Bad request: the Host header must be a host name or address, with an optional port.',
        req.url,
      );
      res
        .writeHead(400, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), connection: 'close' })
        .end(body);
    });
  const server = createServer(
    {
      requestTimeout: settings.requestTimeoutMs,
      headersTimeout: settings.headersTimeoutMs,
      // Node checks for expired requests on this interval (30 s by default), which would let a stalled
      // request live up to twice its timeout; a tenth of the shortest timeout keeps the cut close to it.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(settings.headersTimeoutMs / 10))),
    },
    guarded,
  );
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  if (!guarded)
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => lastExchange.set(req.socket, res));
  return server;
}

/** Each socket's latest response (its request is `res.req`), to tell whether a timed-out request was answered. */
const lastExchange = new WeakMap<object, http.ServerResponse>();

/** True when the request still being received on `socket` has already had (part of) its answer. */
function answered(socket: Duplex): boolean {
  const last = lastExchange.get(socket);
  return last !== undefined && !last.req.complete && last.headersSent;
}

/** Starts listening with the configured backlog; rejects with the listen error (EADDRINUSE, …). */
/** Stops a listener: no new connections, and the open ones (idle keep-alives included) closed now. */
export function closeListener(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export function listenOn(server: http.Server, settings: ListenerSettings, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: settings.backlog }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const refusals: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout: the request was not received in time; the connection is closed.'],
  HPE_HEADER_OVERFLOW: [431, 'Request header fields too large.'],
};
const badRequest: [number, string] = [400, 'Bad request: this is not a request the server can read.'];

/**
 * The `clientError` handler: answers in the listener's own shape (never Node's or a framework's
 * body), then closes the connection. A request already answered (e.g. 405 before its body) is only closed.
 */
export function answerClientError(render: RefusalBody): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = refusals[error.code ?? ''] ?? badRequest;
    if (socket.writable && !answered(socket)) {
      // The request still being received, when its head was read: its path picks the surface's shape.
      const receiving = lastExchange.get(socket)?.req;
      const path = receiving && !receiving.complete ? receiving.url : undefined;
      const { contentType, body } = render(status, message, path);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.end();
    // A peer that never reads must not keep the socket half-open.
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
}
