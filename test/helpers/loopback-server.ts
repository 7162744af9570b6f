// Starting and stopping the HTTP servers tests stand up on loopback: origin doubles, a CRM double,
// example sites. Shared so every double listens and shuts down the same way.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on 127.0.0.1, on a port the kernel picks, and answers its origin (`http://127.0.0.1:<port>`). */
export async function listenOnLoopback(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Closes `server` (http or https) and resolves once it is closed; a server already closed resolves too.
 * Its connections are ended first: `close` only stops new ones and waits for those open, so a client's
 * kept-alive connection would otherwise hold it open until that connection times out.
 */
export async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
