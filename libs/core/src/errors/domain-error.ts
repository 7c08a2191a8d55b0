/**
 * Services throw DomainErrors with a stable code; the HTTP filter (and later the GraphQL
 * formatter) maps them once. Services never throw HTTP exceptions.
 */
export interface FieldError {
  field: string;
  message: string;
}

export interface DomainErrorOptions {
  detail?: string;
  /** Validation failures, one per field. */
  errors?: FieldError[];
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** Extra members of the problem document (e.g. missingStages). */
  extensions?: Record<string, unknown>;
  /** Extra response headers (e.g. WWW-Authenticate). */
  headers?: Record<string, string>;
}

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly title: string,
    readonly options: DomainErrorOptions = {},
  ) {
    super(options.detail ?? title);
    this.name = 'DomainError';
  }
}

const bearer = 'Bearer';
const invalidTokenChallenge = 'Bearer error="invalid_token"';

/** The API's error vocabulary, as constructors. */
export const Errors = {
  validation: (errors: FieldError[], detail = 'The request failed validation.') =>
    new DomainError('validation_failed', 400, 'Validation failed', { detail, errors }),
  malformedBody: (detail = 'The request body is not valid JSON.') =>
    new DomainError('malformed_body', 400, 'Malformed body', { detail }),
  unauthenticated: (detail = 'A bearer token is required.') =>
    new DomainError('unauthenticated', 401, 'Unauthenticated', {
      detail,
      headers: { 'WWW-Authenticate': bearer },
    }),
  invalidToken: (detail = 'The token is invalid, expired or revoked.') =>
    new DomainError('invalid_token', 401, 'Invalid token', {
      detail,
      headers: { 'WWW-Authenticate': invalidTokenChallenge },
    }),
  invalidOtp: () =>
    new DomainError('invalid_otp', 401, 'Invalid one-time password', {
      detail: 'The code is wrong, expired, already used, or was never requested.',
    }),
  insufficientScope: (detail = 'This token may not call this route.') =>
    new DomainError('insufficient_scope', 403, 'Insufficient scope', { detail }),
  notFound: (code = 'not_found', detail = 'The resource does not exist.') =>
    new DomainError(code, 404, 'Not found', { detail }),
  conflict: (code: string, detail: string, extensions?: Record<string, unknown>) =>
    new DomainError(code, 409, 'Conflict', { detail, extensions }),
  payloadTooLarge: () =>
    new DomainError('payload_too_large', 413, 'Payload too large', {
      detail: 'The request body is larger than 102,400 bytes.',
    }),
  rateLimited: (retryAfter: number, detail = 'Too many requests; retry later.') =>
    new DomainError('rate_limited', 429, 'Too many requests', {
      detail,
      retryAfter: Math.max(1, Math.ceil(retryAfter)),
    }),
  unavailable: () =>
    new DomainError('unavailable', 503, 'Service unavailable', {
      detail: 'The database is unreachable; retry shortly.',
      retryAfter: 5,
    }),
};
