// Web Bot Auth key directories (/.well-known/http-message-signatures-directory), fetched only from
// the allowlisted origins (AGENT_KEY_DIRECTORIES), never from a URL a request names. Each is cached
// for as long as its Cache-Control or Expires says (within a floor and a ceiling), fetched with a
// timeout and a size limit, one fetch in flight per origin; a failed fetch is remembered briefly.
import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, MediaType, helpers, jwkToKeyID, type Verify } from 'web-bot-auth';
import type { webcrypto } from 'node:crypto';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import { cacheLifetimeMs, readLimited } from './directory-fetch.ts';

export interface DirectoryTuning {
  /** Limit on one directory fetch, connection to last byte. */
  fetchTimeoutMs: number;
  /** Largest directory body read; a bigger one is a failed fetch. */
  maxBytes: number;
  /** Bounds on how long a fetched directory is trusted, whatever its headers say. */
  minTtlMs: number;
  maxTtlMs: number;
  /** How long a failed fetch is remembered before the origin is tried again. */
  failureTtlMs: number;
}

export const defaultDirectoryTuning: DirectoryTuning = {
  fetchTimeoutMs: 2_000,
  maxBytes: 64 * 1024,
  minTtlMs: 60_000,
  maxTtlMs: 86_400_000,
  failureTtlMs: 30_000,
};

/** Keys of one directory by key id (the JWK thumbprint the signature's `keyid` names). */
export type DirectoryKeys = ReadonlyMap<string, Verify<void>>;

interface Entry {
  keys: DirectoryKeys;
  /** Until when the entry answers without a new fetch. */
  freshUntil: number;
  /** When these keys were last fetched successfully. */
  fetchedAt: number;
}

/** At most this many keys are read from one directory: real ones hold one to three. */
const maxKeys = 32;
const noKeys: DirectoryKeys = new Map();

export class KeyDirectories {
  readonly #origins: ReadonlySet<string>;
  readonly #tuning: DirectoryTuning;
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<DirectoryKeys>>();
  readonly #now: () => number;

  constructor(origins: readonly string[], tuning: Partial<DirectoryTuning> = {}, now: () => number = Date.now) {
    this.#origins = new Set(origins);
    this.#tuning = { ...defaultDirectoryTuning, ...tuning };
    this.#now = now;
  }

  get origins(): readonly string[] {
    return [...this.#origins];
  }

  /** Whether an origin (e.g. `https://agent.example`) is on the allowlist. */
  trusts(origin: string): boolean {
    return this.#origins.has(origin);
  }

  /** The cached keys of an allowlisted origin, or undefined when a fetch is due. */
  cached(origin: string): DirectoryKeys | undefined {
    const entry = this.#entries.get(origin);
    return entry && entry.freshUntil > this.#now() ? entry.keys : undefined;
  }

  /**
   * The keys of an allowlisted origin: from the cache, else from one fetch shared by every caller
   * waiting on it. Never rejects: a failed fetch gives no keys (and is remembered briefly).
   */
  keys(origin: string): Promise<DirectoryKeys> {
    if (!this.#origins.has(origin)) return Promise.resolve(noKeys);
    const cached = this.cached(origin);
    if (cached) return Promise.resolve(cached);
    let pending = this.#inFlight.get(origin);
    if (!pending) {
      pending = this.#fetch(origin).finally(() => this.#inFlight.delete(origin));
      this.#inFlight.set(origin, pending);
    }
    return pending;
  }

  async #fetch(origin: string): Promise<DirectoryKeys> {
    const { fetchTimeoutMs, maxBytes, minTtlMs, maxTtlMs, failureTtlMs } = this.#tuning;
    try {
      const response = await fetch(new URL(HTTP_MESSAGE_SIGNATURES_DIRECTORY, origin), {
        signal: AbortSignal.timeout(fetchTimeoutMs),
        // A redirect could lead anywhere: the directory must be served at the allowlisted origin.
        redirect: 'error',
        headers: { accept: `${MediaType.HTTP_MESSAGE_SIGNATURES_DIRECTORY}, application/json;q=0.9` },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const keys = await keysOf(JSON.parse(await readLimited(response, maxBytes)));
      const ttl = cacheLifetimeMs(response.headers, this.#now(), { minTtlMs, maxTtlMs });
      const now = this.#now();
      this.#entries.set(origin, { keys, freshUntil: now + ttl, fetchedAt: now });
      return keys;
    } catch {
      // Keep the last good keys through an outage of the directory (no longer than the ceiling);
      // try again after a while.
      const now = this.#now();
      const last = this.#entries.get(origin);
      const previous = last && now - last.fetchedAt < maxTtlMs ? last : { keys: noKeys, fetchedAt: 0 };
      this.#entries.set(origin, { ...previous, freshUntil: now + failureTtlMs });
      return previous.keys;
    }
  }
}

/** The Ed25519 keys of a directory document (`{"keys": [JWK, …]}`); other key types are skipped. */
async function keysOf(document: unknown): Promise<DirectoryKeys> {
  const list = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) throw new Error('not a key directory');
  const keys = new Map<string, Verify<void>>();
  for (const jwk of list.slice(0, maxKeys) as webcrypto.JsonWebKey[]) {
    if (jwk?.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') continue;
    try {
      const keyid = await jwkToKeyID(jwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
      keys.set(keyid, await verifierFromJWK(jwk));
    } catch {
      // One malformed key does not spoil the others.
    }
  }
  return keys;
}
