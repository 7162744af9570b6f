// Web Bot Auth key directories (/.well-known/http-message-signatures-directory), and key sets at a
// URL a `type=jwks_uri` Signature-Agent member names (draft-ietf-webbotauth-httpsig-protocol-00 §5.5),
// fetched only from the allowlisted origins (AGENT_KEY_DIRECTORIES): an origin on the list is
// trusted for its directory and for key sets it serves at any path; never through a redirect. At
// most maxKeySetsPerOrigin key-set URLs are kept per origin (a request may name any path), one that
// gave no keys making room for a new one. Each is cached for as long as its Cache-Control or Expires says (within a
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

/**
 * Where a signer's keys are: an origin (its key directory at the well-known path), or a key set at
 * a URL (`type=jwks_uri`), trusted when its origin is allowlisted.
 */
export type KeySource = string | { jwksUri: string };

/** Key-set URLs kept per allowlisted origin: real operators publish one. */
const maxKeySetsPerOrigin = 4;

/** The allowlisted origin a source belongs to. */
export const originOfSource = (source: KeySource): string =>
  typeof source === 'string' ? source : new URL(source.jwksUri).origin;

const fetchUrlOf = (source: KeySource): string =>
  typeof source === 'string' ? new URL(HTTP_MESSAGE_SIGNATURES_DIRECTORY, source).href : source.jwksUri;

interface Entry {
  keys: DirectoryKeys;
  /** Until when the entry answers without a new fetch. */
  freshUntil: number;
  /** When the origin was last asked, whatever the answer. */
  checkedAt: number;
}

const noKeys: DirectoryKeys = new Map();
/** What a key-set URL is asked for: a JWK Set (RFC 7517), as JSON. */
const jwkSetAccept = 'application/jwk-set+json, application/json';

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

  /** Whether a source may be fetched: its origin allowlisted, and room kept for a key-set URL. */
  #admits(source: KeySource): boolean {
    if (!this.#origins.has(originOfSource(source))) return false;
    if (typeof source === 'string') return true;
    const url = fetchUrlOf(source);
    if (this.#entries.has(url) || this.#inFlight.has(url)) return true;
    const origin = originOfSource(source);
    const kept = [...this.#entries].filter(([key]) => key !== fetchUrlOf(origin) && new URL(key).origin === origin);
    if (kept.length < maxKeySetsPerOrigin) return true;
    // Full: a key set that gave no keys (a mistyped or invented path) is forgotten for the new one.
    const empty = kept.filter(([, entry]) => entry.keys.size === 0).sort(([, a], [, b]) => a.checkedAt - b.checkedAt);
    if (empty.length === 0) return false;
    this.#entries.delete(empty[0]![0]);
    return true;
  }

  /** The cached keys of a source, or undefined when a fetch is due. */
  cached(source: KeySource): DirectoryKeys | undefined {
    const entry = this.#entries.get(fetchUrlOf(source));
    return entry && entry.freshUntil > this.#now() ? entry.keys : undefined;
  }

  /**
   * The keys of a source on an allowlisted origin: from the cache, else from one fetch shared by
   * every caller waiting on it. Never rejects: a failed fetch gives the last good keys, or none.
   */
  keys(source: KeySource): Promise<DirectoryKeys> {
    if (!this.#admits(source)) return Promise.resolve(noKeys);
    const cached = this.cached(source);
    return cached ? Promise.resolve(cached) : this.#load(source);
  }

  /**
   * The key `keyid` of a source. A key id the cached keys lack is fetched for again once the source
   * was last asked more than 5 minutes ago (the operator may have added a key).
   */
  async key(source: KeySource, keyid: string): Promise<Verifier | undefined> {
    if (!this.#admits(source)) return undefined;
    const entry = this.#entries.get(fetchUrlOf(source));
    const now = this.#now();
    if (entry && entry.freshUntil > now && (entry.keys.has(keyid) || now - entry.checkedAt < negativeTtlMs)) {
      return entry.keys.get(keyid);
    }
    return (await this.#load(source)).get(keyid);
  }

  #load(source: KeySource): Promise<DirectoryKeys> {
    const url = fetchUrlOf(source);
    let pending = this.#inFlight.get(url);
    if (!pending) {
      pending = this.#fetch(url, typeof source === 'string').finally(() => this.#inFlight.delete(url));
      this.#inFlight.set(url, pending);
    }
    return pending;
  }

  async #fetch(url: string, directory: boolean): Promise<DirectoryKeys> {
    const { fetchTimeoutMs, maxBytes, minTtlMs, maxTtlMs, failureTtlMs } = this.#tuning;
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(fetchTimeoutMs),
        // A redirect could lead anywhere: the keys must be served at the allowlisted origin.
        redirect: 'error',
        headers: { accept: directory ? MediaType.HTTP_MESSAGE_SIGNATURES_DIRECTORY : jwkSetAccept },
      });
      // Draft §5.5: only a 200 is a successful discovery.
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      const keys = await keysOf(JSON.parse(await readLimited(response, maxBytes)));
      const ttl = cacheLifetimeMs(response.headers, this.#now(), { minTtlMs, maxTtlMs });
      const now = this.#now();
      this.#entries.set(url, { keys, freshUntil: now + ttl, checkedAt: now });
      return keys;
    } catch {
      // The last good keys serve on through the outage; the source is tried again after a while.
      const now = this.#now();
      const keys = this.#entries.get(url)?.keys ?? noKeys;
      this.#entries.set(url, { keys, freshUntil: now + failureTtlMs, checkedAt: now });
      return keys;
    }
  }
}
