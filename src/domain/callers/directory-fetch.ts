// The two HTTP rules of a key directory fetch: how long its answer may be cached (RFC 9111's
// max-age, then Expires, within bounds) and reading a body no larger than a limit.

export interface TtlBounds {
  minTtlMs: number;
  maxTtlMs: number;
}

/**
 * How long to keep a response: `s-maxage`/`max-age`, else `Expires` − `Date`, clamped to the bounds;
 * `no-store`/`no-cache` or no header gives the floor (we still need a working set of keys).
 * @example cacheLifetimeMs(new Headers({ 'cache-control': 'max-age=600' }), Date.now(), b) // 600 000 within b
 */
export function cacheLifetimeMs(headers: Headers, now: number, bounds: TtlBounds): number {
  const clamp = (ms: number): number => Math.min(bounds.maxTtlMs, Math.max(bounds.minTtlMs, ms));
  const cacheControl = headers.get('cache-control')?.toLowerCase() ?? '';
  if (/(^|[\s,])(no-store|no-cache)($|[\s,=])/.test(cacheControl)) return bounds.minTtlMs;
  const maxAge =
    /(?:^|[\s,])s-maxage\s*=\s*"?(\d+)/.exec(cacheControl) ?? /(?:^|[\s,])max-age\s*=\s*"?(\d+)/.exec(cacheControl);
  if (maxAge) return clamp(Number(maxAge[1]) * 1000);
  const expires = Date.parse(headers.get('expires') ?? '');
  if (!Number.isNaN(expires)) {
    const date = Date.parse(headers.get('date') ?? '');
    return clamp(expires - (Number.isNaN(date) ? now : date));
  }
  return bounds.minTtlMs;
}

/** The response body as text, or an error once it passes `maxBytes` (the rest is not read). */
export async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new Error('directory too large');
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error('directory too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
