// Carries the raw Node request of the MCP exchange being served into tool handlers. The SDK hands
// handlers a web Request (headers only); the client address for the shared enquiry budget needs
// the socket, so the listener runs each exchange inside this context.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';

const storage = new AsyncLocalStorage<{ req: IncomingMessage; res: ServerResponse | undefined }>();

/** Runs `serve` with `req` as the current MCP request (and `res`, for headers such as RateLimit). */
export function withMcpRequest<T>(req: IncomingMessage, serve: () => T, res?: ServerResponse): T {
  return storage.run({ req, res }, serve);
}

/** The raw request of the exchange being served; throws outside one (a wiring bug). */
export function currentMcpRequest(): IncomingMessage {
  const exchange = storage.getStore();
  if (!exchange) throw new Error('No MCP request in context');
  return exchange.req;
}

/** The response of the exchange being served, when the listener passed it. */
export function currentMcpResponse(): ServerResponse | undefined {
  return storage.getStore()?.res;
}
