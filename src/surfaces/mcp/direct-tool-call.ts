// Serves the common case of a 2026-07-28 `tools/call` without the SDK's per-request machinery. The
// SDK builds a server, a transport and web Request/Response objects for every exchange, several
// times the cost of the tool itself (bench/). A request qualifies only when it is exactly
// what the official client sends and the SDK would serve: the SDK's own classifier routes it to the
// modern era, the standard headers are present and agree with the body, and the tool exists.
// Anything else, including every error answer, is left to the SDK, so those stay the SDK's own.
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  classifyInboundRequest,
  isJsonContentType,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  type CallToolResult,
} from '@modelcontextprotocol/server';
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from '../../kernel/logger.ts';
import { toolCallback, type McpDefinitions } from './build-server.ts';
import type { McpExchange } from './exchange.ts';

/**
 * Answers a qualifying request body with the JSON-RPC response body in UTF-8, as its opening (the
 * result, shared by every call with that result) and its closing (the call's id), or undefined to
 * defer to the SDK. `exchange` is the request's, as the listener built it for the SDK's path too.
 */
export type DirectToolCall = (
  headers: IncomingHttpHeaders,
  body: string,
  exchange: McpExchange,
  parsed?: unknown,
) => Promise<readonly [opening: Buffer, closing: Buffer]> | undefined;

/** The revision whose result shape this file writes; requests for any other go to the SDK. */
const directRevision = '2026-07-28';
const paramKeys = new Set(['name', 'arguments', '_meta']);
/** The per-request envelope keys the classifier validates; any other `_meta` key goes to the SDK. */
const envelopeKeys = new Set([
  PROTOCOL_VERSION_META_KEY,
  CLIENT_INFO_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
]);

export function createDirectToolCall(defs: McpDefinitions, logger: Logger): DirectToolCall {
  const callbacks = new Map(defs.tools.map((tool) => [tool.entry.name, toolCallback(tool, logger)]));
  const resultMeta = { [SERVER_INFO_META_KEY]: defs.info };
  /**
   * The answer's opening up to its `result` member, encoded once for frozen (cached, see
   * result-cache.ts) results, which cannot change. Encoding and measuring a search's ~8 KB of JSON
   * again for every call was a fifth of the call's CPU (bench/).
   */
  const encoded = new WeakMap<CallToolResult, Buffer>();
  const opening = (result: CallToolResult): Buffer => {
    let bytes = encoded.get(result);
    if (bytes === undefined) {
      const member = JSON.stringify({
        ...result,
        resultType: 'complete',
        _meta: result._meta ? { ...result._meta, ...resultMeta } : resultMeta,
      });
      bytes = Buffer.from(`{"result":${member}`);
      if (Object.isFrozen(result)) encoded.set(result, bytes);
    }
    return bytes;
  };
  return (headers, body, exchange, parsed) => {
    const call = qualifyingCall(headers, body, parsed);
    const callback = call && callbacks.get(call.name);
    if (!call || !callback) return undefined;
    return callback(call.arguments, exchange).then(
      (result: CallToolResult) =>
        [opening(result), Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`)] as const,
    );
  };
}

interface ToolCall {
  id: string | number;
  name: string;
  arguments: Record<string, unknown> | undefined;
}

/** `parsed` is the body already parsed by the endpoint, when it did; else the body is parsed here. */
function qualifyingCall(headers: IncomingHttpHeaders, body: string, parsed?: unknown): ToolCall | undefined {
  const method = single(headers['mcp-method']);
  const protocolVersionHeader = single(headers['mcp-protocol-version']);
  const name = single(headers['mcp-name']);
  if (method === undefined || protocolVersionHeader === undefined || name === undefined) return undefined;
  if (stripOws(method) !== 'tools/call' || stripOws(name) !== name) return undefined;
  if (!isJsonContentType(single(headers['content-type']) ?? null)) return undefined;
  let message = parsed;
  try {
    message ??= JSON.parse(body);
  } catch {
    return undefined;
  }
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader,
    mcpMethodHeader: method,
    mcpNameHeader: name,
    body: message,
  });
  if (route.kind !== 'modern' || route.messageKind !== 'request' || route.message.method !== 'tools/call')
    return undefined;
  if (route.classification.revision !== directRevision || protocolVersionHeader !== directRevision) return undefined;
  const params = route.message.params;
  if (!isPlainObject(params) || !Object.keys(params).every((key) => paramKeys.has(key))) return undefined;
  if (params.name !== name) return undefined;
  if (!isPlainObject(params._meta) || !Object.keys(params._meta).every((key) => envelopeKeys.has(key)))
    return undefined;
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return undefined;
  return { id: route.message.id, name, arguments: params.arguments };
}

/** RFC 9110 optional whitespace, as the SDK strips it from these headers. */
function stripOws(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, '');
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
