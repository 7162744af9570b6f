// A front site unloaded to keep SITES_LOADED_MAX lets its front go with its content: its connections
// to its origin are closed (the origin sees them end) and its next request makes its front again,
// answered from its own origin.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RunningApp } from '../../src/app/app.ts';
import { freePorts } from '../helpers/app.ts';
import { closeServer, listenOnLoopback } from '../helpers/loopback-server.ts';
import { answerTestHostsLocally } from './local-hosts.ts';
import { addSite, makeSitesDir, siteFolders, startSites } from './sites-folder.ts';

answerTestHostsLocally();

/** An origin that keeps each connection open for ten minutes, and knows which are open. */
interface Origin {
  url: string;
  open: Set<Socket>;
  /** Resolves once no connection to it is open, or after `boundMs` (then some still are). */
  allClosed(boundMs: number): Promise<void>;
  close(): Promise<void>;
}

async function startKeepAliveOrigin(name: string): Promise<Origin> {
  const open = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>${name}</title><body><p>${name} at ${request.url}</p></body></html>`);
  });
  // Node says `Keep-Alive: timeout=600` with this, so the product's connection pool keeps the socket.
  server.keepAliveTimeout = 600_000;
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  const url = await listenOnLoopback(server);
  const allClosed = async (boundMs: number): Promise<void> => {
    for (let waited = 0; open.size > 0 && waited < boundMs; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { url, open, allClosed, close: () => closeServer(server) };
}

describe('a front site unloaded past SITES_LOADED_MAX', () => {
  let app: RunningApp;
  let port: number;
  let kante: Origin;
  let lindgren: Origin;

  const get = async (host: string, target: string): Promise<{ status: number; text: string }> => {
    const response = await fetch(`http://${host}:${port}${target}`);
    return { status: response.status, text: await response.text() };
  };

  before(async () => {
    [kante, lindgren] = await Promise.all([startKeepAliveOrigin('kante'), startKeepAliveOrigin('lindgren')]);
    let mcpPort: number;
    [port, mcpPort] = (await freePorts(2)) as [number, number];
    const hosting = (host: string, origin: string): string =>
      `hosts: [${host}]\nbaseUrl: http://${host}:${port}\nmcpUrl: http://${host}:${mcpPort}/mcp\norigin: ${origin}`;
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'moss', siteFolders.mossgrove, hosting('moss.test', kante.url));
    addSite(sitesDir, 'zwei', siteFolders.zweiklang, hosting('zwei.test', lindgren.url));
    app = await startSites(sitesDir, [port, mcpPort], { SITES_LOADED_MAX: '1', CONTENT_POLL_SECONDS: '0' });
  });
  after(async () => {
    await app?.stop();
    await Promise.all([kante?.close(), lindgren?.close()]);
  });

  it("closes the unloaded site's connections to its origin, and makes its front again on its next request", async () => {
    const first = await get('moss.test', '/about');
    assert.match(first.text, /kante at \/about/);
    assert.ok(kante.open.size > 0, "the site's front keeps its connection to its origin");

    const other = await get('zwei.test', '/about');
    assert.match(other.text, /lindgren at \/about/);
    assert.equal(app.services.sites!.loadedContent('moss'), undefined, 'the first site is unloaded');
    // Its front closes in the background: a bounded wait, far above what closing an idle pool takes.
    await kante.allClosed(10_000);
    assert.equal(kante.open.size, 0, "the unloaded site's connections to its origin are closed");
    assert.ok(lindgren.open.size > 0, 'the site asked for keeps its own connection');

    const again = await get('moss.test', '/pricing');
    assert.equal(again.status, 200);
    assert.match(again.text, /kante at \/pricing/);
    assert.ok(kante.open.size > 0, 'its front was made again, with a new connection to its origin');
  });
});
