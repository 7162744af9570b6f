// Nonces of verified signatures, kept until their signature expires, so a replayed signature is
// caught. Only signatures that verified against a trusted key are remembered, so nobody without such
// a key can fill it; at its bound the oldest entries go first (insertion order is time order).
export class NonceCache {
  readonly #expiries = new Map<string, number>();
  readonly #max: number;

  constructor(max = 100_000) {
    this.#max = max;
  }

  /** Records a nonce until `expiresAt` (ms); false when it is already there (a replay). */
  remember(nonce: string, expiresAt: number, now: number): boolean {
    const seen = this.#expiries.get(nonce);
    if (seen !== undefined && seen > now) return false;
    this.#expiries.delete(nonce);
    this.#sweep(now);
    this.#expiries.set(nonce, expiresAt);
    return true;
  }

  get size(): number {
    return this.#expiries.size;
  }

  /** Drops expired entries from the oldest end, and the oldest live ones past the bound. */
  #sweep(now: number): void {
    for (const [nonce, expiresAt] of this.#expiries) {
      if (expiresAt > now && this.#expiries.size < this.#max) break;
      this.#expiries.delete(nonce);
    }
  }
}
