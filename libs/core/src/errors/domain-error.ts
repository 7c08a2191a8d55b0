import { ERROR_TABLE, ErrorCode, ErrorLogLevel } from './error-table';

/**
 * Services throw DomainErrors: a stable code from the error table (libs/core/src/errors/error-table.ts)
 * and what is particular to the case. No HTTP in them: the status, title, standing headers and log
 * level come from the table, and each transport maps the error once. Services never throw HTTP
 * exceptions.
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
  /** Headers of this case only (e.g. WWW-Authenticate: Basic after a failed Basic authentication). */
  headers?: Record<string, string>;
  /**
   * The status of this case, where one code means one idea under two statuses (a wrong second-factor code
   * is 401 on sign-in and 400 on a signed-in route); otherwise the table's.
   */
  status?: number;
}

export class DomainError extends Error {
  readonly options: DomainErrorOptions;

  constructor(
    readonly code: ErrorCode,
    detail?: string,
    options: Omit<DomainErrorOptions, 'detail'> = {},
  ) {
    super(detail ?? ERROR_TABLE[code].title);
    this.name = 'DomainError';
    this.options = { ...options, detail: detail ?? ERROR_TABLE[code].title };
  }

  get status(): number {
    return this.options.status ?? ERROR_TABLE[this.code].status;
  }

  get title(): string {
    return ERROR_TABLE[this.code].title;
  }

  get logLevel(): ErrorLogLevel {
    return ERROR_TABLE[this.code].log;
  }

  /** The table's standing headers for this code, then this case's own. */
  get headers(): Record<string, string> {
    const standing = (ERROR_TABLE[this.code] as { headers?: Record<string, string> }).headers;
    return { ...standing, ...this.options.headers };
  }
}

/**
 * A bounded context's error constructor, limited at compile time to the codes the context declares in
 * its own `as const` list (every one of which must be in the table):
 *   export const STORE_ERROR_CODES = ['store_not_found'] as const;
 *   const storeError = errorFactory(STORE_ERROR_CODES);
 */
export function errorFactory<const C extends readonly ErrorCode[]>(_codes: C) {
  return (code: C[number], detail?: string, options?: Omit<DomainErrorOptions, 'detail'>): DomainError =>
    new DomainError(code, detail, options);
}

/** The shared part of the vocabulary, as constructors. */
export const Errors = {
  validation: (errors: FieldError[], detail = 'The request failed validation.') =>
    new DomainError('validation_failed', detail, { errors }),
  malformedBody: (detail = 'The request body is not valid JSON.') =>
    new DomainError('malformed_body', detail),
  unauthenticated: (detail = 'A bearer token is required.') => new DomainError('unauthenticated', detail),
  invalidToken: (detail = 'The token is invalid, expired or revoked.') =>
    new DomainError('invalid_token', detail),
  invalidOtp: () =>
    new DomainError('invalid_otp', 'The code is wrong, expired, already used, or was never requested.'),
  insufficientScope: (detail = 'This token may not call this route.') =>
    new DomainError('insufficient_scope', detail),
  notFound: (code: ErrorCode = 'not_found', detail = 'The resource does not exist.') =>
    new DomainError(code, detail),
  conflict: (code: ErrorCode, detail: string, extensions?: Record<string, unknown>) =>
    new DomainError(code, detail, { extensions }),
  payloadTooLarge: () =>
    new DomainError('payload_too_large', 'The request body is larger than 102,400 bytes.'),
  rateLimited: (retryAfter: number, detail = 'Too many requests; retry later.') =>
    new DomainError('rate_limited', detail, { retryAfter: Math.max(1, Math.ceil(retryAfter)) }),
  unavailable: () =>
    new DomainError('unavailable', 'The database is unreachable; retry shortly.', { retryAfter: 5 }),
};
