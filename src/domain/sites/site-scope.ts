// Which site a piece of work is for, with SITES_DIR (one deployment, many sites by host). The
// listeners resolve the site from the request's Host once and run the request inside its scope; the
// delivery worker and other background work run each row inside the scope of the site it names.
// Everything below reads the site from here instead of receiving it through every call, so one
// request can never read another site's content, keys or rows. Without SITES_DIR every piece of work
// is the single site's, whose key is the empty string (the key every row had before sites existed).
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';

/** The single site's key (no SITES_DIR), and the key rows stored before sites existed carry. */
export const singleSiteKey = '';

/**
 * What the current work is for. Background work names the site by its key alone; a request runs in
 * its site's record (src/app/sites/site-record.ts), which also carries what the request found of its
 * site when it began, so what it reads of the site later is that object's fields, not a lookup by key
 * in a table of every site.
 */
export interface SiteScope {
  readonly key: string;
}

const scope = new AsyncLocalStorage<SiteScope>();

/** The key of the site the current work is for: its folder's name in SITES_DIR, or the single site's. */
export function currentSiteKey(): string {
  return scope.getStore()?.key ?? singleSiteKey;
}

/** The scope the current work runs in, if any (currentSiteKey() is its key). */
export function currentSiteScope(): SiteScope | undefined {
  return scope.getStore();
}

/** Runs `work` (and everything it starts) as the site named by `site`: its key, or a request's scope. */
export function runInSite<T>(site: string | SiteScope, work: () => T): T {
  return scope.run(typeof site === 'string' ? { key: site } : site, work);
}

/** Made as this module loads, outside any work: its context holds no store. */
const outsideAnyWork = new AsyncResource('agentsite.outside-any-site');

/**
 * An async resource whose context holds `site` and nothing else, whatever the work in hand carries:
 * what runs in it (`runInAsyncScope`) runs as `site` without a scope entered, and so copied, each time.
 */
export function resourceInScope(site: SiteScope, type: string): AsyncResource {
  return outsideAnyWork.runInAsyncScope(() => scope.run(site, () => new AsyncResource(type)));
}
