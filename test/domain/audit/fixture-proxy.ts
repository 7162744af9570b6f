// A fixture site: a reverse proxy in front of the project's own service (which passes every check),
// where a test replaces single documents to break one check on purpose. `overrides` maps a path
// to the document served instead; everything else is passed through unchanged.
import http from 'node:http';
import { closeServer, listenOnLoopback } from '../../helpers/loopback-server.ts';
import { startOwnSite, type OwnSite } from './own-site.ts';

export interface FixtureDoc {
  status?: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

export interface FixtureProxy {
  origin: string;
  own: OwnSite;
  overrides: Record<string, FixtureDoc>;
  /** A document as the service itself serves it, to derive a broken copy from. */
  upstream(path: string, accept?: string): Promise<{ text: string; headers: Headers }>;
  close(): Promise<void>;
}

export async function startFixtureProxy(): Promise<FixtureProxy> {
  let upstreamPort = 0;
  const overrides: Record<string, FixtureDoc> = {};
  const server = http.createServer((request, response) => {
    const doc = overrides[new URL(request.url ?? '/', 'http://fixture').pathname];
    if (doc) {
      response.writeHead(doc.status ?? 200, { 'content-type': doc.type, ...doc.headers }).end(doc.body);
      return;
    }
    const forward = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.writeHead(502).end());
    request.pipe(forward);
  });
  const origin = await listenOnLoopback(server);
  const own = await startOwnSite(origin);
  upstreamPort = own.port;
  return {
    origin,
    own,
    overrides,
    async upstream(path, accept = '*/*') {
      const answer = await fetch(`http://127.0.0.1:${upstreamPort}${path}`, {
        headers: { accept, host: new URL(origin).host },
      });
      return { text: await answer.text(), headers: answer.headers };
    },
    async close() {
      await closeServer(server);
      await own.stop();
    },
  };
}
