// Shapes tool results: structuredContent plus a text rendering for clients that only read text,
// and tool errors (isError) for failures an agent can act on. AppError codes map here, once.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { AppError } from '../../kernel/errors.ts';
import {
  enquiryUnavailableMessage,
  internalErrorMessage,
  idempotencyConflictWording,
  rateLimitedWording,
} from '../../domain/error-wording.ts';

/** A successful result: `structured` as structuredContent and `text` (markdown) as the content. */
export function toolResult(structured: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A tool error the calling agent should read and act on. */
export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * Renders a domain error as a tool error: validation lists every field, a rate limit says when to
 * retry. Anything that is not an AppError becomes a generic message (no internals reach a client).
 */
export function errorResult(error: unknown): CallToolResult {
  if (!(error instanceof AppError)) return toolError(internalErrorMessage);
  switch (error.code) {
    case 'invalid_request':
      return toolError(
        ['The request is invalid:', ...error.fieldErrors.map((f) => `- ${f.field}: ${f.message}`)].join('\n'),
      );
    case 'rate_limited': {
      const retryAfter = error.retryAfter ?? 60;
      // retryAfter as a number in _meta, not structuredContent: an error's structuredContent would
      // have to match the tool's output schema, and SDK clients that check it throw instead of
      // showing the error (the HTTP answer carries Retry-After as well).
      return { ...toolError(rateLimitedWording(error.message, retryAfter)), _meta: { retryAfter } };
    }
    case 'idempotency_conflict': {
      const text = toolError(idempotencyConflictWording(error.message, error.retryAfter));
      // In flight: when to retry, in _meta as for a spent budget.
      return error.retryAfter === undefined ? text : { ...text, _meta: { retryAfter: error.retryAfter } };
    }
    case 'upstream_error':
      return toolError(enquiryUnavailableMessage);
    default:
      return toolError(error.message);
  }
}
