// The facts of one MCP exchange (one HTTP request), built once by the listener when the request
// arrives and passed explicitly to each tool call it carries: the capabilities' call context, the
// caller, and the response for headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { CallContext } from '../../capabilities/call-context.ts';
import type { Caller, CallerRequest } from '../../domain/callers/caller.ts';
import { requestCaller, type RequestCaller } from '../../domain/callers/request-caller.ts';
import type { Logger } from '../../kernel/logger.ts';
import type { McpDeps } from './deps.ts';

export interface McpExchange {
  /** What every capability called in this exchange reads (client key, caller, Authorization). */
  context: CallContext;
  /** The caller, classified once per exchange; a signed request's Promise settles once verified. */
  caller(): Caller | Promise<Caller>;
  /** The HTTP response, for headers such as RateLimit; absent when there is no HTTP answer to shape. */
  response: ServerResponse | undefined;
  /** The tool a single tools/call request names, set once its body is read; the server built for it holds just that tool. */
  calledTool?: string;
}

/** Builds the exchange of a request as it arrives. */
export type McpExchangeOf = (req: IncomingMessage, res?: ServerResponse) => McpExchange;

export function mcpExchangeOf(deps: Pick<McpDeps, 'clientAddress' | 'logger' | 'callers' | 'insight'>): McpExchangeOf {
  return (req, res) => {
    const request = mcpCallerRequest(req);
    const classified = requestCaller(request, deps.callers);
    const recognise = (): Caller => deps.insight.callerOf(request);
    const context = new ExchangeContext(
      deps.clientAddress.keyOf(req),
      req.headers.authorization,
      deps.logger,
      classified,
      recognise,
    );
    return { context, caller: () => classified.get(), response: res };
  };
}

/**
 * An exchange's call context. A class rather than an object literal with a getter: V8 defines a
 * literal's accessor with a runtime call on every request, a class's getter once.
 */
class ExchangeContext implements CallContext {
  readonly channel = 'mcp' as const;
  readonly client: string;
  readonly authorization: string | undefined;
  readonly logger: Logger;
  readonly #classified: RequestCaller;
  readonly #recognise: () => Caller;
  #recognised: Caller | undefined;

  constructor(
    client: string,
    authorization: string | undefined,
    logger: Logger,
    classified: RequestCaller,
    recognise: () => Caller,
  ) {
    this.client = client;
    this.authorization = authorization;
    this.logger = logger;
    this.#classified = classified;
    this.#recognise = recognise;
  }

  /** The classified caller once known, else the one recognition sees (its User-Agent); worked out only if read. */
  get caller(): Caller {
    return this.#classified.settled() ?? (this.#recognised ??= this.#recognise());
  }
}

/**
 * The SDK hands its server factory one thing per request from the listener: the pass-through
 * authentication info (no token is checked here), so the exchange travels in its `extra`.
 */
const exchangeKey = 'agentsiteExchange';

export function carryExchange(exchange: McpExchange): AuthInfo {
  return { token: '', clientId: '', scopes: [], extra: { [exchangeKey]: exchange } };
}

/** The exchange the listener attached; throws without one (a wiring bug). */
export function exchangeCarried(authInfo: AuthInfo | undefined): McpExchange {
  const exchange = authInfo?.extra?.[exchangeKey] as McpExchange | undefined;
  if (!exchange) throw new Error('No MCP exchange for this request');
  return exchange;
}

/** What caller recognition reads of an MCP exchange's request. */
export function mcpCallerRequest(req: IncomingMessage): CallerRequest {
  return {
    method: req.method ?? 'POST',
    authority: req.headers.host ?? '',
    path: req.url ?? '/mcp',
    headers: req.headers,
  };
}
