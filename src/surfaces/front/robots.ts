// robots.txt in front mode: the origin's own rules, then the product's (the AI agents' groups, the
// usage preference and the sitemap). Crawlers combine groups that name the same agent (RFC 9309), so
// the origin's Disallow lines keep their effect. When the origin's file cannot be read (5xx, no
// answer), its last known rules stand in (the last good read, else the import's copy, else
// "Disallow: /", as RFC 9309 reads an unreachable robots.txt): never more permissive, never kept.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { originRobotsName } from '../../importer/write-folder.ts';
import { readBounded } from './bounded-read.ts';
import type { OriginExchange } from './upstream.ts';

/** A good read of the origin's robots.txt is kept this long. */
const defaultKeptMs = 5 * 60_000;
/** The most of the origin's robots.txt taken (Google reads 500 KiB). */
const maxOriginBytes = 500 * 1024;
/** What an origin whose rules are unknown is taken to say. */
const disallowAll = 'User-agent: *\nDisallow: /\n';

export interface MergedRobots {
  text: string;
  /** False while the origin's rules are a stand-in: the file must not be cached. */
  known: boolean;
}

/** The origin's robots.txt as the import read it, when the content folder has the import's copy. */
export async function readImportedRobots(contentDir: string): Promise<string | undefined> {
  return readFile(path.join(contentDir, originRobotsName), 'utf8').catch(() => undefined);
}

/**
 * `imported`: the import's copy of the origin's rules (or its reading, with many sites each read as its
 * site first asks); `keptMs`: how long a good read is kept. A
 * stand-in is never kept: the next request asks the origin again (one read at a time).
 */
export function mergedRobots(
  exchange: OriginExchange,
  productRobots: string,
  { imported, keptMs = defaultKeptMs }: { imported?: string | Promise<string | undefined>; keptMs?: number } = {},
): () => Promise<MergedRobots> {
  const merge = (origin: string): string =>
    origin.trim() ? `${origin.trimEnd()}\n\n# Added by the site's agent surface:\n${productRobots}` : productRobots;
  let lastGood: string | undefined;
  let kept: { merged: MergedRobots; until: number } | undefined;
  let reading: Promise<MergedRobots> | undefined;
  const read = async (): Promise<MergedRobots> => {
    const origin = await originRobots(exchange);
    if (origin !== undefined) {
      lastGood = origin;
      kept = { merged: { text: merge(origin), known: true }, until: Date.now() + keptMs };
      return kept.merged;
    }
    kept = undefined;
    return { text: merge(lastGood ?? (await imported) ?? disallowAll), known: false };
  };
  return () => {
    if (kept && kept.until > Date.now()) return Promise.resolve(kept.merged);
    // One read at a time, shared by every request that comes while it runs.
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };
}

/** The origin's rules ("" when it has none: a 4xx), or undefined when they cannot be read. */
async function originRobots(exchange: OriginExchange): Promise<string | undefined> {
  try {
    const answer = await exchange({ method: 'GET', target: '/robots.txt', headers: { accept: 'text/plain' } });
    if (answer.status !== 200) {
      answer.body.destroy();
      return answer.status >= 400 && answer.status < 500 ? '' : undefined;
    }
    // The first maxOriginBytes are the rules read, as crawlers read a longer file.
    return (await readBounded(answer.body, maxOriginBytes)).bytes.toString('utf8');
  } catch {
    return undefined;
  }
}
