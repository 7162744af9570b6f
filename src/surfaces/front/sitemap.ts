// sitemap.xml in front mode is the origin's own, byte for byte: its pages at their canonical
// addresses, none left out, none added. It is read through the exchange (bounded at the protocol's
// 50 MiB), kept for five minutes, and when the origin cannot be read the last good copy is served;
// an origin without one answers as the origin does (its 404). The import's pages never replace it.
import { readBounded } from './bounded-read.ts';
import type { OriginExchange } from './upstream.ts';

/** A good read is kept this long; after a failed one the origin is asked again no sooner than retryMs. */
const keptMs = 5 * 60_000;
const retryMs = 10_000;
/** The sitemaps protocol's bound on one uncompressed file; a longer answer is not a sitemap to pass on. */
const maxSitemapBytes = 50 * 1024 * 1024;

export interface OriginSitemap {
  /** The origin's status: 200 with its sitemap, or the 4xx it answers when it has none. */
  status: number;
  type: string;
  body: Buffer;
  /** False for the last good copy served while the origin cannot be read: it must not be cached. */
  known: boolean;
}

/**
 * The origin's sitemap as last read, read again once kept long enough; undefined while it was never
 * read and the origin does not answer.
 */
export function originSitemap(exchange: OriginExchange, kept = keptMs): () => Promise<OriginSitemap | undefined> {
  let lastGood: OriginSitemap | undefined;
  /** What is served until `until`: the fresh read, or the last good copy after a failed one. */
  let current: OriginSitemap | undefined;
  let until = 0;
  let reading: Promise<OriginSitemap | undefined> | undefined;
  const read = async (): Promise<OriginSitemap | undefined> => {
    const fresh = await readSitemap(exchange);
    until = Date.now() + (fresh ? kept : retryMs);
    if (fresh) lastGood = fresh;
    current = fresh ?? (lastGood && { ...lastGood, known: false });
    return current;
  };
  return () => {
    if (current && until > Date.now()) return Promise.resolve(current);
    // One read at a time, shared by every request that comes while it runs.
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };
}

async function readSitemap(exchange: OriginExchange): Promise<OriginSitemap | undefined> {
  try {
    const answer = await exchange({
      method: 'GET',
      target: '/sitemap.xml',
      headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
    });
    const type = [answer.headers['content-type']].flat()[0] ?? 'application/xml';
    if (answer.status !== 200) {
      answer.body.destroy();
      if (answer.status < 400 || answer.status >= 500) return undefined;
      const body = Buffer.from('The site has no sitemap.xml.\n');
      return { status: answer.status, type: 'text/plain; charset=utf-8', body, known: true };
    }
    const { bytes, whole } = await readBounded(answer.body, maxSitemapBytes);
    return whole ? { status: 200, type, body: bytes, known: true } : undefined;
  } catch {
    return undefined;
  }
}
