// The one exchange with the origin: a forwarded request in, the origin's answer (status, passable
// headers, the body whole when it came with them, else streamed: arrived-body.ts) out. Everything
// between is bounded: a pool of ORIGIN_CONNECTIONS with at most ORIGIN_QUEUE waiting, a deadline on
// each wait (a free connection, connecting, the response headers, each gap in the body) and on the
// whole exchange; TLS is always verified. Any failure is an OriginFailure for this request alone. A
// cache or an observer of answers wraps `exchange`.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import tls from 'node:tls';
import { Pool } from 'undici';
import type { FrontSettings } from '../../config/front.ts';
import type { ClientPresence } from './client-presence.ts';
import { type Gate, GateRefusal, gate, queueFull } from './gate.ts';
import { arrivedWhole } from './arrived-body.ts';
import { passableHeaders } from './hop-by-hop.ts';
import { BodyTooLargeError, UploadStalledError } from './upload.ts';

export interface ForwardedRequest {
  method: string;
  /** The path and query asked of the origin, exactly as sent. */
  target: string;
  headers: Record<string, string | string[]>;
  body?: Readable;
  /** The client it is for: when it goes away, the exchange stops and its connection is freed. */
  client?: ClientPresence;
}

export interface OriginAnswer {
  status: number;
  /** End-to-end headers only (hop-by-hop and malformed ones dropped); Set-Cookie always a list. */
  headers: Record<string, string | string[]>;
  /** Streamed; reading it to the end or destroying it frees the connection. */
  body: Readable;
  /** The whole body, when it is in memory (the cache's, or one that came with its headers): sent as it is. */
  bytes?: Buffer;
}

export type OriginExchange = (request: ForwardedRequest) => Promise<OriginAnswer>;

/**
 * Why the origin gave no answer: `down` (refused, broken or malformed: 502), `busy` (too many waiting:
 * 503), `slow` (a deadline passed: 504), `too_large` or `stalled` (the client's upload: 413, 408),
 * `gone` (the client left).
 */
export class OriginFailure extends Error {
  override name = 'OriginFailure';
  readonly kind: 'down' | 'busy' | 'slow' | 'too_large' | 'stalled' | 'gone';
  constructor(kind: OriginFailure['kind'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}

export interface Upstream {
  exchange: OriginExchange;
  /** Exchanges under way and waiting, for the bounds' tests and metrics. */
  load: Gate['load'];
  close(): Promise<void>;
}

const timeouts = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The settings the exchange reads: the origin, its bounds and the CAs its TLS trusts. */
export type UpstreamSettings = Pick<
  FrontSettings,
  'originUrl' | 'timeoutMs' | 'totalTimeoutMs' | 'connections' | 'queue' | 'responseBodyBytes' | 'extraCa'
>;

export function originUpstream(settings: UpstreamSettings): Upstream {
  const pool = new Pool(settings.originUrl, {
    connections: settings.connections,
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
    maxResponseSize: settings.responseBodyBytes,
    // Verified always; ORIGIN_CA_FILE's CAs are trusted beside the system's, never instead of them.
    connect: {
      timeout: settings.timeoutMs,
      rejectUnauthorized: true,
      ...(settings.extraCa.length > 0 && { ca: [...tls.rootCertificates, ...settings.extraCa] }),
    },
  });
  const slots = gate(settings.connections, settings.queue);
  // A free connection is taken at once; only a request that must wait for one pays for the wait.
  const exchange: OriginExchange = (request) => {
    const free = slots.take();
    if (free) return ask(request, free);
    return slots.wait(settings.timeoutMs, request.client).then(
      (release) => ask(request, release),
      (error: unknown) => {
        throw failureOf(error, request.client);
      },
    );
  };
  const ask = async (request: ForwardedRequest, release: () => void): Promise<OriginAnswer> => {
    // One stop ends the exchange: the total deadline, or the client leaving.
    const stop = new ExchangeStop();
    const deadline = setTimeout(
      () => stop.abort(new OriginFailure('slow', 'the exchange outlived ORIGIN_TOTAL_TIMEOUT_MS')),
      settings.totalTimeoutMs,
    );
    // Never what keeps the process alive: it only cuts off an exchange still under way.
    deadline.unref();
    const { client } = request;
    const clientLeft = (): void => stop.abort(new OriginFailure('gone', 'the client went away'));
    let stopListening: (() => void) | undefined;
    if (client?.gone) clientLeft();
    else stopListening = client?.onGone(clientLeft);
    const done = (): void => {
      clearTimeout(deadline);
      stopListening?.();
      release();
    };
    try {
      const answer = await pool.request({
        path: request.target,
        method: request.method as 'GET',
        headers: request.headers,
        body: request.body ?? null,
        signal: stop,
      });
      // The slot is the connection's: it frees when the body has been read or given up.
      answer.body.once('close', done);
      // Whoever reads the body sees its failure; one that fails unread must not end the process.
      answer.body.on('error', () => {});
      const { statusCode: status, body } = answer;
      const headers = passableHeaders(answer.headers);
      const bytes = hasBody(request.method, status) ? await arrivedWhole(body, wholeBodyBytes) : undefined;
      return bytes ? new WholeAnswer(status, headers, bytes) : { status, headers, body };
    } catch (error) {
      done();
      throw failureOf(error, request.client);
    }
  };
  // At shutdown the listener has stopped: exchanges still open after a moment's grace are cut.
  const close = async (): Promise<void> => {
    const grace = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
    await Promise.race([pool.close(), grace]);
    await pool.destroy();
  };
  return { exchange, load: slots.load, close };
}

/** The longest body taken whole when it has arrived with its headers (arrived-body.ts); a longer one streams. */
const wholeBodyBytes = 256 * 1024;

/** Whether an answer has a body to read: not one to HEAD, nor a 204 or 304 (RFC 9110 6.4.1). */
function hasBody(method: string, status: number): boolean {
  return method !== 'HEAD' && status !== 204 && status !== 304 && status >= 200;
}

/**
 * An answer whose body is in memory: its bytes for the route to send whole, and a stream of them
 * made only for whoever reads the body as one (robots.txt, the sitemap).
 */
export class WholeAnswer implements OriginAnswer {
  readonly status: number;
  readonly headers: OriginAnswer['headers'];
  readonly bytes: Buffer;
  #body: Readable | undefined;
  constructor(status: number, headers: OriginAnswer['headers'], bytes: Buffer) {
    this.status = status;
    this.headers = headers;
    this.bytes = bytes;
  }
  get body(): Readable {
    this.#body ??= Readable.from([this.bytes], { objectMode: false });
    return this.#body;
  }
}

/** The failure of every request the full queue refuses: one, like the refusal itself (gate.ts). */
const busy = new OriginFailure('busy', queueFull.message);

function failureOf(error: unknown, client: ClientPresence | undefined): OriginFailure {
  if (error instanceof OriginFailure) return error;
  if (error === queueFull && !client?.gone) return busy;
  const cause = { cause: error };
  if (client?.gone) return new OriginFailure('gone', 'the client went away', cause);
  if (error instanceof BodyTooLargeError) return new OriginFailure('too_large', error.message, cause);
  if (error instanceof UploadStalledError) return new OriginFailure('stalled', error.message, cause);
  if (error instanceof GateRefusal) return new OriginFailure('slow', error.message, cause);
  const code = (error as { code?: string; name?: string }).code;
  if ((code && timeouts.has(code)) || (error as Error)?.name === 'TimeoutError')
    return new OriginFailure('slow', 'the origin did not answer in time', cause);
  return new OriginFailure('down', `the origin gave no usable answer: ${(error as Error)?.message ?? error}`, cause);
}

/**
 * What undici is given as an exchange's signal: an EventEmitter with `aborted` and `reason`, which
 * undici takes as it takes an AbortSignal (`signal: AbortSignal | EventEmitter`) and which costs a
 * request less than an AbortController and its EventTarget listeners.
 */
class ExchangeStop extends EventEmitter {
  aborted = false;
  reason: unknown;
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}
