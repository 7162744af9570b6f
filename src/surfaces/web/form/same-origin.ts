// The form's cross-site check: another site must not make its visitors' browsers post enquiries
// (with their addresses and budgets). Browsers name the posting page in `Origin` or `Referer`.
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../../config/config.ts';
import { memoBy } from '../../../domain/sites/site-memo.ts';

const loopbackHostnames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Builds the check for the site at `config.baseUrl`. A post is accepted when its Origin (or, without one,
 * its Referer's origin) is the site's own or a loopback origin (the operator's browser on the
 * machine itself). A post with neither header does not come from a current browser, so it cannot
 * be a forged browser post: it is accepted like any agent's request. `Sec-Fetch-Site: cross-site`
 * is refused whatever the other headers say.
 */
export function createSameOriginCheck(config: Pick<Config, 'baseUrl'>): (headers: IncomingHttpHeaders) => boolean {
  // The site's origin is read at each post: with many sites, the site posted to.
  const siteOrigin = memoBy(
    () => config.baseUrl,
    (baseUrl) => new URL(baseUrl).origin,
  );
  const allowed = (origin: string): boolean => {
    if (origin === siteOrigin()) return true;
    try {
      const url = new URL(origin);
      return url.origin === origin && loopbackHostnames.has(url.hostname);
    } catch {
      return false;
    }
  };
  return (headers) => {
    if (headers['sec-fetch-site'] === 'cross-site') return false;
    const origin = headers.origin;
    if (origin !== undefined) return allowed(origin);
    const referer = headers.referer;
    if (referer === undefined) return true;
    try {
      return allowed(new URL(referer).origin);
    } catch {
      return false;
    }
  };
}
