// A memo of values derived for the life of the process (serialised pages, signatures, verdicts,
// tool results): a Map emptied whole when it reaches its bound, so a caller cycling through keys
// cannot grow it without limit, while a hot working set refills at once. No eviction order to keep.
export class BoundedMemo<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Remembers `value` (emptying the memo first when it is full) and returns it. */
  set(key: K, value: V): V {
    if (this.#entries.size >= this.#max) this.#entries.clear();
    this.#entries.set(key, value);
    return value;
  }
}
