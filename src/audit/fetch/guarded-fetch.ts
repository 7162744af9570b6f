// The audit's one way out: a fetch (the shape the MCP and A2A SDK clients take) that checks every
// URL and redirect against the policy, connects only to checked addresses, sends no cookie or
// credential, names the auditor in User-Agent, and keeps to the limits in limits.ts.
import { Agent, fetch as undiciFetch, type Response as UndiciResponse } from 'undici';
import type { FetchPolicy } from './address-policy.ts';
import { checkedLookup } from './connect-lookup.ts';
import { FetchFailed, FetchRefused } from './errors.ts';
import { auditLimits, type AuditLimits } from './limits.ts';
import { checkTarget } from './target.ts';

export interface AuditFetcher {
  /** The guarded fetch; a refused URL rejects with FetchRefused, any other failure with FetchFailed. */
  fetch: typeof globalThis.fetch;
  /** The same guarded fetch presenting another User-Agent (the edge check asks as a browser and as each agent). */
  fetchAs(userAgent: string): typeof globalThis.fetch;
  /** Requests sent so far, redirects included. */
  readonly used: number;
  /** Ends every connection the audit opened. */
  close(): Promise<void>;
}

export interface AuditFetcherOptions {
  policy: FetchPolicy;
  userAgent: string;
  limits?: Partial<AuditLimits>;
}

const redirects = new Set([301, 302, 303, 307, 308]);
const stripped = ['cookie', 'authorization', 'proxy-authorization'];

export function createAuditFetcher(options: AuditFetcherOptions): AuditFetcher {
  const limits: AuditLimits = { ...auditLimits, ...options.limits };
  const { policy } = options;
  const agent = new Agent({
    connect: { lookup: checkedLookup(policy), timeout: limits.fetchTimeoutMs },
    connections: 4,
  });
  const auditSignal = AbortSignal.timeout(limits.auditTimeoutMs);
  let used = 0;
  const read = { bytes: 0 };

  async function guardedFetch(
    userAgent: string,
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> {
    const request = input instanceof Request ? input : undefined;
    let url = checkTarget(request ? request.url : String(input), policy);
    let method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    let body = init.body ?? (request?.body ? await request.text() : undefined);
    const headers = new Headers(init.headers ?? request?.headers);
    for (const name of stripped) headers.delete(name);
    headers.set('user-agent', userAgent);
    for (let hop = 0; ; hop += 1) {
      used += 1;
      if (used > limits.maxFetches)
        throw new FetchFailed(url.href, { key: 'tooManyFetches', values: { max: limits.maxFetches } });
      const signals = [auditSignal, AbortSignal.timeout(limits.fetchTimeoutMs), ...(init.signal ? [init.signal] : [])];
      let response: UndiciResponse;
      try {
        response = await undiciFetch(url, {
          method,
          headers: Object.fromEntries(headers),
          body: body as string | undefined,
          redirect: 'manual',
          dispatcher: agent,
          signal: AbortSignal.any(signals),
          credentials: 'omit',
        });
      } catch (error) {
        throw failure(error, url.href, auditSignal.aborted ? limits.auditTimeoutMs / 1000 : undefined);
      }
      const location = response.headers.get('location');
      if (!redirects.has(response.status) || location === null) return bounded(response, url.href, limits, read);
      await response.body?.cancel();
      if (hop >= limits.maxRedirects)
        throw new FetchFailed(url.href, { key: 'tooManyRedirects', values: { max: limits.maxRedirects } });
      url = checkTarget(location, policy, url);
      if (response.status === 303 || (response.status <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
    }
  }

  return {
    fetch: guardedFetch.bind(undefined, options.userAgent) as typeof globalThis.fetch,
    fetchAs: (userAgent) => guardedFetch.bind(undefined, userAgent) as typeof globalThis.fetch,
    get used() {
      return used;
    },
    // Destroyed, not drained: a stream a check left open must not hold the audit past its report.
    close: () => agent.destroy(),
  };
}

/** The response with a body that errors (FetchFailed) past the response's or the audit's byte limit instead of growing. */
function bounded(response: UndiciResponse, url: string, limits: AuditLimits, read: { bytes: number }): Response {
  const max = limits.maxResponseBytes;
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > max) {
    void response.body?.cancel();
    throw new FetchFailed(url, { key: 'declaredTooLarge', values: { declared, max } });
  }
  let seen = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      read.bytes += chunk.byteLength;
      if (seen > max) controller.error(new FetchFailed(url, { key: 'tooLarge', values: { max } }));
      else if (read.bytes > limits.maxAuditBytes)
        controller.error(new FetchFailed(url, { key: 'auditBytes', values: { max: limits.maxAuditBytes } }));
      else controller.enqueue(chunk);
    },
  });
  const nullBody = [101, 204, 205, 304].includes(response.status) || !response.body;
  const result = new Response(nullBody ? null : (response.body as ReadableStream<Uint8Array>).pipeThrough(limit), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers as unknown as Headers,
  });
  Object.defineProperty(result, 'url', { value: url });
  return result;
}

function failure(error: unknown, url: string, auditSecondsRanOut: number | undefined): Error {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof FetchRefused) return cause;
  if (auditSecondsRanOut !== undefined)
    return new FetchFailed(url, { key: 'auditTime', values: { seconds: auditSecondsRanOut } });
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return new FetchFailed(url, { key: 'noAnswer' });
  const code = (cause as { code?: string } | undefined)?.code;
  const problem = code ?? (cause instanceof Error ? cause.message : String(error));
  return new FetchFailed(url, { key: 'network', values: { problem } });
}
