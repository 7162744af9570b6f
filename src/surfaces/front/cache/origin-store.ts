// Where front mode keeps the origin's cacheable answers: one LRU bounded in bytes (ORIGIN_CACHE_MB),
// one item per origin address holding that address's variants (one per value of the headers its
// `Vary` names), so the least recently used address leaves first. It only keeps and finds answers;
// whether one may be stored or reused is http-cache-semantics' call (cached-exchange.ts).
import type CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';

/** One stored answer: the policy carries its status and headers, `body` its bytes. */
export interface StoredAnswer {
  policy: CachePolicy;
  status: number;
  body: Buffer;
  /** Its headers' length, counted once when stored. */
  headerBytes: number;
}

type RequestHeaders = Record<string, string | string[] | undefined>;

interface Variants {
  /** The field names of the latest stored answer's Vary, lower case ('' without one). */
  vary: string[];
  byKey: Map<string, StoredAnswer>;
}

/** Variants kept per address: a Vary on a header with many values (User-Agent) cannot fill the cache. */
const variantsPerAddress = 16;
/** The policy and bookkeeping of one answer, roughly, beyond its body and headers. */
const answerOverhead = 512;

export class OriginStore {
  private readonly lru: LRUCache<string, Variants>;
  /** The largest body kept: one big download does not push every page out. */
  readonly maxBodyBytes: number;

  constructor(maxBytes: number) {
    this.maxBodyBytes = Math.floor(maxBytes / 8);
    this.lru = new LRUCache<string, Variants>({ maxSize: maxBytes, sizeCalculation: sizeOf });
  }

  /** The stored answer for `address` (host and path with query) whose varied headers equal the request's. */
  get(address: string, headers: RequestHeaders): StoredAnswer | undefined {
    const variants = this.lru.get(address);
    return variants?.byKey.get(variantKey(variants.vary, headers));
  }

  /** `vary`: the answer's Vary header; `headers`: the request's, whose varied values select it. */
  set(address: string, headers: RequestHeaders, vary: string | undefined, answer: StoredAnswer): void {
    const names = varyNames(vary);
    const held = this.lru.peek(address);
    // A new Vary makes the old variants unreachable: they go.
    const variants = held && held.vary.join() === names.join() ? held : { vary: names, byKey: new Map() };
    const key = variantKey(names, headers);
    variants.byKey.delete(key);
    variants.byKey.set(key, answer);
    if (variants.byKey.size > variantsPerAddress) variants.byKey.delete(variants.byKey.keys().next().value as string);
    this.lru.set(address, variants);
  }

  /** Drops the variant `answer` of `address`, if it is still the one stored. */
  drop(address: string, headers: RequestHeaders, answer: StoredAnswer): void {
    const variants = this.lru.peek(address);
    if (!variants) return;
    const key = variantKey(variants.vary, headers);
    if (variants.byKey.get(key) !== answer) return;
    variants.byKey.delete(key);
    if (variants.byKey.size === 0) this.lru.delete(address);
    else this.lru.set(address, variants);
  }

  /** Drops every variant of `address`. */
  delete(address: string): void {
    this.lru.delete(address);
  }

  /**
   * Drops every answer (no path), or those of one path, whatever their query, variant or host; of
   * every site (no site), or of that site alone.
   */
  purge(path?: string, site?: string): number {
    if (path === undefined && site === undefined) {
      const count = this.lru.size;
      this.lru.clear();
      return count;
    }
    let count = 0;
    for (const address of [...this.lru.keys()]) {
      const { site: of, path: at } = partsOf(address);
      if ((site === undefined || of === site) && (path === undefined || at === path))
        count += Number(this.lru.delete(address));
    }
    return count;
  }

  get size(): number {
    return this.lru.size;
  }

  get bytes(): number {
    return this.lru.calculatedSize;
  }
}

/** A site's key (a folder's name) and a host never hold NUL: it ends the site's part of an address. */
const siteEnd = '\0';

/**
 * `host` and the path with its query: the address an answer is kept under; with many sites, after
 * the site's key, so the same address of two sites (two origins) are two entries.
 */
export function addressOf(host: string, url: string, site?: string): string {
  return site === undefined ? `${host} ${url}` : `${site}${siteEnd}${host} ${url}`;
}

/** The site (undefined for the single site) and the path, without query, an address is of. */
function partsOf(address: string): { site: string | undefined; path: string } {
  const end = address.indexOf(siteEnd);
  const site = end === -1 ? undefined : address.slice(0, end);
  const url = address.slice(address.indexOf(' ', end + 1) + 1);
  const query = url.indexOf('?');
  return { site, path: query === -1 ? url : url.slice(0, query) };
}

function varyNames(vary: string | undefined): string[] {
  if (!vary) return [];
  return vary
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();
}

function variantKey(vary: string[], headers: RequestHeaders): string {
  if (vary.length === 0) return '';
  return JSON.stringify(vary.map((name) => headers[name] ?? null));
}

function sizeOf(variants: Variants): number {
  let bytes = 0;
  for (const answer of variants.byKey.values()) bytes += answer.body.length + answer.headerBytes + answerOverhead;
  return Math.max(bytes, 1);
}
