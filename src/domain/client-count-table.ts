// One rate-limit window's request counts per client, in typed arrays: a client costs 12 bytes a
// slot instead of a Map entry, a key string and an object (~200 bytes), so one instance can keep
// every count of a window in memory however many clients a flood brings (bench/).
// Clients are keyed by a seeded 64-bit hash of their rate-limit key; the key text is not kept.
// Two clients share a count only on a hash collision: about one chance in 10^7 with 2 million
// clients in one window, and the seed (a per-database secret) keeps collisions from being chosen.
import type { CountRecords } from '../store/rate-limit-journal.ts';

/** A client's 64-bit key, as two 32-bit halves. */
export interface ClientHash {
  hi: number;
  lo: number;
}

/** Returns a hash function seeded with the first 8 bytes of `seed`. */
export function clientHasher(seed: Uint8Array): (client: string) => ClientHash {
  const view = new DataView(seed.buffer, seed.byteOffset, seed.byteLength);
  const [seedHi, seedLo] = [view.getUint32(0, true), view.getUint32(4, true)];
  return (client) => ({ hi: murmurLane(client, seedHi), lo: murmurLane(client, seedLo) });
}

// MurmurHash3's 32-bit mixing, one UTF-16 code unit per step: keys are short address strings.
function murmurLane(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i += 1) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  h ^= text.length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const maxCount = 0xffff;

export class ClientCountTable {
  #mask: number;
  /** [hi, lo] per slot; [0, 0] marks a free slot (a zero hash is stored as [0, 1]). */
  #keys: Uint32Array;
  /**
   * Everything counted in the window: replayed from the journal plus counted here. 16 bits: a
   * window's limit is far lower, and a refused request is not counted; adding saturates.
   */
  #counts: Uint16Array;
  /** Counted here and not yet in the journal. */
  #unsaved: Uint16Array;
  /** Slots whose unsaved count is above 0, so a flush does not scan the table. */
  #dirty: number[] = [];
  #size = 0;

  constructor(capacity = 1024) {
    this.#mask = capacity - 1;
    this.#keys = new Uint32Array(capacity * 2);
    this.#counts = new Uint16Array(capacity);
    this.#unsaved = new Uint16Array(capacity);
  }

  /** Clients with a count. */
  get size(): number {
    return this.#size;
  }

  count(key: ClientHash): number {
    const slot = this.#slotOf(key, false);
    return slot < 0 ? 0 : this.#counts[slot]!;
  }

  /** Adds `n` to the client's count and returns the new count; `unsaved` counts go to the next flush. */
  add(key: ClientHash, n: number, unsaved: boolean): number {
    return this.addAt(this.slot(key), n, unsaved);
  }

  /**
   * The client's slot, made when absent (with a count of 0), for countAt and addAt: one probe of
   * the table for a read and its count, where count then add probe twice. Valid until the next insert.
   */
  slot(key: ClientHash): number {
    return this.#slotOf(key, true);
  }

  countAt(slot: number): number {
    return this.#counts[slot]!;
  }

  addAt(slot: number, n: number, unsaved: boolean): number {
    const count = Math.min(this.#counts[slot]! + n, maxCount);
    this.#counts[slot] = count;
    if (unsaved) this.#markUnsaved(slot, n);
    return count;
  }

  /** Takes every unsaved addition, leaving none; give them back with `restoreUnsaved` if not saved. */
  takeUnsaved(): CountRecords {
    const records = new Uint32Array(this.#dirty.length * 3);
    for (const [i, slot] of this.#dirty.entries()) {
      records[i * 3] = this.#keys[slot * 2]!;
      records[i * 3 + 1] = this.#keys[slot * 2 + 1]!;
      records[i * 3 + 2] = this.#unsaved[slot]!;
      this.#unsaved[slot] = 0;
    }
    this.#dirty = [];
    return records;
  }

  /** Marks records taken by `takeUnsaved` as unsaved again (their write failed). */
  restoreUnsaved(records: CountRecords): void {
    for (let i = 0; i < records.length; i += 3)
      this.#markUnsaved(this.#find(records[i]!, records[i + 1]!, true), records[i + 2]!);
  }

  /** Adds saved counts (a journal replay). */
  addSaved(records: CountRecords): void {
    for (let i = 0; i < records.length; i += 3) {
      const slot = this.#find(records[i]!, records[i + 1]!, true);
      this.#counts[slot] = Math.min(this.#counts[slot]! + records[i + 2]!, maxCount);
    }
  }

  /** A client's slot (see #keys for the zero hash). */
  #slotOf(key: ClientHash, insert: boolean): number {
    return this.#find(key.hi, key.lo === 0 && key.hi === 0 ? 1 : key.lo, insert);
  }

  #markUnsaved(slot: number, n: number): void {
    if (this.#unsaved[slot] === 0) this.#dirty.push(slot);
    this.#unsaved[slot] = Math.min(this.#unsaved[slot]! + n, maxCount);
  }

  /** Linear probing from the low half (already well mixed); -1 when absent and not inserting. */
  #find(hi: number, lo: number, insert: boolean): number {
    let slot = lo & this.#mask;
    for (;;) {
      const storedHi = this.#keys[slot * 2]!;
      const storedLo = this.#keys[slot * 2 + 1]!;
      if (storedHi === hi && storedLo === lo) return slot;
      if (storedHi === 0 && storedLo === 0) break;
      slot = (slot + 1) & this.#mask;
    }
    if (!insert) return -1;
    if ((this.#size + 1) * 4 > (this.#mask + 1) * 3) {
      this.#grow();
      return this.#find(hi, lo, true);
    }
    this.#keys[slot * 2] = hi;
    this.#keys[slot * 2 + 1] = lo;
    this.#size += 1;
    return slot;
  }

  /** Doubles the table (kept at most three quarters full, so linear probes stay short). */
  #grow(): void {
    const [keys, counts, unsaved] = [this.#keys, this.#counts, this.#unsaved];
    const capacity = (this.#mask + 1) * 2;
    this.#mask = capacity - 1;
    this.#keys = new Uint32Array(capacity * 2);
    this.#counts = new Uint16Array(capacity);
    this.#unsaved = new Uint16Array(capacity);
    this.#dirty = [];
    this.#size = 0;
    for (let old = 0; old < counts.length; old += 1) {
      if (keys[old * 2] === 0 && keys[old * 2 + 1] === 0) continue;
      const slot = this.#find(keys[old * 2]!, keys[old * 2 + 1]!, true);
      this.#counts[slot] = counts[old]!;
      if (unsaved[old]! > 0) this.#markUnsaved(slot, unsaved[old]!);
    }
  }
}
