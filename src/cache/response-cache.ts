// The one owner of everything the service keeps because it answers the same way again: page bodies
// and their compressed variants, capability and tool results, the API contract. One
// least-recently-used store under one bound in bytes (RESPONSE_CACHE_MB), one per running service,
// divided into named namespaces: each declares the type of its values and how one is sized
// (`cache.namespace<FixedBody>('body', sizeOf)`), and has its own hit and miss counts. Namespaces
// are the only way in, so every kept value is typed and sized as its namespace says.
import { LRUCache } from 'lru-cache';
import { type KeptSlot, slotRenewEvery } from './kept-slot.ts';

/** The namespaces of the cache: each names its keys and its hit and miss counts (a metrics label). */
export type CacheNamespaceName =
  | 'body'
  | 'variant'
  | 'filter'
  | 'search'
  | 'capability'
  | 'mcp'
  | 'contract'
  | 'rest'
  | 'jsonld'
  | 'query';

/** The part of the cache that holds one kind of value, typed and sized as its namespace declares. */
export interface CacheNamespace<V> {
  readonly name: CacheNamespaceName;
  /** The value kept for `key`, counted as a hit or a miss. */
  get(key: string): V | undefined;
  /**
   * Keeps `value` (evicting the least recently used entries past the bound) and returns it. A
   * value larger than the whole bound is returned but not kept. Setting a key again re-sizes it.
   */
  set(key: string, value: V): V;
  /** The kept value, or `make()` kept. */
  remember(key: string, make: () => V): V;
  /**
   * The kept value at once, or one shared computation for every concurrent miss of `key`; a
   * failure is not kept, so the next call tries again.
   */
  rememberAsync(key: string, make: () => Promise<V>): V | Promise<V>;
  /**
   * As rememberAsync, and the kept value is also held in `slot` (kept-slot.ts), which the next calls
   * read without the key; the slot is emptied when the cache lets the value go.
   */
  rememberAsyncIn(slot: KeptSlot<V>, key: string, make: () => Promise<V>): V | Promise<V>;
}

/** How a namespace sizes one of its values: a declared estimate in bytes, run once when it is kept. */
export type SizeOf<V> = (value: V) => number;

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
  byUse: Readonly<Record<CacheNamespaceName, Readonly<UseCounts>>>;
}

// Each entry also costs its key and the store's own bookkeeping: counted so many tiny entries
// cannot hold far more than the bound says.
const entryOverhead = 64;

export class ResponseCache {
  readonly #entries: LRUCache<string, NonNullable<unknown>>;
  readonly #pending = new Map<string, Promise<unknown>>();
  /** The slot holding each entry that one holds, by the entry's full key. */
  readonly #slots = new Map<string, KeptSlot<unknown>>();
  readonly #counts = {} as Record<CacheNamespaceName, UseCounts>;
  readonly #namespaces = new Map<CacheNamespaceName, { sizeOf: SizeOf<never>; view: CacheNamespace<never> }>();
  readonly #maxBytes: number;
  readonly #siteKey: () => string;
  #evictions = 0;
  /** Counts clear(): a computation begun before the last clear is not kept (it read what was replaced). */
  #generation = 0;
  /** Counts clearSite() of each site, as #generation counts clear(). */
  readonly #siteGenerations = new Map<string, number>();

  /**
   * `siteKey` names the site the current work is for (SITES_DIR): every key is kept under it, so one
   * site is never answered what was kept for another. One site (the default) keeps its keys as they are.
   */
  constructor(maxBytes: number, siteKey: () => string = () => '') {
    this.#maxBytes = maxBytes;
    this.#siteKey = siteKey;
    this.#entries = new LRUCache({
      maxSize: maxBytes,
      // Evicted, replaced or deleted (clear() and clearSite() included): its slot lets go too.
      dispose: (_value, key, reason) => {
        if (reason === 'evict') this.#evictions++;
        this.#release(key);
      },
    });
  }

  /**
   * The namespace `name`, holding values of type V sized by `sizeOf`. Declaring it again with the
   * same `sizeOf` gives the same namespace; with another, it throws: one namespace, one kind of value.
   */
  namespace<V extends NonNullable<unknown>>(name: CacheNamespaceName, sizeOf: SizeOf<V>): CacheNamespace<V> {
    const declared = this.#namespaces.get(name);
    if (declared !== undefined) {
      if (declared.sizeOf !== sizeOf) throw new Error(`cache namespace ${name} is declared twice`);
      return declared.view as unknown as CacheNamespace<V>;
    }
    const view: CacheNamespace<V> = {
      name,
      get: (key) => this.#get<V>(name, key),
      set: (key, value) => this.#set(name, key, value, sizeOf),
      remember: (key, make) => this.#get<V>(name, key) ?? this.#set(name, key, make(), sizeOf),
      rememberAsync: (key, make) => this.#rememberAsync(name, key, make, sizeOf),
      rememberAsyncIn: (slot, key, make) => this.#rememberAsyncIn(slot, name, key, make, sizeOf),
    };
    this.#namespaces.set(name, { sizeOf: sizeOf as SizeOf<never>, view: view as unknown as CacheNamespace<never> });
    return view;
  }

  /** The key of `key` in namespace `use` for the current site. */
  #fullKey(use: CacheNamespaceName, key: string): string {
    const site = this.#siteKey();
    return site === '' ? `${use}:${key}` : `${use}:${site}\u0000${key}`;
  }

  /** The hit and miss counts of namespace `use`. */
  #countsOf(use: CacheNamespaceName): UseCounts {
    return (this.#counts[use] ??= { hits: 0, misses: 0 });
  }

  /** The value kept under `use`, counted as a hit or a miss of that namespace. */
  #get<V>(use: CacheNamespaceName, key: string): V | undefined {
    return this.#getFull(use, this.#fullKey(use, key));
  }

  /** The value kept under the full key `full` (of namespace `use`), counted as a hit or a miss. */
  #getFull<V>(use: CacheNamespaceName, full: string): V | undefined {
    const value = this.#entries.get(full) as V | undefined;
    const counts = this.#countsOf(use);
    if (value === undefined) counts.misses++;
    else counts.hits++;
    return value;
  }

  /** Keeps `value` under `use` and returns it; one larger than the whole bound is returned but not kept. */
  #set<V>(use: CacheNamespaceName, key: string, value: V, sizeOf: SizeOf<V>): V {
    return this.#setFull(this.#fullKey(use, key), value, sizeOf);
  }

  #setFull<V>(full: string, value: V, sizeOf: SizeOf<V>): V {
    const size = Math.ceil(sizeOf(value)) + full.length * 2 + entryOverhead;
    if (size > this.#maxBytes) this.#entries.delete(full);
    else this.#entries.set(full, value as NonNullable<unknown>, { size });
    return value;
  }

  /** One shared computation per key for concurrent misses; a failure is not kept. */
  #rememberAsync<V>(
    use: CacheNamespaceName,
    key: string,
    make: () => Promise<V>,
    sizeOf: SizeOf<V>,
    slot?: KeptSlot<V>,
  ): V | Promise<V> {
    const full = this.#fullKey(use, key);
    const kept = this.#getFull<V>(use, full);
    if (kept !== undefined) {
      if (slot) this.#hold(slot, full, kept);
      return kept;
    }
    let pending = this.#pending.get(full) as Promise<V> | undefined;
    if (!pending) {
      const site = this.#siteKey();
      const generation = this.#generation;
      const siteGeneration = this.#siteGenerations.get(site);
      const current = (): boolean =>
        generation === this.#generation && siteGeneration === this.#siteGenerations.get(site);
      const pendings = this.#pending;
      const keep = (value: V): V => {
        this.#setFull(full, value, sizeOf);
        if (slot && this.#entries.has(full)) this.#hold(slot, full, value);
        return value;
      };
      pending = make()
        .then((value) => (current() ? keep(value) : value))
        .finally(() => pendings.get(full) === pending && pendings.delete(full));
      this.#pending.set(full, pending);
    }
    return pending;
  }

  /** The value held in `slot`, counted as a hit; every slotRenewEvery-th read goes through the store. */
  #rememberAsyncIn<V>(
    slot: KeptSlot<V>,
    use: CacheNamespaceName,
    key: string,
    make: () => Promise<V>,
    sizeOf: SizeOf<V>,
  ): V | Promise<V> {
    const held = slot.value;
    if (held !== undefined && (++slot.reads & (slotRenewEvery - 1)) !== 0) {
      this.#countsOf(use).hits++;
      return held;
    }
    return this.#rememberAsync(use, key, make, sizeOf, slot);
  }

  /** `slot` holds the entry `full` from now on; a slot that held it before lets go. */
  #hold<V>(slot: KeptSlot<V>, full: string, value: V): void {
    const before = this.#slots.get(full);
    if (before !== undefined && before !== slot) before.value = undefined;
    slot.value = value;
    slot.reads = 0;
    this.#slots.set(full, slot as KeptSlot<unknown>);
  }

  #release(full: string): void {
    const slot = this.#slots.get(full);
    if (slot === undefined) return;
    slot.value = undefined;
    this.#slots.delete(full);
  }

  /**
   * Drops every kept value, for when what they were made from has changed (the content folder was
   * loaded again); a computation still running keeps its answer to itself.
   */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#pending.clear();
  }

  /**
   * Drops every value kept for one site (SITES_DIR) when what they were made from changed (its folder
   * was loaded again, its addresses changed, it is no longer served); the other sites' values stay.
   * A computation of that site still running keeps its answer to itself. The single site's key ('')
   * drops everything, as clear() does.
   */
  clearSite(site: string): void {
    if (site === '') return this.clear();
    this.#siteGenerations.set(site, (this.#siteGenerations.get(site) ?? 0) + 1);
    // Keys are `<namespace>:<site>\0<key>`, and no namespace name holds a colon.
    const mark = `:${site}\u0000`;
    const ofSite = (full: string): boolean => full.startsWith(mark, full.indexOf(':'));
    for (const full of [...this.#entries.keys()]) if (ofSite(full)) this.#entries.delete(full);
    for (const full of [...this.#pending.keys()]) if (ofSite(full)) this.#pending.delete(full);
  }

  stats(): ResponseCacheStats {
    const byUse = {} as Record<CacheNamespaceName, UseCounts>;
    for (const [use, counts] of Object.entries(this.#counts)) byUse[use as CacheNamespaceName] = { ...counts };
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
