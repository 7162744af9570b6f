// Fastify's own refusals of a request before any route runs (a body over the limit, a Content-Type
// no parser takes, a body it could not read) as errors of the closed set, classified here once for
// every binding, which renders them in its own shape. Anything else is a fault of ours (undefined).
import type { FastifyError } from 'fastify';
import { describeBytes } from '../domain/limit-wording.ts';
import { AppError, invalidRequest } from '../kernel/errors.ts';

/** What a listener accepts as a body, for the words of its refusals. */
export interface BodyRules {
  limitBytes: number;
  /** What to send instead of an unparsed Content-Type, e.g. "Send the body as application/json." */
  mediaTypeAdvice: string;
}

export function requestFault(error: unknown, rules: BodyRules): AppError | undefined {
  const { code, statusCode } = (error ?? {}) as Partial<FastifyError>;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413)
    return new AppError('payload_too_large', `The request body is larger than ${describeBytes(rules.limitBytes)}.`);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || statusCode === 415)
    return new AppError('unsupported_media_type', rules.mediaTypeAdvice);
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return invalidRequest([{ field: 'body', message: 'is empty; send a JSON object' }]);
  if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH')
    return invalidRequest([{ field: 'body', message: 'does not match its Content-Length' }]);
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500)
    return invalidRequest([{ field: 'request', message: 'could not be read' }]);
  return undefined;
}
