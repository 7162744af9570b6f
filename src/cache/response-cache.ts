// The one owner of everything the service keeps because it answers the same way again: pages and
// their compressed variants, prepared responses, capability and tool results, the API contract.
// One least-recently-used store under one bound in bytes (RESPONSE_CACHE_MB), one per running
// service; each use names its keys (`page`, `variant`, `capability`, …) and has its own hit counts.
import { LRUCache } from 'lru-cache';

/** What a kept value is, which names its keys and its hit and miss counts. */
export type CacheUse =
  | 'page'
  | 'body'
  | 'variant'
  | 'filter'
  | 'search'
  | 'prepared'
  | 'capability'
  | 'mcp'
  | 'contract'
  | 'rest'
  | 'jsonld';

export interface UseCounts {
  hits: number;
  misses: number;
}

export interface ResponseCacheStats {
  maxBytes: number;
  /** Bytes of the entries kept now, as each was sized when kept. */
  bytes: number;
  entries: number;
  evictions: number;
  byUse: Readonly<Record<CacheUse, Readonly<UseCounts>>>;
}

// Each entry also costs its key and the store's own bookkeeping: counted so many tiny entries
// cannot hold far more than the bound says.
const entryOverhead = 64;

export class ResponseCache {
  readonly #entries: LRUCache<string, NonNullable<unknown>>;
  readonly #pending = new Map<string, Promise<unknown>>();
  readonly #counts = {} as Record<CacheUse, UseCounts>;
  readonly #maxBytes: number;
  #evictions = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
    this.#entries = new LRUCache({
      maxSize: maxBytes,
      dispose: (_value, _key, reason) => {
        if (reason === 'evict') this.#evictions++;
      },
    });
  }

  /** The value kept for `key` under `use`, counted as a hit or a miss. */
  get<V>(use: CacheUse, key: string): V | undefined {
    const value = this.#entries.get(`${use}:${key}`) as V | undefined;
    const counts = (this.#counts[use] ??= { hits: 0, misses: 0 });
    if (value === undefined) counts.misses++;
    else counts.hits++;
    return value;
  }

  /**
   * Keeps `value` (evicting the least recently used entries past the bound) and returns it. A
   * value larger than the whole bound is returned but not kept. Setting a key again re-sizes it.
   */
  set<V>(use: CacheUse, key: string, value: V, bytes: number): V {
    const full = `${use}:${key}`;
    const size = Math.ceil(bytes) + full.length * 2 + entryOverhead;
    if (size > this.#maxBytes) this.#entries.delete(full);
    else this.#entries.set(full, value as NonNullable<unknown>, { size });
    return value;
  }

  /** The kept value, or `make()` kept with its size. */
  remember<V>(use: CacheUse, key: string, make: () => V, bytes: (value: V) => number): V {
    const kept = this.get<V>(use, key);
    if (kept !== undefined) return kept;
    const value = make();
    return this.set(use, key, value, bytes(value));
  }

  /**
   * The kept value at once, or one shared computation for every concurrent miss of `key`; a
   * failure is not kept, so the next call tries again.
   */
  rememberAsync<V>(use: CacheUse, key: string, make: () => Promise<V>, bytes: (value: V) => number): V | Promise<V> {
    const kept = this.get<V>(use, key);
    if (kept !== undefined) return kept;
    const full = `${use}:${key}`;
    let pending = this.#pending.get(full) as Promise<V> | undefined;
    if (!pending) {
      pending = make()
        .then((value) => this.set(use, key, value, bytes(value)))
        .finally(() => this.#pending.delete(full));
      this.#pending.set(full, pending);
    }
    return pending;
  }

  stats(): ResponseCacheStats {
    const byUse = {} as Record<CacheUse, UseCounts>;
    for (const [use, counts] of Object.entries(this.#counts)) byUse[use as CacheUse] = { ...counts };
    return {
      maxBytes: this.#maxBytes,
      bytes: this.#entries.calculatedSize,
      entries: this.#entries.size,
      evictions: this.#evictions,
      byUse,
    };
  }
}

/** Bytes a string holds at most (V8 keeps two per character for any text beyond Latin-1). */
export function textBytes(text: string): number {
  return text.length * 2;
}

/** A declared estimate for a structured value: its JSON as text (run once, when it is kept). */
export function jsonBytes(value: unknown): number {
  return textBytes(JSON.stringify(value) ?? '');
}
