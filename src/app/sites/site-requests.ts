// With SITES_DIR, each listener's requests run inside the scope of the site their Host names
// (site-scope.ts), from the first hook to the last byte: every service reads that site through its
// views. A Host no site names is answered 421 Misdirected Request before anything else runs.
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServedSite } from '../../domain/sites/registry.ts';
import { runInSite } from '../../domain/sites/site-scope.ts';
import type { SiteContent } from '../site-content.ts';
import type { LiveSites } from './registry.ts';
import { SiteInRequest } from './site-in-request.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The health check answers for any Host: a load balancer's probe names no site. */
const anyHostPath = /^\/agent(?:\/v1)?\/health(?:[?#]|$)/;

export const misdirectedMessage = 'This host is not served here: no site of this deployment names it.';

/**
 * `handler` run as the site `req`'s Host names (its content loaded first); `misdirected` answers a
 * Host no site names (and one whose content does not load).
 */
export function routeToSite(sites: LiveSites, handler: NodeHandler, misdirected: NodeHandler): NodeHandler {
  const serve = (site: ServedSite, content: SiteContent, req: IncomingMessage, res: ServerResponse): void => {
    runInSite(new SiteInRequest(site, content), () => {
      emitInScope(req);
      handler(req, res);
    });
  };
  return (req, res) => {
    const site = sites.siteOfHost(req.headers.host) ?? (anyHostPath.test(req.url ?? '') ? sites.sites()[0] : undefined);
    if (!site) return misdirected(req, res);
    // The site's content stays loaded for this request until its response has gone, whatever changes meanwhile.
    const hold = sites.begin(site);
    // ('close' comes once; `on` spares the wrapper `once` makes.)
    res.on('close', hold.end);
    if (hold.content) return serve(site, hold.content, req, res);
    void sites
      .contentOf(site.key)
      .then((content) => (content ? serve(site, content, req, res) : misdirected(req, res)));
  };
}

/**
 * Makes every event of `req` run in the scope it has now: a body's events are emitted from the
 * connection, outside any site's work. `AsyncResource.bind` does the same, but the function it
 * returns carries accessors made by `util.deprecate`, which sets the bound function as another's
 * prototype; V8's minor collections keep such a function, and the request it reaches, alive, so
 * every request would move to the old generation, whose full collections cost seconds once many
 * sites' content is loaded (docs/benchmarks.md, many sites in one process).
 */
function emitInScope(req: IncomingMessage): void {
  const scope = new AsyncResource('agentsite.site-request');
  const emit = req.emit;
  req.emit = function emitInSite(this: IncomingMessage, ...args: Parameters<typeof emit>) {
    return scope.runInAsyncScope(emit, this, ...args);
  } as typeof req.emit;
}
