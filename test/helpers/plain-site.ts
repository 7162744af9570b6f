// A local site that offers a home page and nothing else (every other path 404): the smallest site an
// audit completes on. `hold()` keeps the home page from answering until `release()`, so a test can
// keep audits running.
import type http from 'node:http';
import { after, before } from 'node:test';
import { startTestApp, type TestApp } from './app.ts';
import { recordingServer, type RecordingServer } from '../domain/audit/recording-server.ts';

export interface PlainSite extends RecordingServer {
  hold(): void;
  /** Home-page requests held now. */
  held(): number;
  release(): void;
}

export async function plainSite(): Promise<PlainSite> {
  let held: (() => void)[] | undefined;
  const answer = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    if (request.url === '/' || request.url === '/?from=test') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Plain</title><h1>Plain site</h1>');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  };
  const server = await recordingServer((request, response) => {
    if (held && request.url === '/') held.push(() => answer(request, response));
    else answer(request, response);
  });
  return Object.assign(server, {
    hold: () => {
      held = [];
    },
    held: () => held?.length ?? 0,
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const go of waiting) go();
    },
  });
}

/**
 * Starts, before the enclosing suite, a plain site and the app allowed to audit it (loopback, by
 * AUDIT_ALLOW_HOSTS), and closes both after. Call inside a describe.
 */
export function useAuditedPlainSite(): { readonly app: TestApp; readonly site: PlainSite } {
  let app: TestApp | undefined;
  let site: PlainSite | undefined;
  before(async () => {
    site = await plainSite();
    app = await startTestApp({ AUDIT_ALLOW_HOSTS: '127.0.0.1' });
  });
  after(async () => {
    await app?.stop();
    await site?.close();
  });
  const started = <T>(value: T | undefined): T => value ?? notYet("the app and site start in the suite's before hook");
  return {
    get app() {
      return started(app);
    },
    get site() {
      return started(site);
    },
  };
}

function notYet(message: string): never {
  throw new Error(message);
}
