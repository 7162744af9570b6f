// Replay protection for verified signatures. With a database (every running service), the shared
// table decides, so a captured request replayed to several instances verifies on one of them only;
// this instance's memory answers first for a nonce it has already seen, sparing the round trip.
// Without one (a bare createCallers, as in unit tests), the memory cache alone decides.
import type { Kysely } from 'kysely';
import { withoutFlushWait } from '../../store/group-commit.ts';
import { claimNonce, deleteExpiredNonces } from '../../store/signature-nonces.ts';
import type { Tables } from '../../store/schema.ts';
import { type NonceCache, nonceDigest } from './nonce-cache.ts';

export interface Nonces {
  /**
   * Claims a verified signature's nonce until `expiresAt` (ms): false for a replay. Rejects when the
   * database cannot answer (the caller then treats the signature as unverified).
   */
  claim(nonce: string, expiresAt: number, now: number): Promise<boolean>;
}

/** Expired claims are deleted at most this often per instance, by the claim that finds it due. */
const sweepEveryMs = 60_000;

export function createNonces(cache: NonceCache, db?: Kysely<Tables>): Nonces {
  if (!db) return { claim: async (nonce, expiresAt, now) => cache.remember(nonce, expiresAt, now) };
  let nextSweep = 0;
  return {
    async claim(nonce, expiresAt, now) {
      const digest = nonceDigest(nonce);
      if (!cache.rememberDigest(digest, expiresAt, now)) return false;
      // Bookkeeping, as a rate-limit count is: on SQLite it does not wait for its own fsync (a claim
      // lost with the power reopens a replay window no longer than the signature's lifetime).
      const claimed = await withoutFlushWait(() =>
        claimNonce(db, digest, Math.ceil(expiresAt / 1000), Math.floor(now / 1000)),
      );
      if (now >= nextSweep) {
        nextSweep = now + sweepEveryMs;
        // Keeps the table to the signatures still valid; a failed sweep is retried a minute later.
        withoutFlushWait(() => deleteExpiredNonces(db, Math.floor(now / 1000))).catch(() => {});
      }
      return claimed;
    },
  };
}
