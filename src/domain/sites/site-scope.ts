// Which site a piece of work is for, with SITES_DIR (one deployment, many sites by host). The
// listeners resolve the site from the request's Host once and run the request inside its scope; the
// delivery worker and other background work run each row inside the scope of the site it names.
// Everything below reads the site from here instead of receiving it through every call, so one
// request can never read another site's content, keys or rows. Without SITES_DIR every piece of work
// is the single site's, whose key is the empty string (the key every row had before sites existed).
import { AsyncLocalStorage } from 'node:async_hooks';

/** The single site's key (no SITES_DIR), and the key rows stored before sites existed carry. */
export const singleSiteKey = '';

const scope = new AsyncLocalStorage<string>();

/** The key of the site the current work is for: its folder's name in SITES_DIR, or the single site's. */
export function currentSiteKey(): string {
  return scope.getStore() ?? singleSiteKey;
}

/** Runs `work` (and everything it starts) as the site named `key`. */
export function runInSite<T>(key: string, work: () => T): T {
  return scope.run(key, work);
}
