// The one renderer of every A2A failure this service words itself, for both bindings: each kind has
// one row (the closed error code whose HTTP status it answers with, its JSON-RPC code, its
// google.rpc.Status name) with its wording beside it. Protocol errors the SDK words (task not found,
// invalid params, unsupported operation…) keep the SDK's mapping; a spent budget, the database down,
// a body that could not be read and any fault of ours leave here. Nothing internal reaches a client.
// The domain's failures are told in the site's language; a body fault is a protocol error, in English.
import { A2AError, restStatusFor } from '@a2a-js/sdk/errors';
import type { FastifyReply } from 'fastify';
import { requestFault, type BodyRules } from '../../http/request-faults.ts';
import { AppError, type ErrorCode } from '../../kernel/errors.ts';
import { internalErrorMessage } from '../../domain/error-wording.ts';
import { failureText, rateLimitedText } from '../../domain/language/failure-text.ts';
import { createUiText, type UiText } from '../../domain/language/ui-text.ts';
import {
  RateLimitedError,
  rateLimitDetails,
  rateLimitedCode,
  UnavailableError,
  unavailableMessages,
} from './errors.ts';
import { a2aBodyLimitBytes } from './request-bounds.ts';

export type A2aBinding = 'jsonrpc' | 'rest';

interface FailureKind {
  /** The closed error code whose HTTP status the failure answers with (a body fault keeps its own). */
  code: ErrorCode;
  rpcCode: number;
  restStatus: string;
}

const failureKinds = {
  rateLimited: { code: 'rate_limited', rpcCode: rateLimitedCode, restStatus: 'RESOURCE_EXHAUSTED' },
  unavailable: { code: 'service_unavailable', rpcCode: -32603, restStatus: 'UNAVAILABLE' },
  unreadable: { code: 'invalid_request', rpcCode: -32600, restStatus: 'INVALID_ARGUMENT' },
  internal: { code: 'internal_error', rpcCode: -32603, restStatus: 'INTERNAL' },
} as const satisfies Record<string, FailureKind>;

/** What each binding says of a body it could not read, and of a Content-Type it does not take. */
const bodyRules: Record<A2aBinding, BodyRules & { unreadable: string }> = {
  jsonrpc: {
    limitBytes: a2aBodyLimitBytes,
    mediaTypeAdvice: 'Send the JSON-RPC request as Content-Type: application/json.',
    unreadable: 'The request could not be read; send one JSON-RPC request as application/json.',
  },
  rest: {
    limitBytes: a2aBodyLimitBytes,
    mediaTypeAdvice: 'Send the request body as application/a2a+json or application/json.',
    unreadable: 'The request could not be read.',
  },
};

/** What both bindings say of a body that is not JSON. */
export const notJsonMessage = 'The body is not valid JSON.';

/** Seconds a client is told to wait when the database is down. */
const unavailableRetrySeconds = 60;

/** A failure as it leaves: `error.httpStatus` is the HTTP status and `error.message` the words, on both bindings. */
export interface A2aFailure {
  kind: keyof typeof failureKinds;
  error: AppError;
  /** Seconds for the Retry-After header. */
  retryAfter?: number;
  /** Whether the body carries the refusal's google.rpc ErrorInfo and RetryInfo. */
  details: boolean;
}

const failure = (kind: A2aFailure['kind'], message: string, extra: Partial<A2aFailure> = {}): A2aFailure => ({
  kind,
  error: new AppError(failureKinds[kind].code, message),
  details: false,
  ...extra,
});

/** The words when a caller names no site's words: the English the domain writes. */
const english = createUiText('en');

/** A fault of ours: the client learns nothing about it (the caller logs it). */
export const internalFailure = (ui: UiText): A2aFailure => failure('internal', failureText(ui, internalErrorMessage));

/**
 * The failure a thrown `error` is on `binding`, in the words of `ui` (the site's language); undefined
 * for a protocol error the SDK renders itself (any A2AError it maps below 500). Anything unknown is
 * `internal`: the caller logs it. A RateLimitedError is already worded (errors.ts).
 */
export function failureOf(error: unknown, binding: A2aBinding, ui: UiText = english): A2aFailure | undefined {
  if (error instanceof AppError && error.code === 'rate_limited') {
    // The request budget's refusal: the JSON-RPC binding has always sent it without details.
    const seconds = error.retryAfter ?? 1;
    return failure('rateLimited', rateLimitedText(ui, error.message, seconds), {
      retryAfter: seconds,
      details: binding === 'rest',
    });
  }
  if (error instanceof RateLimitedError)
    return failure('rateLimited', error.message, { retryAfter: error.retryAfter, details: true });
  if (error instanceof UnavailableError)
    return failure('unavailable', failureText(ui, error.message), { retryAfter: unavailableRetrySeconds });
  if (error instanceof A2AError && restStatusFor(error) < 500) return undefined;
  const rules = bodyRules[binding];
  const fault = requestFault(error, rules);
  if (fault?.code === 'invalid_request') return failure('unreadable', rules.unreadable);
  if (fault) return { kind: 'unreadable', error: fault, details: false };
  return internalFailure(ui);
}

/**
 * The failure an error the SDK already mapped to JSON-RPC is (`retryAfter` from the skill call), in
 * the words of `ui`; undefined for one that is sent as the SDK words it, with HTTP 200. The database
 * being down is known by the domain's English message, and worded here.
 */
export function failureOfRpcError(
  error: { code: number; message: string },
  retryAfter: number | undefined,
  ui: UiText,
): A2aFailure | undefined {
  if (error.code === rateLimitedCode)
    return failure('rateLimited', error.message, { retryAfter: retryAfter ?? 60, details: true });
  if (error.code !== -32603) return undefined;
  return unavailableMessages.has(error.message)
    ? failure('unavailable', failureText(ui, error.message), { retryAfter: unavailableRetrySeconds })
    : internalFailure(ui);
}

/** Sets the failure's status and Retry-After on `reply`; returns the parts of its body. */
function start(reply: FastifyReply, failed: A2aFailure, domain: string) {
  reply.code(failed.error.httpStatus);
  if (failed.retryAfter !== undefined) reply.header('retry-after', String(failed.retryAfter));
  const details = failed.details && failed.retryAfter !== undefined ? rateLimitDetails(domain, failed.retryAfter) : [];
  return { row: failureKinds[failed.kind], message: failed.error.message, details };
}

/** Sends `failed` as the JSON-RPC reply to request `id`. */
export function sendRpcFailure(
  reply: FastifyReply,
  id: string | number | null,
  failed: A2aFailure,
  domain: string,
): FastifyReply {
  const { row, message, details } = start(reply, failed, domain);
  const error = { code: row.rpcCode, message, ...(details.length > 0 && { data: details }) };
  return reply.type('application/json; charset=utf-8').send({ jsonrpc: '2.0', id, error });
}

/** Sends `failed` as an HTTP+JSON google.rpc.Status body. */
export function sendRestFailure(reply: FastifyReply, failed: A2aFailure, domain: string): FastifyReply {
  const { row, message, details } = start(reply, failed, domain);
  return sendRestStatus(reply, failed.error.httpStatus, row.restStatus, message, details);
}

/** An HTTP+JSON google.rpc.Status body with `code`, `status` and `message`. */
export function sendRestStatus(
  reply: FastifyReply,
  code: number,
  status: string,
  message: string,
  details: unknown[] = [],
): FastifyReply {
  return reply.code(code).type('application/a2a+json').send({ error: { code, status, message, details } });
}
