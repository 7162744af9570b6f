// The keys that sign the A2A agent card, kept in the database (one key set per site) so every
// instance on it signs a site's card with the same key and a restart keeps it; with SITES_DIR each
// site has its own set, so no two sites publish or sign with one key. A site's first key is made on
// first use; an operator rotates with `agentsite card-keys rotate [--site <host>]`. A rotated-out key loses its
// private half at once, and its public half stays published for `retiredKeyOverlapDays`, so a card
// fetched (or cached) before the rotation still verifies.
import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Tables } from '../../store/schema.ts';
import { getOrCreateCardKeySet, readCardKeySet, replaceCardKeySet } from '../../store/card-keys.ts';
/** How long a rotated-out public key stays in the card's JWKS. */
export const retiredKeyOverlapDays = 7;
/** The JWS algorithm of every card key: Ed25519 (RFC 8037), one of the two A2A names. */
export const cardKeyAlgorithm = 'EdDSA';

export interface CardKey {
  /** The JWK SHA-256 thumbprint (RFC 7638) of the public key. */
  kid: string;
  createdAt: string;
  /** Set when rotated out; such a key has no private half any more. */
  retiredAt?: string;
  /** The Ed25519 key as a JWK: private (with `d`) while it signs, public once retired. */
  jwk: JWK;
}

/** The stored set: the key that signs first, then the retired keys still published, newest first. */
export interface CardKeySet {
  keys: [CardKey, ...CardKey[]];
}

const dayMs = 86_400_000;

async function newKey(now: Date): Promise<CardKey> {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JWK;
  return { kid: await calculateJwkThumbprint(publicJwk(jwk)), createdAt: now.toISOString(), jwk };
}

export function publicJwk(jwk: JWK): JWK {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
}

/** The instant a retired key leaves the JWKS. */
export function publishedUntil(key: CardKey): Date | undefined {
  return key.retiredAt === undefined ? undefined : new Date(Date.parse(key.retiredAt) + retiredKeyOverlapDays * dayMs);
}

/** The public keys a verifier may meet: the signing key and the retired keys still in their overlap. */
export function publishedKeys(set: CardKeySet, now: Date): JWK[] {
  return set.keys
    .filter((key) => (publishedUntil(key)?.getTime() ?? Infinity) > now.getTime())
    .map((key) => ({ ...publicJwk(key.jwk), kid: key.kid, alg: cardKeyAlgorithm, use: 'sig' }));
}

/**
 * The stored set of `site` (its key: '' for the single site) as its raw text (unchanged text means
 * an unchanged set), made on first use.
 */
export async function loadCardKeysText(db: Kysely<Tables>, site: string, now = new Date()): Promise<string> {
  // Read first: the periodic reads then neither make a key pair nor attempt an insert.
  return (
    (await readCardKeySet(db, site)) ??
    getOrCreateCardKeySet(db, site, JSON.stringify({ keys: [await newKey(now)] } satisfies CardKeySet))
  );
}

/** The stored set of `site`, or undefined when none was made yet (nothing is made here). */
export async function storedCardKeys(db: Kysely<Tables>, site: string): Promise<CardKeySet | undefined> {
  const text = await readCardKeySet(db, site);
  return text === undefined ? undefined : parseCardKeys(text);
}

export function parseCardKeys(text: string): CardKeySet {
  return JSON.parse(text) as CardKeySet;
}

/**
 * Makes a new signing key for `site`; the old one is retired (private half dropped) and keys whose overlap has
 * ended are dropped. Retries when another writer changed the set meanwhile.
 */
export async function rotateCardKey(
  db: Kysely<Tables>,
  site: string,
  now = new Date(),
): Promise<{ current: CardKey; retired: CardKey }> {
  for (;;) {
    const text = await loadCardKeysText(db, site, now);
    const [old, ...older] = parseCardKeys(text).keys;
    const retired: CardKey = { ...old, retiredAt: now.toISOString(), jwk: publicJwk(old.jwk) };
    const current = await newKey(now);
    const kept = older.filter((key) => (publishedUntil(key)?.getTime() ?? Infinity) > now.getTime());
    const next: CardKeySet = { keys: [current, retired, ...kept] };
    if (await replaceCardKeySet(db, site, text, JSON.stringify(next))) return { current, retired };
  }
}
