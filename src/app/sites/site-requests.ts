// With SITES_DIR, each listener's requests run in the record of the site their Host names
// (site-record.ts), from the first hook to the last byte: every service reads that site through its
// views. A Host no site names is answered 421 Misdirected Request before anything else runs.
import type { LiveSites } from './registry.ts';
import type { NodeHandler } from './site-record.ts';

export type { NodeHandler };

/** The health check answers for any Host: a load balancer's probe names no site. */
const anyHostPath = /^\/agent(?:\/v1)?\/health(?:[?#]|$)/;

export const misdirectedMessage = 'This host is not served here: no site of this deployment names it.';

/**
 * `handler` run as the site `req`'s Host names (its content loaded first); `misdirected` answers a
 * Host no site names (and one whose content does not load).
 */
export function routeToSite(sites: LiveSites, handler: NodeHandler, misdirected: NodeHandler): NodeHandler {
  return (req, res) => {
    const site = sites.siteOfHost(req.headers.host) ?? (anyHostPath.test(req.url ?? '') ? sites.sites()[0] : undefined);
    if (!site) return misdirected(req, res);
    // The site's content stays loaded for this request until its response has gone, whatever changes meanwhile.
    const hold = sites.begin(site);
    // ('close' comes once; `on` spares the wrapper `once` makes.)
    res.on('close', hold.end);
    const record = hold.recordOf(site);
    if (record) return record.serve(handler, req, res);
    void hold.opening.then(() => {
      const loaded = hold.recordOf(site);
      if (loaded) loaded.serve(handler, req, res);
      else misdirected(req, res);
    });
  };
}
