// The A2A errors of the service's own failures, shared by both bindings (failures.ts renders them
// in each binding's envelope). Bad input is InvalidParams (-32602) with a
// one-line message naming each field; a spent budget is -32000 (outside A2A's reserved -32001..-32099)
// answered with HTTP 429, Retry-After and the same details on both; nothing internal reaches the client.
import { A2AError, RequestMalformedError } from '@a2a-js/sdk/errors';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.ts';
import { contactPolicy } from '../../domain/rate-limit/rate-limit.ts';
import { clientOf, setRateLimitState } from '../../http/request-state.ts';
import { AppError } from '../../kernel/errors.ts';
import { enquiryUnavailableMessage, recordsUnavailableMessage } from '../../domain/error-wording.ts';
import {
  failureText,
  fieldProblems,
  idempotencyConflictText,
  rateLimitedText,
} from '../../domain/language/failure-text.ts';
import type { UiText } from '../../domain/language/ui-text.ts';

/** JSON-RPC code of a refusal by the rate limits (implementation-defined server error range). */
export const rateLimitedCode = -32000;

/** A spent rate-limit budget; the JSON-RPC layer answers it with this code and HTTP 429. */
export class RateLimitedError extends A2AError {
  override reason = 'RATE_LIMITED';
  readonly transport = 'jsonrpc';
  readonly envelopeCode = rateLimitedCode;
  readonly retryAfter: number;

  constructor(message: string, retryAfter: number) {
    super({ message, metadata: { retryAfterSeconds: String(retryAfter) } });
    this.retryAfter = retryAfter;
  }
}

/** The messages of UnavailableError, by which the JSON-RPC layer tells it from an internal error. */
export const unavailableMessages: ReadonlySet<string> = new Set([enquiryUnavailableMessage, recordsUnavailableMessage]);

/** The methods that only read kept tasks: the store failing them loses nothing, and they say so. */
const taskReads = new Set(['GetTask', 'ListTasks']);

/**
 * The database is down: -32603 with a message saying what did not happen (the enquiry was not sent,
 * or the task could not be read), answered with HTTP 503 rather than as an internal error.
 */
export class UnavailableError extends A2AError {
  readonly transport = 'jsonrpc';
  readonly envelopeCode = -32603;
}

/** InvalidParams with a one-line message, e.g. `Invalid input: input.slug is required.` */
export function invalidParams(message: string, fields: Record<string, string> = {}): RequestMalformedError {
  return new RequestMalformedError({ message, metadata: fields });
}

/**
 * The A2A error for a domain error met while running `skill`, in the words of `ui` (the site's
 * language); anything else is rethrown as is. The database being down keeps the domain's English
 * message, by which the JSON-RPC layer knows it: failures.ts words it as it leaves.
 */
export function toA2aError(error: unknown, skill: string, ui: UiText): Error {
  if (!(error instanceof AppError)) return error as Error;
  switch (error.code) {
    case 'invalid_request': {
      if (error.fieldErrors.length === 0) return invalidParams(oneLine(error.message));
      const problems = fieldProblems(ui, error.fieldErrors);
      const fields = Object.fromEntries(problems.map((f) => [f.field, f.message]));
      const detail = problems.map((f) => `${f.field} ${f.message}`).join('; ');
      return invalidParams(ui.text('answers.a2a.invalid', { skill, detail }), fields);
    }
    case 'not_found':
    case 'unauthorized':
      return invalidParams(oneLine(failureText(ui, error.message)));
    case 'idempotency_conflict':
      return invalidParams(idempotencyConflictText(ui, oneLine(error.message), error.retryAfter));
    case 'rate_limited': {
      const retryAfter = error.retryAfter ?? 60;
      return new RateLimitedError(rateLimitedText(ui, oneLine(error.message), retryAfter), retryAfter);
    }
    case 'upstream_error':
      return new UnavailableError(taskReads.has(skill) ? recordsUnavailableMessage : enquiryUnavailableMessage);
    default:
      return error;
  }
}

/** ErrorInfo.domain of this service's own errors (the rate limits): its public host. */
export function errorInfoDomain(baseUrl: string): string {
  return new URL(baseUrl).host;
}

/** The google.rpc details of a refusal by the rate limits, on both bindings: ErrorInfo and RetryInfo. */
export function rateLimitDetails(domain: string, seconds: number): unknown[] {
  return [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'RATE_LIMITED',
      domain,
      metadata: { retryAfterSeconds: String(seconds) },
    },
    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` },
  ];
}

/**
 * A skill refused by the enquiry budget: the answer's RateLimit headers describe that budget, as a
 * refused POST /agent/contact's do (on both bindings). Unknown counters leave the headers as they are.
 */
export async function describeContactBudget(
  request: FastifyRequest,
  services: Pick<Services, 'rateLimiter' | 'clientAddress'>,
): Promise<void> {
  await services.rateLimiter.peek(contactPolicy, clientOf(request, services)).then(
    (state) => setRateLimitState(request, state),
    () => undefined,
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
