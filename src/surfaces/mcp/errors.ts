// Every failure as MCP answers it, in one place: a call's domain error as a tool error an agent can
// act on, in the site's language (validation lists every field, a spent budget says when to retry,
// in _meta too), a fault of ours hidden behind one message, and the JSON-RPC error bodies of
// requests refused before or while they are read (protocol errors, in English). The domain's words
// come from src/domain/error-wording.ts, as on every surface, and are said by failure-text.ts.
import type { ServerResponse } from 'node:http';
import { ProtocolError, ProtocolErrorCode, type CallToolResult } from '@modelcontextprotocol/server';
import type { RefusalBody } from '../../http/listener-limits.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Logger } from '../../kernel/logger.ts';
import { enquiryUnavailableMessage, internalErrorMessage } from '../../domain/error-wording.ts';
import {
  failureText,
  fieldProblems,
  idempotencyConflictText,
  rateLimitedText,
} from '../../domain/language/failure-text.ts';
import type { UiText } from '../../domain/language/ui-text.ts';

/** A tool error the calling agent should read and act on. */
function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * A failed tool call as a tool error in the words of `ui` (the site's language); anything but an
 * AppError is logged and becomes the generic message.
 */
export function toolFailure(error: unknown, logger: Logger, tool: string, ui: UiText): CallToolResult {
  if (!(error instanceof AppError)) {
    logger.error({ err: error, tool }, 'mcp tool failed');
    return toolError(failureText(ui, internalErrorMessage));
  }
  switch (error.code) {
    case 'invalid_request': {
      const fields = fieldProblems(ui, error.fieldErrors).map((f) => `- ${f.field}: ${f.message}`);
      return toolError([ui.text('answers.mcp.invalid'), ...fields].join('\n'));
    }
    case 'rate_limited': {
      const retryAfter = error.retryAfter ?? 60;
      // retryAfter as a number in _meta, not structuredContent: an error's structuredContent would
      // have to match the tool's output schema, and SDK clients that check it throw instead of
      // showing the error (the HTTP answer carries Retry-After as well).
      return { ...toolError(rateLimitedText(ui, error.message, retryAfter)), _meta: { retryAfter } };
    }
    case 'idempotency_conflict': {
      const text = toolError(idempotencyConflictText(ui, error.message, error.retryAfter));
      // In flight: when to retry, in _meta as for a spent budget.
      return error.retryAfter === undefined ? text : { ...text, _meta: { retryAfter: error.retryAfter } };
    }
    case 'upstream_error':
      return toolError(failureText(ui, enquiryUnavailableMessage));
    default:
      return toolError(failureText(ui, error.message));
  }
}

/**
 * A resource read's failure: protocol errors (e.g. resource not found) pass as they are; anything
 * else is logged and answered -32603 with the generic message, as the SDK would quote a fault's own text.
 */
export function resourceFailure(error: unknown, logger: Logger, resource: string): never {
  if (error instanceof ProtocolError) throw error;
  logger.error({ err: error, resource }, 'mcp resource failed');
  throw new ProtocolError(ProtocolErrorCode.InternalError, internalErrorMessage);
}

/** The body refusing a request before it was read: no id, code -32000. */
function unreadRefusalBody(message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

/** Writes a JSON-RPC error response with no request id (the request was refused before parsing). */
export function writeJsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendRefusal(res, { status, body: unreadRefusalBody(message) }, headers);
}

/** What the MCP listener's limits (slow or oversized requests) answer, in the same body. */
export const listenerRefusal: RefusalBody = (_status, message) => ({
  contentType: 'application/json',
  body: unreadRefusalBody(message),
});

/** A refusal of a request read far enough to check: the HTTP status and the JSON-RPC error body. */
export interface Refusal {
  status: number;
  body: string;
}

export function refusal(status: number, id: string | number | null, code: number, message: string): Refusal {
  return { status, body: JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) };
}

/** Writes a refusal, with `headers` besides (Allow, Connection). */
export function sendRefusal(
  res: ServerResponse,
  { status, body }: Refusal,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    .end(body);
}
