// A response body that does not change while the process runs (a page, a discovery document, a
// serialised API page), with its brotli and gzip variants made on first demand, off the event loop,
// and kept in the response cache by ETag (so under its bound, and shared by equal bodies); and the
// one `sendFixed` that picks the variant from Accept-Encoding (q-values) and answers a request that
// already holds the body's ETag with 304, so clients and caches in front revalidate for a few bytes.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedMemo } from '../cache/bounded-memo.ts';
import { keptSlot } from '../cache/kept-slot.ts';
import type { CacheNamespace, CacheNamespaceName, ResponseCache } from '../cache/response-cache.ts';

export type ContentCoding = 'br' | 'gzip';
type Coding = ContentCoding | 'identity';

/** Below this size a compressed body saves less than its headers and the client's inflate cost. */
export const compressionThreshold = 1024;
/** Brotli at its best ratio is slow on multi-megabyte bodies (llms-full.txt with 10 000 studies). */
const bestRatioLimit = 512 * 1024;
// Preference order breaks q-value ties: brotli is smaller than gzip on every body served here.
const codings: Coding[] = ['br', 'gzip', 'identity'];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compress(coding: ContentCoding, bytes: Buffer): Promise<Buffer> {
  if (coding === 'gzip') return gzip(bytes, { level: 9 });
  const quality = bytes.length <= bestRatioLimit ? zlib.constants.BROTLI_MAX_QUALITY : 6;
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** A compressed variant is sized by its bytes. */
const variantBytes = (bytes: Buffer): number => bytes.length;

/** One fixed body and its media type; `bytes(coding)` makes a compressed variant and keeps it in `cache`. */
export class FixedBody {
  readonly identity: Buffer;
  readonly type: string;
  /** Compressed variants by the ETag of their coding. */
  readonly #variants: CacheNamespace<Buffer>;
  // The validators as fields of the body itself (not a record beside it): a request reads one object.
  #identityTag: string | undefined;
  #brTag = '';
  #gzipTag = '';
  // Each compressed variant held here while the cache keeps it (kept-slot.ts): read with no lookup.
  readonly #brHeld = keptSlot<Buffer>();
  readonly #gzipHeld = keptSlot<Buffer>();

  constructor(body: string | Buffer, type: string, cache: ResponseCache) {
    this.identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    this.type = type;
    this.#variants = cache.namespace('variant', variantBytes);
  }

  /** Whether the body is large enough to be sent compressed (and so varies by Accept-Encoding). */
  get compressible(): boolean {
    return this.identity.length >= compressionThreshold;
  }

  /** Strong validator of the identity bytes; each coding gets its own (RFC 9110 §8.8.3.3). */
  etag(coding: Coding): string {
    if (this.#identityTag === undefined) {
      const hash = createHash('sha256').update(this.identity).digest('base64url').slice(0, 27);
      this.#brTag = `"${hash}-br"`;
      this.#gzipTag = `"${hash}-gzip"`;
      this.#identityTag = `"${hash}"`;
    }
    return coding === 'identity' ? this.#identityTag : coding === 'br' ? this.#brTag : this.#gzipTag;
  }

  /** The bytes for `coding`: already made, or one shared compression for concurrent first requests. */
  bytes(coding: Coding): Buffer | Promise<Buffer> {
    if (coding === 'identity') return this.identity;
    // The coding's ETag names exactly these bytes compressed this way. Concurrent first requests
    // share one compression; a failed one is not kept, so the next request tries again.
    return this.#variants.rememberAsyncIn(coding === 'br' ? this.#brHeld : this.#gzipHeld, this.etag(coding), () =>
      compress(coding, this.identity),
    );
  }
}

/** A body is sized by its encoded bytes (its compressed variants are kept, and sized, on their own). */
const bodyBytes = (body: FixedBody): number => body.identity.length;

/** A namespace of `cache` that keeps FixedBody values, e.g. `fixedBodies(cache, 'body')` for pages. */
export function fixedBodies(cache: ResponseCache, name: CacheNamespaceName): CacheNamespace<FixedBody> {
  return cache.namespace(name, bodyBytes);
}

// Clients send few distinct Accept-Encoding values; each is parsed once.
const choices = new BoundedMemo<string, Coding>(1_000);

/** The coding to answer with: the client's highest q-value among br and gzip, else identity. */
export function chooseCoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return 'identity';
  const known = choices.get(acceptEncoding);
  if (known) return known;
  const header = acceptEncoding.toLowerCase();
  // The library reads "*" as its first choice even when that coding is listed with q=0, so
  // codings the client refuses by name are taken out of the offer first.
  const offered = codings.filter(
    (coding) => !new RegExp(`(?:^|,)\\s*${coding}\\s*;\\s*q\\s*=\\s*0(?:\\.0*)?\\s*(?:,|$)`).test(header),
  );
  const chosen = (negotiate(header, offered) as Coding | null) ?? 'identity';
  return choices.set(acceptEncoding, chosen);
}

/** Adds `field` to the reply's Vary header once (other negotiations set it too, e.g. Accept). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', field);
    return;
  }
  // The common case on pages (negotiated by Accept first), without splitting.
  if (current === 'Accept' && field === 'Accept-Encoding') {
    reply.header('vary', 'Accept, Accept-Encoding');
    return;
  }
  const list = typeof current === 'string' && current ? current.split(',').map((value) => value.trim()) : [];
  if (!list.some((value) => value.toLowerCase() === field.toLowerCase()))
    reply.header('vary', [...list, field].join(', '));
}

/**
 * Sends `body` (status and other headers set by the caller) in the coding the request accepts,
 * with Content-Type, Vary, ETag and the matching Content-Length; HEAD gets the same headers.
 * A matching If-None-Match on a 200 answers 304: the same validator and caching headers, no body.
 * @example return sendFixed(request, reply, new FixedBody(html, 'text/html; charset=utf-8', services.responseCache));
 */
export async function sendFixed(request: FastifyRequest, reply: FastifyReply, body: FixedBody): Promise<FastifyReply> {
  let coding: Coding = 'identity';
  if (body.compressible) {
    addVary(reply, 'Accept-Encoding');
    coding = chooseCoding(request.headers['accept-encoding']);
  }
  const etag = body.etag(coding);
  reply.header('content-type', body.type).header('etag', etag);
  if (reply.statusCode === 200 && ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  const pending = body.bytes(coding);
  return reply.send(pending instanceof Buffer ? pending : await pending);
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
