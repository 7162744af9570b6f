// Values made from a site's settings once per value of those settings, rather than once at start-up:
// with SITES_DIR the setting read (config.baseUrl, say) is the current site's, so each site gets its
// own, and a site whose settings change gets a new one. With one site this is one value, made once.

/** `make(key())`, kept for each value `key()` gives. */
export function memoBy<K, V>(key: () => K, make: (key: K) => V): () => V {
  const made = new Map<K, V>();
  return () => {
    const now = key();
    let value = made.get(now);
    if (value === undefined && !made.has(now)) made.set(now, (value = make(now)));
    return value as V;
  };
}
