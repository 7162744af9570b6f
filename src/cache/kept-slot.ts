// A value the response cache keeps, held also by the one object it belongs to (a page, a body), so
// the next request reads it there: no key built from the site and the path, no lookup in the
// cache's table. With many sites in one process, that key and the table's entry for it are another
// site's each request, read out of the processor's caches; the page itself is read anyway. The
// cache stays the owner: an entry it lets go (evicted past the bound, dropped with its site's or
// every site's content) empties its slot first, so the slot never holds what the cache would not.

/** Where an owner holds a kept value; made empty by `keptSlot()` and filled only by the cache. */
export interface KeptSlot<V> {
  value: V | undefined;
  /** Reads since the entry's place in the cache's recency order was last renewed. */
  reads: number;
}

/**
 * Every this many reads of a held value, one goes through the cache itself, so a page read often
 * stays near the recent end of the least-recently-used order (a power of two: a mask tests it).
 */
export const slotRenewEvery = 32;

export function keptSlot<V>(): KeptSlot<V> {
  return { value: undefined, reads: 0 };
}
