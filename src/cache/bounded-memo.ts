// A memo of small values derived from short strings for the life of the process (header verdicts,
// caller classifications, cursor signatures): a Map emptied whole when it reaches its bound, so a
// caller cycling through keys cannot grow it without limit, while a hot working set refills at once.
// Responses and results are not kept here but in the response cache (response-cache.ts), under
// the service's one bound in bytes.
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
