// The importer's one way to the origin: a GET through undici that follows redirects itself (so a
// loop is named as a loop, and a redirect off the site is not followed), stops each request at its
// timeout or the import's deadline, and reads at most `maxBytes` of a body: a bigger page is refused
// from its Content-Length or, without one, by cancelling the stream once the limit is passed, so a
// 10 MB page never sits in memory whole. Every address and redirect passes the guard first
// (import-guard.ts): the operator's host, or a public address.
import { setTimeout } from 'node:timers/promises';
import { fetch } from 'undici';
import { createImportGuard, type ImportGuard, refusalOf } from './import-guard.ts';
import type { ImportLimits } from './options.ts';

export type Fetched =
  | {
      ok: true;
      url: URL;
      status: number;
      contentType: string;
      lastModified?: string;
      contentLanguage?: string;
      etag?: string;
      body: Buffer;
    }
  | { ok: false; url: URL; reason: string; status?: number; unreachable?: boolean };

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export interface PageFetcher {
  /** `anyOrigin`: follow redirects to another origin too (only for the start URL: http → https, apex → www). */
  get(url: URL, maxBytes?: number, anyOrigin?: boolean): Promise<Fetched>;
  close(): Promise<void>;
}

/** A fetcher for an import of the site the operator named at `requested`. */
export function createFetcher(limits: ImportLimits, deadline: AbortSignal, requested: URL): PageFetcher {
  const guard = createImportGuard(requested.hostname, limits.concurrency, limits.requestTimeoutMs);
  return {
    get: (url, maxBytes = limits.maxPageBytes, anyOrigin = false) =>
      getFollowing(url, maxBytes, limits, guard, deadline, anyOrigin),
    close: () => guard.close(),
  };
}

async function getFollowing(
  start: URL,
  maxBytes: number,
  limits: ImportLimits,
  guard: ImportGuard,
  deadline: AbortSignal,
  anyOrigin: boolean,
): Promise<Fetched> {
  const seen = [start.href];
  let url = start;
  let retried = false;
  for (;;) {
    const route = guard.route(url);
    if ('refused' in route) return { ok: false, url, reason: route.refused };
    const signal = AbortSignal.any([deadline, AbortSignal.timeout(limits.requestTimeoutMs)]);
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        dispatcher: route.agent,
        signal,
        headers: {
          'user-agent': limits.userAgent,
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.5',
        },
      });
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) return { ok: false, url, reason: refused };
      return { ok: false, url, reason: networkReason(error, deadline, limits), unreachable: !deadline.aborted };
    }
    const location = response.headers.get('location');
    if (redirectStatuses.has(response.status) && location !== null) {
      await response.body?.cancel();
      const next = URL.canParse(location, url.href) ? new URL(location, url) : undefined;
      if (!next) return { ok: false, url, reason: `redirects to an unreadable address "${location.slice(0, 80)}"` };
      next.hash = '';
      if (seen.includes(next.href))
        return { ok: false, url: start, reason: `redirect loop: ${[...seen, next.href].map(pathOf).join(' → ')}` };
      if (next.origin !== start.origin && !anyOrigin)
        return { ok: false, url: start, reason: `redirects off the site, to ${next.href}` };
      if (seen.length > limits.maxRedirects)
        return { ok: false, url: start, reason: `more than ${limits.maxRedirects} redirects` };
      seen.push(next.href);
      url = next;
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      // A site that asks us to slow down (429, 503) is asked once more, after the pause it names.
      const pause = retryPause(response.status, response.headers.get('retry-after'), retried);
      if (pause !== undefined && !deadline.aborted) {
        retried = true;
        await setTimeout(pause, undefined, { signal: deadline }).catch(() => {});
        continue;
      }
      return { ok: false, url, status: response.status, reason: `HTTP ${response.status}` };
    }
    const read = await readBounded(response, maxBytes, deadline, limits);
    if (typeof read === 'string') return { ok: false, url, status: response.status, reason: read };
    const lastModified = response.headers.get('last-modified') ?? undefined;
    const contentLanguage = response.headers.get('content-language') ?? undefined;
    const etag = response.headers.get('etag') ?? undefined;
    return {
      ok: true,
      url,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      ...(lastModified && { lastModified }),
      ...(contentLanguage && { contentLanguage }),
      ...(etag && { etag }),
      body: read,
    };
  }
}

/** The body, or why it was not read: over `maxBytes` (declared or streamed), or the read failed. */
async function readBounded(
  response: Awaited<ReturnType<typeof fetch>>,
  maxBytes: number,
  deadline: AbortSignal,
  limits: ImportLimits,
): Promise<Buffer | string> {
  const tooBig = `skipped: larger than the ${formatBytes(maxBytes)} read per page`;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    return `${tooBig} (${formatBytes(declared)} declared)`;
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // Stop reading (and let the connection go) instead of holding a page we will not import.
      if (total > maxBytes) {
        await reader.cancel();
        return `${tooBig} (stopped reading after ${formatBytes(total)})`;
      }
      chunks.push(value);
    }
  } catch (error) {
    return networkReason(error, deadline, limits);
  }
  return Buffer.concat(chunks);
}

function networkReason(error: unknown, deadline: AbortSignal, limits: ImportLimits): string {
  if (deadline.aborted) return `the import's time limit (${limits.timeLimitMs / 1000} s) ran out`;
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${limits.requestTimeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `could not connect (${cause?.code ?? cause?.message ?? (error as Error).message})`;
}

/** How long to wait before asking again: Retry-After (seconds, at most 10), else 2 s; none after one retry. */
function retryPause(status: number, retryAfter: string | null, retried: boolean): number | undefined {
  if (retried || (status !== 429 && status !== 503)) return undefined;
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : 2;
  return Math.min(seconds, 10) * 1000;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

function pathOf(href: string): string {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}
