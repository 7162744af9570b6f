// Carries the raw Node request of the MCP exchange being served into tool handlers. The SDK hands
// handlers a web Request (headers only); the client address for the shared enquiry budget needs
// the socket, so the listener runs each exchange inside this context.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

const storage = new AsyncLocalStorage<IncomingMessage>();

/** Runs `serve` with `req` as the current MCP request. */
export function withMcpRequest<T>(req: IncomingMessage, serve: () => T): T {
  return storage.run(req, serve);
}

/** The raw request of the exchange being served; throws outside one (a wiring bug). */
export function currentMcpRequest(): IncomingMessage {
  const req = storage.getStore();
  if (!req) throw new Error('No MCP request in context');
  return req;
}
