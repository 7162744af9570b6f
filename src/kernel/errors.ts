// The closed set of error codes the service can answer with, and the one error type that carries
// them. Domain and store code throw AppError (it sits below both: a database that does not answer is
// the store's upstream_error); each binding renders it in one place.

/** Every error code and its HTTP status. `status` in every JSON error body is one of these keys. */
export const errorStatus = {
  invalid_request: 400,
  /** A capability that takes a key was called without an accepted one. */
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  idempotency_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  header_fields_too_large: 431,
  /** SITES_DIR: the request's Host names no site this deployment serves. */
  misdirected_request: 421,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** One failing field of a request, as listed in a ValidationError body. */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Per-field problems (invalid_request only). */
  readonly fieldErrors: FieldError[];
  /** Seconds until the caller may retry: rate_limited, and an idempotency_conflict whose first request is in flight. */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, extra: { fieldErrors?: FieldError[]; retryAfter?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = extra.fieldErrors ?? [];
    if (extra.retryAfter !== undefined) this.retryAfter = extra.retryAfter;
  }

  get httpStatus(): number {
    return errorStatus[this.code];
  }
}

/** Shorthand for a 400 listing every failing field. */
export function invalidRequest(fieldErrors: FieldError[]): AppError {
  return new AppError('invalid_request', 'The request is invalid; see errors.', { fieldErrors });
}
