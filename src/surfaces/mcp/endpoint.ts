// Routes the MCP listener's requests: POST /mcp to the stateless Streamable HTTP handler of both
// protocol eras (era-router.ts), GET /mcp/server-card
// to the card, anything else to a JSON 404. Host, Origin, method and body-size checks run here,
// before the SDK sees the request.
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { isJsonContentType } from '@modelcontextprotocol/server';
import type { Config } from '../../config/config.ts';
import { throttledLog } from '../../kernel/log-throttle.ts';
import type { Logger } from '../../kernel/logger.ts';
import { mcpMaxRequestBytes } from '../../http/request-limits.ts';
import { answerPreflight, createGuards, setCorsHeaders } from './http-guards.ts';
import { sendRefusal, writeJsonRpcError } from './errors.ts';
import { createEraRouter } from './era-router.ts';
import { checkProtocolVersion, checkRequest } from './request-check.ts';
import { createServerCardRoute } from './server-card-route.ts';
import { carryExchange, type McpExchangeOf } from './exchange.ts';
import { serveThroughFetch, type FetchHandler } from './web-bridge.ts';
import { internalErrorMessage } from '../../domain/error-wording.ts';

export const mcpPath = '/mcp';
export const serverCardPath = '/mcp/server-card';

/** Said for a declared Content-Length over the bound and for a body found over it while read. */
const payloadTooLarge = `Payload too large: the limit is ${mcpMaxRequestBytes} bytes.`;

export interface McpEndpoint {
  listener(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

export function createMcpEndpoint(
  config: Pick<Config, 'mcpUrl' | 'baseUrl' | 'usagePreference'>,
  logger: Logger,
  factory: McpServerFactory,
  exchangeOf: McpExchangeOf,
  serverCard: object,
  toolNames?: ReadonlySet<string>,
): McpEndpoint {
  // What the SDK reports here is a request it refused (not JSON, wrong headers, unknown method): a
  // client's fault, so info and throttled; one client must not be able to fill the logs.
  const logRefused = throttledLog(logger, 'info');
  const onerror = (error: Error): void =>
    logRefused({ err: { name: error.name, message: error.message.slice(0, 200) } }, 'mcp request refused');
  const handler = createEraRouter(factory, mcpMaxRequestBytes, onerror);
  const guards = createGuards(config);
  const serveCard = createServerCardRoute(serverCard, config.usagePreference, (res) =>
    writeJsonRpcError(res, 405, 'Method not allowed: the server card is read with GET.', {
      Allow: 'GET, HEAD, OPTIONS',
    }),
  );

  const serveMcp = (req: IncomingMessage, res: ServerResponse): void => {
    if (!guards.hostAllowed(req))
      return writeJsonRpcError(res, 403, 'Forbidden: Host header is not an address of this server.');
    if (!guards.originAllowed(req)) return writeJsonRpcError(res, 403, 'Forbidden: Origin is not allowed.');
    setCorsHeaders(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    if (req.method !== 'POST') {
      return writeJsonRpcError(res, 405, 'Method not allowed: this stateless server takes POST only.', {
        Allow: 'POST, OPTIONS',
      });
    }
    const badVersion = checkProtocolVersion(req.headers['mcp-protocol-version']);
    if (badVersion) return sendRefusal(res, badVersion);
    if (Number(req.headers['content-length'] ?? 0) > mcpMaxRequestBytes) {
      // Answer, then close: keeping the connection would mean reading (draining) the whole body.
      return writeJsonRpcError(res, 413, payloadTooLarge, { Connection: 'close' });
    }
    servePost(req, res).catch((error: unknown) => {
      // Nothing here should throw, but an unhandled rejection would end the process: answer 500.
      logger.error({ err: error }, 'mcp request failed');
      if (res.headersSent) res.destroy();
      else writeJsonRpcError(res, 500, internalErrorMessage);
    });
  };

  const servePost = postServer(exchangeOf, handler, toolNames);

  return {
    listener(req, res) {
      const path = (req.url ?? '/').split('?')[0]?.replace(/\/+$/, '') ?? '';
      if (path === mcpPath) return serveMcp(req, res);
      if (path === serverCardPath) return serveCard(req, res);
      writeJsonRpcError(res, 404, `Not found: the MCP endpoint is ${mcpPath}.`);
    },
    close: () => handler.close(),
  };
}

/** Serves a POST that passed the guards: reads and checks its body, then hands it to the SDK. */
function postServer(
  exchangeOf: McpExchangeOf,
  handler: FetchHandler,
  toolNames: ReadonlySet<string> | undefined,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    // The request's facts, worked out once here and handed to the tool calls it carries.
    const exchange = exchangeOf(req, res);
    const body = await readBody(req, mcpMaxRequestBytes).catch(() => null);
    if (body === null) return void res.destroy(); // The client went away mid-body; no one to answer.
    if (body === undefined) {
      return writeJsonRpcError(res, 413, payloadTooLarge, { Connection: 'close' });
    }
    // Decoding would turn bytes that are not UTF-8 into U+FFFD, and the tools would accept text that differs from what was sent.
    if (!isUtf8(body)) return writeJsonRpcError(res, 400, 'Parse error: the request body is not valid UTF-8.');
    const message = parseJson(req, body.toString('utf8'));
    const refusal = toolNames && message !== undefined ? checkRequest(message, toolNames) : undefined;
    if (refusal) return sendRefusal(res, refusal);
    exchange.calledTool = calledTool(message);
    // The body is parsed once, here, and handed to the SDK's entry as parsedBody: the SDK neither reads
    // nor parses it again. A body that is not JSON goes as its bytes, for the SDK to answer.
    const sent = message === undefined ? { bytes: body } : { parsed: message };
    return serveThroughFetch(handler, req, res, sent, carryExchange(exchange));
  };
}

/** The JSON body of a JSON request, or undefined (not JSON: the SDK answers that in its own words). */
function parseJson(req: IncomingMessage, text: string): unknown {
  if (!isJsonContentType(req.headers['content-type'] ?? null)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The tool a single tools/call message names (checkRequest has checked its params), else undefined. */
function calledTool(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
}

/**
 * The request body, or undefined once it exceeds `limit` bytes; rejects if the request is cut off.
 * Read with events rather than an async iterator, which costs several promises per request.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (settle: () => void): void => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      settle();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) finish(() => resolve(undefined));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(() => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    const onError = (error: Error): void => finish(() => reject(error));
    const onClose = (): void => finish(() => reject(new Error('request closed before its body ended')));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
