// This instance's memory of the nonces of verified signatures, kept until their signature expires:
// the first check against a replay, in front of the shared database (nonces.ts). Only signatures that verified against a trusted key are remembered, so nobody without such
// a key can fill it; at its bound the oldest entries go first (insertion order is time order).
// Each nonce is kept as its SHA-256 digest: 44 characters whatever its length, in one flat string.
// Kept as given, a nonce read out of Signature-Input is a chain of dozens of small pieces (the
// parser joins it a few characters at a time), which a Map key holds whole: about 2.5 KB an entry,
// 93 MB for the 36 000 nonces the benchmark's signed requests left behind.
import { hash } from 'node:crypto';

/** A nonce's SHA-256 (base64): how this cache and the shared database know it. */
export function nonceDigest(nonce: string): string {
  return hash('sha256', nonce, 'base64');
}

export class NonceCache {
  readonly #expiries = new Map<string, number>();
  readonly #max: number;

  constructor(max = 100_000) {
    this.#max = max;
  }

  /** Records a nonce until `expiresAt` (ms); false when it is already there (a replay). */
  remember(nonce: string, expiresAt: number, now: number): boolean {
    return this.rememberDigest(nonceDigest(nonce), expiresAt, now);
  }

  /** The same, for a nonce already digested by nonceDigest. */
  rememberDigest(key: string, expiresAt: number, now: number): boolean {
    const seen = this.#expiries.get(key);
    if (seen !== undefined && seen > now) return false;
    this.#expiries.delete(key);
    this.#sweep(now);
    this.#expiries.set(key, expiresAt);
    return true;
  }

  get size(): number {
    return this.#expiries.size;
  }

  /** Drops expired entries from the oldest end, and the oldest live ones past the bound. */
  #sweep(now: number): void {
    for (const [key, expiresAt] of this.#expiries) {
      if (expiresAt > now && this.#expiries.size < this.#max) break;
      this.#expiries.delete(key);
    }
  }
}
