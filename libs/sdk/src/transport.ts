import {
  ApiError,
  ConnectionError,
  OAuthError,
  Problem,
  RateLimitError,
  StepUpRequiredError,
  StorefrontError,
  TimeoutError,
} from './errors';

/** The code of a 401 that is not about the token (RFC 9470 step-up): never refreshed or replayed. */
export const STEP_UP_REQUIRED = 'step_up_required';
import { SDK_VERSION } from './version';

/** What every client takes. */
export interface ClientOptions {
  /** The service's absolute http(s) base URL, e.g. `https://api.example.com` (no trailing `/v1`). */
  baseUrl: string;
  /** A fetch implementation (default: the global one) — e.g. to add logging or count requests. */
  fetch?: typeof fetch;
  /**
   * Milliseconds (default 30,000). Each attempt gets at most this long to answer; a server's
   * `Retry-After` is waited for only when it ends within this long of the call's start.
   */
  timeoutMs?: number;
  /** Retries after the first attempt for 429, 502–504, timeouts and connection errors (default 2). */
  maxRetries?: number;
}

/** The last, optional argument of every method. */
export interface CallOptions {
  /** Stops the call (and any wait before a retry); the call rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** This call's own `timeoutMs` (see ClientOptions). */
  timeoutMs?: number;
  /** Writes only: makes a POST or mutation safe to retry; the server keeps its first answer for 24 h. */
  idempotencyKey?: string;
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  token?: string;
  /** May this request be sent again when the answer is lost or says "try later"? */
  retryable: boolean;
  /** No retry is sent after this instant (epoch ms), e.g. a refresh past the server's reuse interval. */
  retryUntil?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface Response {
  status: number;
  headers: Headers;
  /** The parsed JSON, or undefined for an empty answer. */
  body: unknown;
  requestId: string | null;
  /** Set when the answer had a body that is not JSON (its content type): an error once no retry follows. */
  notJson?: string;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/** Attaches the request id to a result object without changing its JSON form (not enumerable). */
export function withRequestId<T>(
  value: T,
  requestId: string | null,
): T & { readonly requestId: string | null } {
  if (value !== null && typeof value === 'object') {
    Object.defineProperty(value, 'requestId', { value: requestId, enumerable: false, configurable: true });
  }
  return value as T & { readonly requestId: string | null };
}

/** The request id carried by a result object, if any. */
export function requestIdOf(value: unknown): string | null {
  return value !== null && typeof value === 'object'
    ? ((value as { requestId?: string | null }).requestId ?? null)
    : null;
}

/** A random id for Idempotency-Key (crypto.randomUUID is in Node ≥ 19 and every current browser). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** The reason an aborted signal rejects with: the signal's own (an AbortError unless the caller gave one). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Waits for `promise`, but rejects with the signal's reason as soon as the caller aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Waits for a request shared by several callers (a token request, a refresh): the caller's signal and
 * timeout end the caller's wait, never the shared request.
 */
export function waitShared<T>(
  promise: Promise<T>,
  options: Pick<CallOptions, 'signal' | 'timeoutMs'> = {},
): Promise<T> {
  const waited = untilAborted(promise, options.signal);
  if (options.timeoutMs === undefined) return waited;
  const ms = positive(options.timeoutMs, 0, 'timeoutMs');
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    waited,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(`No answer within ${ms} ms.`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or
 * unparseable, which means "use the backoff".
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (/^[A-Za-z]{3},/.test(text)) {
    const at = Date.parse(text);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return null;
}

function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window !== 'undefined' && typeof g.document !== 'undefined';
}

/** `storefront-sdk/<version> node/<version>` in Node; in a browser the header is `X-Client-Info`. */
function clientHeaders(): Record<string, string> {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  if (node && !isBrowser()) return { 'user-agent': `storefront-sdk/${SDK_VERSION} node/${node}` };
  // Browsers do not let a page set User-Agent.
  return { 'x-client-info': `storefront-sdk/${SDK_VERSION}` };
}

/** Checks a base URL: absolute, http or https, no credentials in it. */
function checkedBaseUrl(value: unknown): string {
  if (typeof value !== 'string' || !value) throw new StorefrontError('baseUrl is required.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorefrontError(`baseUrl must be an absolute http(s) URL, e.g. https://api.example.com.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new StorefrontError(`baseUrl must be an http(s) URL, not ${url.protocol}`);
  if (url.username || url.password)
    throw new StorefrontError('baseUrl must not carry credentials (user:password@).');
  if (url.search || url.hash) throw new StorefrontError('baseUrl must not have a query or fragment.');
  return url.href.replace(/\/+$/, '');
}

/** The error for a 429 the SDK stops retrying, whatever the endpoint (REST, OAuth or GraphQL). */
function rateLimitError(response: Response): RateLimitError {
  const body = (response.body && typeof response.body === 'object' ? response.body : {}) as Problem & {
    error?: string;
    errors?: { message?: string; extensions?: { code?: string } }[];
  };
  const code =
    body.code ??
    body.error ??
    (Array.isArray(body.errors) ? body.errors[0]?.extensions?.code : undefined) ??
    'rate_limited';
  const problem: Problem =
    body.status || body.detail || body.title ? body : { ...body, status: 429, detail: 'Too many requests.' };
  const ms = parseRetryAfter(response.headers.get('retry-after'));
  return new RateLimitError(
    429,
    code,
    problem,
    response.requestId,
    ms === null ? null : Math.ceil(ms / 1000),
  );
}

/**
 * HTTP for every client: a timeout per attempt; retries with exponential backoff and full jitter for
 * 429, 502–504, timeouts and connection errors — only for requests marked retryable (a GET, or a POST or
 * mutation with an Idempotency-Key); `Retry-After` honoured, but never past the caller's deadline. Answers
 * come back as they are, except a 429 it stops retrying (RateLimitError) and an answer that is not JSON
 * (ApiError `non_json_response`); turning other error statuses into exceptions is the caller's job, since
 * REST, OAuth and GraphQL say it differently.
 */
export class Transport {
  readonly baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #headers = clientHeaders();

  constructor(options: ClientOptions) {
    if (!options || typeof options !== 'object') throw new StorefrontError('Options are required.');
    this.baseUrl = checkedBaseUrl(options.baseUrl);
    if (options.fetch !== undefined && typeof options.fetch !== 'function')
      throw new StorefrontError('options.fetch must be a function.');
    if (!options.fetch && typeof globalThis.fetch !== 'function') {
      throw new StorefrontError('No fetch implementation: pass options.fetch.');
    }
    // Browsers refuse `fetch` called with another `this` ("Illegal invocation"): never call it as a method.
    const given = options.fetch;
    this.#fetch = given
      ? (input, init) => given(input, init)
      : (input, init) => globalThis.fetch(input, init);
    this.#timeoutMs = positive(options.timeoutMs, 30_000, 'timeoutMs');
    this.#maxRetries = Math.max(0, Math.floor(options.maxRetries ?? 2));
  }

  async send(request: Request): Promise<Response> {
    const timeoutMs = positive(request.timeoutMs, this.#timeoutMs, 'timeoutMs');
    const deadline = Date.now() + timeoutMs;
    const signal = request.signal;
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw abortReason(signal);
      const canRetry = request.retryable && attempt < this.#maxRetries;
      const mayRetryAt = (at: number) =>
        canRetry && (request.retryUntil === undefined || at < request.retryUntil);
      let response: Response;
      try {
        response = await this.once(request, timeoutMs);
      } catch (error) {
        if (error instanceof ConnectionError || error instanceof TimeoutError) {
          const wait = this.backoff(attempt);
          if (mayRetryAt(Date.now() + wait)) {
            await sleep(wait, signal);
            continue;
          }
        }
        throw error;
      }
      if (RETRY_STATUSES.has(response.status)) {
        const asked = parseRetryAfter(response.headers.get('retry-after'));
        const wait = asked ?? this.backoff(attempt);
        // A server-asked wait that ends past the caller's deadline is not waited for: the caller hears now.
        const fits = asked === null || Date.now() + asked <= deadline;
        if (fits && mayRetryAt(Date.now() + wait)) {
          await sleep(wait, signal);
          continue;
        }
        if (response.status === 429) throw rateLimitError(response);
      }
      if (response.notJson !== undefined)
        throw nonJson(response.status, response.notJson, request, response.requestId);
      return response;
    }
  }

  /**
   * (v1.4) Posts a staged upload's HTML form to its own URL — the bucket, or the service on the disk
   * backend: every field first, in order, then the file as `file`. No bearer token: the signed policy is
   * the form's authority. Not retried (a form post is not idempotent to every storage service); an answer
   * outside 2xx is an ApiError with the storage's status (`upload_refused` when its body is not a problem).
   */
  async postForm(
    url: string,
    fields: Record<string, string>,
    file: Blob,
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<void> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(),
      positive(options.timeoutMs, this.#timeoutMs, 'timeoutMs'),
    );
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await this.#fetch(url, { method: 'POST', body: form, signal: controller.signal });
      const text = await res.text();
      if (res.ok) return;
      let problem: Problem = { title: `HTTP ${res.status}`, detail: text.slice(0, 200) };
      try {
        const parsed = JSON.parse(text) as Problem;
        if (parsed && typeof parsed === 'object') problem = parsed;
      } catch {
        // S3 answers XML: its text is the detail.
      }
      throw new ApiError(
        res.status,
        problem.code ?? 'upload_refused',
        problem,
        res.headers.get('x-request-id'),
      );
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** 0.5 s, 1 s, 2 s, … (capped at 8 s), each with jitter: between half and all of it. */
  private backoff(attempt: number): number {
    const base = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** attempt);
    return base / 2 + Math.random() * (base / 2);
  }

  private async once(request: Request, timeoutMs: number): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const signal = request.signal;
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.#headers,
      ...request.headers,
    };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    }
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let res: globalThis.Response;
    let text: string;
    try {
      res = await this.#fetch(this.baseUrl + request.path, {
        method: request.method,
        headers,
        body,
        signal: controller.signal,
      });
      text = await res.text();
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (timedOut)
        throw new TimeoutError(
          `No answer within ${timeoutMs} ms (${request.method} ${pathOnly(request.path)}).`,
        );
      // Only the error's message: its other fields may hold the request (and with it a credential).
      throw new ConnectionError(
        `Could not reach ${this.baseUrl}: ${messageOf(error)}`,
        error instanceof Error ? causeOf(error) : undefined,
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    const requestId = res.headers.get('x-request-id');
    const contentType = res.headers.get('content-type') ?? '';
    let parsed: unknown = undefined;
    let notJson: string | undefined;
    if (text) {
      let ok = /\bjson\b/i.test(contentType);
      if (ok) {
        try {
          parsed = JSON.parse(text);
        } catch {
          ok = false;
        }
      }
      if (!ok) notJson = contentType;
    }
    return { status: res.status, headers: res.headers, body: parsed, requestId, notJson };
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0))
    throw new StorefrontError(`${name} must be a positive number.`);
  return value;
}

function pathOnly(path: string): string {
  return path.split('?')[0];
}

function messageOf(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const base = error instanceof Error ? error.message : String(error);
  return cause?.code ? `${base} (${cause.code})` : base;
}

/** A copy of a network error's cause that keeps its code and message only. */
function causeOf(error: Error): Error {
  const inner = error.cause as { code?: string; message?: string } | undefined;
  const copy = new Error(inner?.message ?? error.message) as Error & { code?: string };
  if (inner?.code) copy.code = inner.code;
  return copy;
}

function nonJson(status: number, contentType: string, request: Request, requestId: string | null): ApiError {
  return new ApiError(
    status,
    'non_json_response',
    {
      status,
      title: 'The answer is not JSON',
      detail: `${request.method} ${pathOnly(request.path)} answered HTTP ${status} with ${contentType || 'no content type'}, not JSON: is baseUrl the API's address?`,
    },
    requestId,
  );
}

/** The error for a REST answer with an error status (problem+json). */
export function apiError(response: Response): ApiError {
  if (response.status === 429) return rateLimitError(response);
  const problem: Problem =
    response.body && typeof response.body === 'object'
      ? (response.body as Problem)
      : { status: response.status, detail: `HTTP ${response.status}` };
  const code = problem.code ?? `http_${response.status}`;
  if (code === STEP_UP_REQUIRED) {
    const maxAge = typeof problem.maxAge === 'number' ? problem.maxAge : 600;
    return new StepUpRequiredError(response.status, code, problem, response.requestId, maxAge);
  }
  return new ApiError(response.status, code, problem, response.requestId);
}

/** A success answer's JSON object (or array); an empty one is an ApiError, never `undefined` typed as an object. */
export function jsonBody<T>(response: Response, request: Pick<Request, 'method' | 'path'>): T {
  if (response.body === null || typeof response.body !== 'object')
    throw nonJson(
      response.status,
      response.headers.get('content-type') ?? '',
      request as Request,
      response.requestId,
    );
  return response.body as T;
}

/** The error for an answer of the OAuth endpoints (RFC 6749 §5.2). */
export function oauthError(response: Response): OAuthError {
  const body = (response.body && typeof response.body === 'object' ? response.body : {}) as {
    error?: string;
    error_description?: string;
  };
  return new OAuthError(
    response.status,
    body.error ?? `http_${response.status}`,
    body.error_description ?? null,
    response.requestId,
  );
}
