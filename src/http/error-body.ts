// The JSON error bodies every HTTP surface answers with, written once as zod schemas: they type the
// error renderer (error-reply.ts) and are the REST contract's error components.
import { z } from 'zod';
import { errorStatus } from '../kernel/errors.ts';

export const errorResponseSchema = z
  .object({
    status: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]]),
    message: z.string(),
  })
  .meta({ id: 'ErrorResponse', description: 'Any error other than 400 and 429.' });

export const fieldErrorSchema = z
  .object({ field: z.string(), message: z.string() })
  .meta({ id: 'FieldError', description: 'One failing field: a body field, a query parameter or a header name.' });

export const validationErrorSchema = z
  .object({ status: z.literal('invalid_request'), errors: z.array(fieldErrorSchema).min(1) })
  .meta({ id: 'ValidationError', description: 'The request failed validation; one entry per failing field.' });

export const rateLimitedSchema = z
  .object({ status: z.literal('rate_limited'), message: z.string(), retryAfter: z.int().min(1) })
  .meta({ id: 'RateLimited', description: 'Too many requests; retry after `retryAfter` seconds.' });

export type ErrorResponseBody = z.output<typeof errorResponseSchema>;
export type ValidationErrorBody = z.output<typeof validationErrorSchema>;
export type RateLimitedBody = z.output<typeof rateLimitedSchema>;
