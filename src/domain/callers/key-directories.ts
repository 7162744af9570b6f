// Web Bot Auth key directories (/.well-known/http-message-signatures-directory), fetched only from
// the allowlisted origins (AGENT_KEY_DIRECTORIES), never from a URL a request names, and never
// through a redirect. Each is cached for as long as its Cache-Control or Expires says (within a
// floor and a ceiling), fetched with a timeout and a size limit, one fetch in flight per origin.
// Negative answers (a failed fetch, a key id the directory lacks) stand at most 5 minutes, and a
// failed refresh keeps the keys fetched last: an outage of the directory never evicts a key.
import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, MediaType } from 'web-bot-auth';
import type { Verifier } from 'http-message-sig';
import { cacheLifetimeMs, readLimited } from './directory-fetch.ts';
import { keysOf } from './directory-keys.ts';

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

/**
 * The longest a negative answer stands (a key id the directory did not give, whether its fetch
 * failed or the key was not in it): a key an operator just published is seen within this.
 */
const negativeTtlMs = 300_000;

export const defaultDirectoryTuning: DirectoryTuning = {
  fetchTimeoutMs: 2_000,
  maxBytes: 64 * 1024,
  minTtlMs: 60_000,
  maxTtlMs: 86_400_000,
  failureTtlMs: 30_000,
};

/** Keys of one directory by key id (the JWK SHA-256 thumbprint a signature's `keyid` names). */
export type DirectoryKeys = ReadonlyMap<string, Verifier>;

interface Entry {
  keys: DirectoryKeys;
  /** Until when the entry answers without a new fetch. */
  freshUntil: number;
  /** When the origin was last asked, whatever the answer. */
  checkedAt: number;
}

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
   * waiting on it. Never rejects: a failed fetch gives the last good keys, or none.
   */
  keys(origin: string): Promise<DirectoryKeys> {
    if (!this.#origins.has(origin)) return Promise.resolve(noKeys);
    const cached = this.cached(origin);
    return cached ? Promise.resolve(cached) : this.#load(origin);
  }

  /**
   * The key `keyid` of an origin. A key id the cached directory lacks is fetched for again once the
   * directory was last asked more than 5 minutes ago (the operator may have added a key).
   */
  async key(origin: string, keyid: string): Promise<Verifier | undefined> {
    if (!this.#origins.has(origin)) return undefined;
    const entry = this.#entries.get(origin);
    const now = this.#now();
    if (entry && entry.freshUntil > now && (entry.keys.has(keyid) || now - entry.checkedAt < negativeTtlMs)) {
      return entry.keys.get(keyid);
    }
    return (await this.#load(origin)).get(keyid);
  }

  #load(origin: string): Promise<DirectoryKeys> {
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
        headers: { accept: MediaType.HTTP_MESSAGE_SIGNATURES_DIRECTORY },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const keys = await keysOf(JSON.parse(await readLimited(response, maxBytes)));
      const ttl = cacheLifetimeMs(response.headers, this.#now(), { minTtlMs, maxTtlMs });
      const now = this.#now();
      this.#entries.set(origin, { keys, freshUntil: now + ttl, checkedAt: now });
      return keys;
    } catch {
      // The last good keys serve on through the outage; the origin is tried again after a while.
      const now = this.#now();
      const keys = this.#entries.get(origin)?.keys ?? noKeys;
      this.#entries.set(origin, { keys, freshUntil: now + failureTtlMs, checkedAt: now });
      return keys;
    }
  }
}
