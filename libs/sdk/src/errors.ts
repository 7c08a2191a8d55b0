/** Every error the SDK throws is a StorefrontError; `requestId` is the server's X-Request-Id when there was an answer. */
export class StorefrontError extends Error {
  constructor(
    message: string,
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** An RFC 9457 problem from the REST API. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  requestId?: string;
  errors?: { field: string; message: string }[];
  [extension: string]: unknown;
}

/** A REST answer with an error status: `code` is the problem's stable code (e.g. `store_not_found`). */
export class ApiError extends StorefrontError {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly problem: Problem,
    requestId: string | null,
  ) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`, requestId);
  }
}

/** 429: `retryAfter` in seconds (from Retry-After), after the SDK's own retries ran out. */
export class RateLimitError extends ApiError {
  constructor(
    status: number,
    code: string,
    problem: Problem,
    requestId: string | null,
    readonly retryAfter: number | null,
  ) {
    super(status, code, problem, requestId);
  }
}

/** An RFC 6749 error from the token or revocation endpoint (e.g. `invalid_client`). */
export class OAuthError extends StorefrontError {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly errorDescription: string | null,
    requestId: string | null,
  ) {
    super(errorDescription ?? error, requestId);
  }
}

export interface GraphQLErrorEntry {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

/** A GraphQL answer with `errors`; `codes` are their `extensions.code`, `data` whatever came back. */
export class GraphQLError extends StorefrontError {
  readonly codes: string[];
  constructor(
    readonly errors: GraphQLErrorEntry[],
    readonly data: unknown,
    readonly status: number,
    requestId: string | null,
  ) {
    super(errors.map((e) => e.message).join('; ') || `GraphQL error (HTTP ${status})`, requestId);
    this.codes = errors.map((e) => String(e.extensions?.code ?? 'UNKNOWN'));
  }
}

/** No answer within `timeoutMs`. */
export class TimeoutError extends StorefrontError {}

/** The request never got an answer (connection refused or reset, DNS, aborted by a signal). */
export class ConnectionError extends StorefrontError {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}
