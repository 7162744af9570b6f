// An origin double whose answers each test writes: a node:http server on 127.0.0.1 that records
// every request exactly as it arrived (raw target, headers, body) and answers by path, a default
// HTML page otherwise.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from '../helpers/loopback-server.ts';

export interface SeenRequest {
  method: string;
  /** The request target as the origin received it, query included. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type OriginHandler = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void;

export interface ScriptedOrigin {
  url: string;
  seen: SeenRequest[];
  /** Answers requests whose path (no query) is `path` with `handler`. */
  on(path: string, handler: OriginHandler): void;
  close(): Promise<void>;
}

export const defaultPage = '<!doctype html><title>Origin</title><p>the origin page</p>';

export async function startScriptedOrigin(): Promise<ScriptedOrigin> {
  const seen: SeenRequest[] = [];
  const handlers = new Map<string, OriginHandler>();
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of request) chunks.push(chunk as Buffer);
    } catch {
      return;
    }
    const body = Buffer.concat(chunks);
    const target = request.url ?? '/';
    seen.push({ method: request.method ?? '', target, headers: request.headers, body });
    const handler = handlers.get(target.split('?')[0] as string);
    if (handler) handler(request, response, body);
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(defaultPage);
  });
  return {
    url: await listenOnLoopback(server),
    seen,
    on: (path, handler) => handlers.set(path, handler),
    close: () => closeServer(server),
  };
}
