/**
 * The SDK's error classes. Two rules shape this file:
 * - **One class identity.** The package ships an ES-module build and a CommonJS build; a program (or a
 *   bundle) that loads both gets two copies of every class. `instanceof` therefore does not compare
 *   prototypes: each class carries a brand, a `Symbol.for(…)` shared by every copy in the process, and
 *   its `Symbol.hasInstance` looks for that brand. An error thrown by a `require`d client is `instanceof`
 *   the `import`ed class, and the other way round.
 * - **Names survive minification.** `name` is written out per class, never taken from the (mangled)
 *   constructor name.
 */

const BRANDS = new WeakMap<object, symbol>();

/** Gives a class its name and its process-wide brand (kept on the prototype, so subclasses inherit it). */
function brand(cls: abstract new (...args: never[]) => unknown, name: string): void {
  const key = Symbol.for(`@storefront-platform/sdk:${name}`);
  BRANDS.set(cls, key);
  Object.defineProperty(cls.prototype, key, { value: true });
  Object.defineProperty(cls.prototype, 'name', { value: name, writable: true, configurable: true });
}

/** Every error the SDK throws is a StorefrontError; `requestId` is the server's X-Request-Id when there was an answer. */
export class StorefrontError extends Error {
  readonly requestId: string | null;

  constructor(message: string, requestId: string | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.requestId = requestId;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    const key = BRANDS.get(this);
    // A class of the user's that extends one of ours has no brand of its own: ordinary instanceof.
    if (!key) return Function.prototype[Symbol.hasInstance].call(this, value);
    return (
      value !== null &&
      (typeof value === 'object' || typeof value === 'function') &&
      (value as Record<symbol, unknown>)[key] === true
    );
  }
}
brand(StorefrontError, 'StorefrontError');

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

/**
 * A REST answer with an error status: `code` is the problem's stable code (e.g. `store_not_found`). An
 * answer that is not JSON at all (a proxy's HTML page, a wrong `baseUrl`) is an ApiError too, with the
 * answer's status and the code `non_json_response`.
 */
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
brand(ApiError, 'ApiError');

/**
 * 429: `retryAfter` in seconds (from Retry-After, null when absent), once the SDK stopped retrying —
 * its retries ran out, or the server asked for a wait longer than what is left of `timeoutMs`.
 */
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
brand(RateLimitError, 'RateLimitError');

/**
 * 401 `step_up_required` (RFC 9470): the account has a second factor and this session has not verified
 * one within `maxAge` seconds. Not a bad token: the SDK neither refreshes nor signs out on it. Verify a
 * factor with `AccountClient.stepUp(…)` and retry the call.
 */
export class StepUpRequiredError extends ApiError {
  constructor(
    status: number,
    code: string,
    problem: Problem,
    requestId: string | null,
    readonly maxAge: number,
  ) {
    super(status, code, problem, requestId);
  }
}
brand(StepUpRequiredError, 'StepUpRequiredError');

/** A method the second step of sign-in accepts (`mfaRequired` answer of `login/verify` or `login/exchange`). */
export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery_code';

/**
 * (v1.4) Sign-in's first step passed, but the account has a second factor: no session is stored yet.
 * Finish with `AccountClient.completeSignIn({ mfaToken, totp } | { mfaToken, recoveryCode } | { mfaToken,
 * passkey })` (passkey options: `AccountClient.signInPasskeyOptions(mfaToken)`). The
 * `mfaToken` is single use, lives 300 s and dies after 5 wrong answers; `methods` says what it accepts.
 */
export class SecondFactorRequiredError extends StorefrontError {
  constructor(
    readonly mfaToken: string,
    readonly methods: readonly SecondFactorMethod[],
    requestId: string | null,
  ) {
    super(
      'This account has a second factor: finish signing in with completeSignIn({ mfaToken, totp | recoveryCode | passkey }).',
      requestId,
    );
  }
}
brand(SecondFactorRequiredError, 'SecondFactorRequiredError');

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
brand(OAuthError, 'OAuthError');

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
brand(GraphQLError, 'GraphQLError');

/** No answer within `timeoutMs` (each attempt; a GET or other retryable request is tried again first). */
export class TimeoutError extends StorefrontError {}
brand(TimeoutError, 'TimeoutError');

/** The request never got an answer (connection refused or reset, DNS…). */
export class ConnectionError extends StorefrontError {
  constructor(message: string, cause?: unknown) {
    super(message, null, { cause });
  }
}
brand(ConnectionError, 'ConnectionError');

/** A webhook delivery that `verifyWebhook` refuses: a header missing, a stale timestamp, no valid signature, or a body that is not JSON. */
export class WebhookVerificationError extends StorefrontError {}
brand(WebhookVerificationError, 'WebhookVerificationError');
