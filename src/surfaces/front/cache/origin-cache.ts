// Front mode's shared HTTP cache (RFC 9111) in front of the origin: a GET or HEAD is answered from a
// stored answer while http-cache-semantics says it may be, revalidated with a conditional request
// when it says so (a 304 updates the stored headers), served stale while it is revalidated in the
// background (stale-while-revalidate) or while the origin fails (stale-if-error). Every caching rule
// is the library's; this module only adds what it leaves to the cache: storing nothing that sets a
// cookie (one visitor's session must never reach the next) or that could never serve again,
// dropping what an unsafe request changed (RFC 9111 4.4), answering a client's own conditional
// request (`fresh`), and keeping the bytes (origin-store.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import fresh from 'fresh';
import CachePolicy from 'http-cache-semantics';
import {
  type AskOrigin,
  type CachedAnswer,
  type CacheOutcome,
  forStored,
  type OriginAnswer,
  type OriginRequest,
  oneLineFields,
  sizeOf,
  withoutConditionals,
} from './answers.ts';
import { addressOf, type OriginStore, type StoredAnswer } from './origin-store.ts';
import { keepWhileSending, readAll } from './streams.ts';

const shared = { shared: true } as const;

export class OriginCache {
  /** Stored answers being revalidated in the background: one request each, however many hits. */
  private readonly refreshing = new WeakSet<StoredAnswer>();

  private readonly store: OriginStore;
  private readonly onBackgroundError: (error: unknown) => void;

  /** `onBackgroundError`: told when a stale-while-revalidate refresh fails (the stored answer stays). */
  constructor(store: OriginStore, onBackgroundError: (error: unknown) => void = () => {}) {
    this.store = store;
    this.onBackgroundError = onBackgroundError;
  }

  /** Answers `request` from the cache, or asks the origin through `ask` and keeps what may be kept. */
  async answer(request: OriginRequest, askAsIs: AskOrigin): Promise<CachedAnswer> {
    const ask: AskOrigin = async (headers, background) => oneLineFields(await askAsIs(headers, background));
    // The cache asks with its own validators; the client's are answered here (fresh), so what the
    // origin sends can be stored.
    const headers = withoutConditionals(request.headers);
    const asked = { method: 'GET', url: request.target, headers: headers as Record<string, string> };
    const address = addressOf(String(headers.host ?? ''), request.target, request.site);
    const stored = this.store.get(address, headers);
    if (!stored) return this.fetch(request, ask, address, asked);
    const { response, revalidation } = stored.policy.evaluateRequest(asked);
    if (response) {
      if (revalidation) this.refresh(address, asked, stored, revalidation.headers, ask);
      return reply(request, stored, response.headers, revalidation ? 'stale' : 'hit');
    }
    let answer: OriginAnswer;
    try {
      answer = await ask(revalidation?.headers ?? headers);
    } catch (error) {
      if (usableOnError(stored, asked, undefined)) return reply(request, stored, stale(stored), 'stale-if-error');
      throw error;
    }
    if (usableOnError(stored, asked, answer)) {
      answer.body.resume();
      return reply(request, stored, stale(stored), 'stale-if-error');
    }
    if (answer.status !== 304) return this.keep(request, answer, address, asked);
    answer.body.resume();
    const updated = this.update(address, asked, stored, answer);
    // A 304 that updates nothing stored (no matching validator): the page is asked for again, whole.
    if (!updated) return this.fetch(request, ask, address, asked);
    return reply(request, updated, updated.policy.responseHeaders(), 'revalidated');
  }

  /**
   * RFC 9111 4.4: an unsafe request the origin answered without error (below 400) may have changed
   * its target, so the target's stored answers go.
   */
  invalidate(request: OriginRequest, status: number): void {
    if (status < 400) this.store.delete(addressOf(String(request.headers.host ?? ''), request.target, request.site));
  }

  /** Drops every stored answer, or those of one path, of every site or of one; the number of addresses dropped. */
  purge(path?: string, site?: string): number {
    return this.store.purge(path, site);
  }

  private async fetch(
    request: OriginRequest,
    ask: AskOrigin,
    address: string,
    asked: CachePolicy.Request,
  ): Promise<CachedAnswer> {
    // A HEAD goes through as asked: its answer has no body to keep.
    if (request.method !== 'GET') return { ...(await ask(request.headers)), outcome: 'miss' };
    return this.keep(request, await ask(asked.headers), address, asked);
  }

  /** Passes a full answer on, storing it as it streams through when the library says it may be. */
  private async keep(
    request: OriginRequest,
    answer: OriginAnswer,
    address: string,
    asked: CachePolicy.Request,
  ): Promise<CachedAnswer> {
    const { status, headers } = answer;
    // A HEAD (revalidating a stored GET) has no body to keep or send: its answer is passed on as is.
    if (request.method !== 'GET') {
      answer.body.resume();
      return { status, headers, body: undefined, outcome: 'miss' };
    }
    const policy = this.policyToKeep(asked, status, headers);
    const body = policy ? this.keptBody(answer, policy, address, asked) : (answer.bytes ?? answer.body);
    const outcome = policy ? 'stored' : 'miss';
    if (isNotModified(request, status, headers)) {
      if (body instanceof Readable) await readAll(body);
      return notModified(headers, outcome);
    }
    return { status, headers, body, outcome };
  }

  /**
   * The body of an answer that may be stored, stored once it is whole: at once for one read whole
   * already (a page of ordinary size), else as it streams through to the client.
   */
  private keptBody(
    answer: OriginAnswer,
    policy: CachePolicy,
    address: string,
    asked: CachePolicy.Request,
  ): Buffer | Readable {
    const { status, headers, bytes } = answer;
    // Read now: the headers are the client's answer's, changed on their way (the policy holds a copy).
    const { vary } = headers;
    const headerBytes = sizeOf(headers);
    const store = (body: Buffer): void =>
      void this.store.set(address, asked.headers, vary, { policy, status, body, headerBytes });
    if (!bytes) return keepWhileSending(answer.body, this.store.maxBodyBytes, store);
    // A body read in one piece can be a view of a larger read (headers and all): the cache keeps
    // bytes of their own, so that what it holds is what it counts.
    if (bytes.length <= this.store.maxBodyBytes) store(ownBytes(bytes));
    return bytes;
  }

  /**
   * The policy of an answer that may be stored, else undefined. Kept only if it can serve again:
   * while fresh or stale-served (timeToLive), or revalidated by a validator; a page with neither
   * would cost the copy and the bytes and never be reused. Without a freshness field or a validator
   * it can never be either, so most pages of a site that marks none pass without a policy built.
   */
  private policyToKeep(
    asked: CachePolicy.Request,
    status: number,
    headers: IncomingHttpHeaders,
  ): CachePolicy | undefined {
    if (!mayServeAgain(headers) || headers['set-cookie'] !== undefined) return undefined;
    if (Number(headers['content-length'] ?? 0) > this.store.maxBodyBytes) return undefined;
    // The policy keeps the headers it is given: a copy, so that the answer's own may be changed on
    // its way to the client (Cache-Status, the discovery Link) without changing what is stored.
    const policy = new CachePolicy(asked, { status, headers: { ...headers } as CachePolicy.Headers }, shared);
    const servesAgain = policy.timeToLive() > 0 || headers.etag !== undefined || headers['last-modified'] !== undefined;
    return policy.storable() && servesAgain ? policy : undefined;
  }

  /** The stored answer with the 304's headers, if the 304 is for it. */
  private update(
    address: string,
    asked: CachePolicy.Request,
    stored: StoredAnswer,
    answer: OriginAnswer,
  ): StoredAnswer | undefined {
    const revalidated = { status: 304, headers: forStored(stored, answer.headers) };
    const { policy, matches } = stored.policy.revalidatedPolicy(asked, revalidated);
    if (!matches) {
      this.store.drop(address, asked.headers, stored);
      return undefined;
    }
    const updated = { ...stored, policy };
    if (policy.storable()) this.store.set(address, asked.headers, String(policy.responseHeaders().vary ?? ''), updated);
    else this.store.drop(address, asked.headers, stored);
    return updated;
  }

  /** stale-while-revalidate: the stored answer is served now and asked again behind it. */
  private refresh(
    address: string,
    asked: CachePolicy.Request,
    stored: StoredAnswer,
    validators: CachePolicy.Headers,
    ask: AskOrigin,
  ): void {
    if (this.refreshing.has(stored)) return;
    this.refreshing.add(stored);
    const request = { method: 'GET', target: asked.url ?? '/', headers: asked.headers };
    const again = async (): Promise<void> => {
      const answer = await ask(validators, true);
      if (usableOnError(stored, asked, answer)) return void answer.body.resume();
      if (answer.status === 304) {
        answer.body.resume();
        this.update(address, asked, stored, answer);
        return;
      }
      const kept = await this.keep(request, answer, address, asked);
      if (kept.body && 'resume' in kept.body) await readAll(kept.body);
    };
    again()
      .catch(this.onBackgroundError)
      .finally(() => this.refreshing.delete(stored));
  }
}

/** The stored answer to `request`: 304 to a conditional request it satisfies, no body to a HEAD. */
function reply(
  request: OriginRequest,
  stored: StoredAnswer,
  headers: IncomingHttpHeaders,
  outcome: CacheOutcome,
): CachedAnswer {
  const { status } = stored;
  if (isNotModified(request, status, headers)) return notModified(headers, outcome);
  return { status, headers, body: request.method === 'HEAD' ? undefined : stored.body, outcome };
}

/** `bytes` in memory of their own (neither a view of a larger read nor a slice of Node's shared pool). */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** Whether an answer carries a freshness field (Cache-Control, Expires) or a validator (ETag, Last-Modified). */
function mayServeAgain(headers: IncomingHttpHeaders): boolean {
  return (
    headers['cache-control'] !== undefined ||
    headers.expires !== undefined ||
    headers.etag !== undefined ||
    headers['last-modified'] !== undefined
  );
}

function isNotModified(request: OriginRequest, status: number, headers: IncomingHttpHeaders): boolean {
  return status === 200 && fresh(request.headers, headers);
}

function notModified(headers: IncomingHttpHeaders, outcome: CacheOutcome): CachedAnswer {
  const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = headers;
  return { status: 304, headers: rest, body: undefined, outcome };
}

/** stale-if-error, as the library reads it: the origin failed (no answer, or a 5xx) within the allowance. */
function usableOnError(stored: StoredAnswer, asked: CachePolicy.Request, answer: OriginAnswer | undefined): boolean {
  if (answer && answer.status < 500) return false;
  try {
    const response = answer && { status: answer.status, headers: answer.headers as CachePolicy.Headers };
    const { policy, modified } = stored.policy.revalidatedPolicy(asked, response as CachePolicy.Response);
    return policy === stored.policy && !modified;
  } catch {
    // The library refuses an absent answer when stale-if-error does not allow the stored one.
    return false;
  }
}

function stale(stored: StoredAnswer): IncomingHttpHeaders {
  return stored.policy.responseHeaders();
}
