// What a check sees: the site, a cached GET of any URL through the guarded fetcher (a document two
// checks read is fetched once), and the fetch itself for the MCP and A2A clients.
import type { AuditFetcher } from './fetch/guarded-fetch.ts';

export interface Fetched {
  /** The URL asked for (redirects are followed by the fetcher). */
  url: string;
  status: number;
  headers: Headers;
  /** The media type without parameters, lower case ('' when none). */
  type: string;
  bytes: Buffer;
  text: string;
}

export interface AuditContext {
  /** The URL audited; `site` is its origin, where the well-known documents live. */
  home: URL;
  site: URL;
  /** The language the findings are written in (the agency's content language; English by default). */
  language: string;
  fetch: typeof globalThis.fetch;
  /** The guarded fetch presenting `userAgent` instead of the auditor's own name (never cached). */
  fetchAs(userAgent: string): typeof globalThis.fetch;
  /** GET `url` (relative to the site), answered from cache when asked before with the same Accept. */
  get(url: string | URL, accept?: string): Promise<Fetched>;
}

export function createContext(
  home: URL,
  fetcher: Pick<AuditFetcher, 'fetch' | 'fetchAs'>,
  language = 'en',
): AuditContext {
  const { fetch } = fetcher;
  const site = new URL('/', home);
  const cache = new Map<string, Promise<Fetched>>();
  const load = async (url: string, accept: string): Promise<Fetched> =>
    readFetched(url, await fetch(url, { headers: { accept } }));
  return {
    home,
    site,
    language,
    fetch,
    fetchAs: fetcher.fetchAs,
    get(url, accept = '*/*') {
      const absolute = new URL(url, site).href;
      const key = `${accept} ${absolute}`;
      let entry = cache.get(key);
      if (!entry) cache.set(key, (entry = load(absolute, accept)));
      return entry;
    },
  };
}

/** A response to `url` read whole, as the checks see it. */
export async function readFetched(url: string, response: Response): Promise<Fetched> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return { url, status: response.status, headers: response.headers, type, bytes, text: bytes.toString('utf8') };
}
