// Keeps a value in a response-cache namespace from the second time its key is asked, not the first.
// Free-text keys (a search, a question, a query's raw text) are mostly asked once: keeping each
// filled the cache to its bound with values no one asked for again, and the idle process held them
// (and, promoted among a burst's garbage, the heap pages around them). A repeated key is made twice,
// then answered from the cache. The keys asked once are remembered in a bounded memo, keys only.
import { BoundedMemo } from './bounded-memo.ts';
import type { CacheNamespace } from './response-cache.ts';

/** How many keys asked once wait for a second ask; past it they are forgotten together. */
const askedOnceBound = 4_096;

export interface SecondAskCache<V> {
  /** The kept value, or `make()`: kept when `key` was asked before. */
  remember(key: string, make: () => V): V;
  /** As `remember`, sharing one computation for concurrent asks once the key is kept (rememberAsync). */
  rememberAsync(key: string, make: () => Promise<V>): V | Promise<V>;
}

/**
 * `namespace` behind the second-ask rule. Example: `keptFromSecondAsk(cache.namespace('query', sizeOf))`.
 * Each ask is counted once in the namespace's hits and misses.
 */
export function keptFromSecondAsk<V>(namespace: CacheNamespace<V>): SecondAskCache<V> {
  const askedOnce = new BoundedMemo<string, true>(askedOnceBound);
  /** What was kept before the memo was last emptied; else, on a first ask, `make()` unkept. */
  const firstAsk = <R>(key: string, make: () => R): V | R => {
    const kept = namespace.get(key);
    if (kept !== undefined) return kept;
    askedOnce.set(key, true);
    return make();
  };
  return {
    remember: (key, make) => (askedOnce.get(key) === undefined ? firstAsk(key, make) : namespace.remember(key, make)),
    rememberAsync: (key, make) =>
      askedOnce.get(key) === undefined ? firstAsk(key, make) : namespace.rememberAsync(key, make),
  };
}
