// robots.txt and sitemaps: where an import learns the site's own list of pages before following
// links. Sitemap index files are followed (a bounded number of them), `.gz` sitemaps are unpacked
// with a cap on the unpacked size, and only same-origin page URLs are kept.
import { gunzipSync } from 'node:zlib';
import robotsModule from 'robots-parser';
import type { PageFetcher } from './fetch-page.ts';
import { robotsAgent } from './options.ts';

// A CommonJS module whose types say `export default`: at run time the default import is the function.
type RobotsParser = (
  url: string,
  text: string,
) => {
  isAllowed(url: string, agent?: string): boolean | undefined;
  getSitemaps(): string[];
};
const robotsParser = ((robotsModule as { default?: RobotsParser }).default ?? robotsModule) as RobotsParser;

export interface Robots {
  allowed(url: URL): boolean;
  sitemaps: string[];
  /** "none" (404 or unreadable: everything allowed) or the robots.txt address. */
  source: string;
  /** The file's text as read ("" when the site has none); undefined when the server failed to give it. */
  text?: string;
}

/** The origin's robots.txt; `unreachable` when the origin did not answer at all. */
export async function readRobots(origin: URL, fetcher: PageFetcher): Promise<Robots | { unreachable: string }> {
  const address = new URL('/robots.txt', origin);
  // Followed wherever it redirects (RFC 9309): http://site/robots.txt often leads to https://.
  const got = await fetcher.get(address, 512 * 1024, true);
  if (!got.ok && got.unreachable) return { unreachable: got.reason };
  // RFC 9309: a robots.txt the server fails to give (5xx) means everything is disallowed for now;
  // one that does not exist (4xx) means nothing is.
  if (!got.ok && (got.status ?? 0) >= 500)
    return {
      allowed: () => false,
      sitemaps: [],
      source: `${address.href} answered HTTP ${got.status}: nothing may be read`,
    };
  if (!got.ok) return { allowed: () => true, sitemaps: [], source: 'none', text: '' };
  const text = got.body.toString('utf8');
  const robots = robotsParser(address.href, text);
  return {
    // A URL robots.txt says nothing about is allowed (isAllowed answers undefined for other hosts).
    allowed: (url) => robots.isAllowed(url.href, robotsAgent) !== false,
    // A relative or broken Sitemap line is read as robots.txt's own address resolves it, or dropped.
    sitemaps: robots
      .getSitemaps()
      .filter((line) => URL.canParse(line, address.href))
      .map((line) => new URL(line, address).href),
    source: address.href,
    text,
  };
}

const maxSitemaps = 50;
/** More than any --max-pages allows, so the summary can say how many pages the sitemaps list. */
const maxListed = 200_000;

export interface SitemapResult {
  urls: URL[];
  /** Sitemap files read, and the ones that failed with why. */
  read: string[];
  failed: { url: string; reason: string }[];
}

/** Every same-origin URL the sitemaps list, in their order, without repeats. */
/** `robots`: what robots.txt allows; /sitemap.xml is only a guess, asked for when it allows it. */
export async function readSitemaps(origin: URL, robots: Robots, fetcher: PageFetcher): Promise<SitemapResult> {
  const declared = robots.sitemaps;
  const guess = new URL('/sitemap.xml', origin);
  const queue = [...new Set([...declared, ...(robots.allowed(guess) ? [guess.href] : [])])];
  const seen = new Set(queue);
  const urls = new Map<string, URL>();
  const result: SitemapResult = { urls: [], read: [], failed: [] };
  while (queue.length > 0 && result.read.length + result.failed.length < maxSitemaps) {
    const address = queue.shift()!;
    const fromRobots = declared.includes(address);
    const got = await fetcher.get(new URL(address), 20 * 1024 * 1024);
    if (!got.ok) {
      // /sitemap.xml is only a guess: its absence is not worth reporting.
      if (fromRobots || got.status !== 404) result.failed.push({ url: address, reason: got.reason });
      continue;
    }
    const xml = unpack(got.body);
    if (xml === undefined) {
      result.failed.push({ url: address, reason: 'a .gz file that does not unpack (or unpacks past 50 MiB)' });
      continue;
    }
    result.read.push(address);
    const isIndex = /<sitemapindex[\s>]/i.test(xml);
    for (const loc of locations(xml)) {
      if (!URL.canParse(loc)) continue;
      const url = new URL(loc);
      url.hash = '';
      if (isIndex) {
        if (!seen.has(url.href)) queue.push(url.href);
        seen.add(url.href);
      } else if (url.origin === origin.origin && urls.size < maxListed) urls.set(url.href, url);
    }
  }
  result.urls = [...urls.values()];
  return result;
}

/** The XML text; a gzip body (by its magic bytes, whatever it is served as) is unpacked first. */
function unpack(body: Buffer): string | undefined {
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body.toString('utf8');
  try {
    return gunzipSync(body, { maxOutputLength: 50 * 1024 * 1024 }).toString('utf8');
  } catch {
    return undefined;
  }
}

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?([^<\]]+?)(?:\]\]>)?\s*<\/loc>/gi)].map((match) =>
    match[1]!
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'"),
  );
}
