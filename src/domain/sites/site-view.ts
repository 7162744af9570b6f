// An object that stands for "the current site's one": every property read goes to the object
// `current()` gives at that moment. With SITES_DIR, what a surface builds once at start-up from one
// site (the A2A agent's card and request handler, say) is held as such a view, each site's own
// made when that site first asks.

/** A stand-in whose every read is of `current()`; methods are called on the object they belong to. */
export function siteView<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const now = current();
      const value: unknown = Reflect.get(now, property, now);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(now) : value;
    },
    has: (_target, property) => Reflect.has(current(), property),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor(_target, property) {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), property);
      // The stand-in's own (empty) object cannot hold a property the proxy reports as fixed.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(current()),
  });
}
