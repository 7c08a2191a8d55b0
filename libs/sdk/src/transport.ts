import {
  ApiError,
  ConnectionError,
  OAuthError,
  Problem,
  RateLimitError,
  StorefrontError,
  TimeoutError,
} from './errors';

/** What every client takes. */
export interface ClientOptions {
  /** The service's base URL, e.g. `https://api.example.com` (no trailing `/v1`). */
  baseUrl: string;
  /** A fetch implementation (default: the global one) — e.g. to add logging or count requests. */
  fetch?: typeof fetch;
  /** Per attempt, in milliseconds (default 30,000). */
  timeoutMs?: number;
  /** Retries after the first attempt for 429, 502–504 and connection errors (default 2). */
  maxRetries?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Makes a POST or mutation safe to retry; the server keeps its first answer for 24 h. */
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
  signal?: AbortSignal;
}

export interface Response {
  status: number;
  headers: Headers;
  body: unknown;
  requestId: string | null;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const MAX_BACKOFF_MS = 8_000;
const MAX_RETRY_AFTER_S = 60;

/** Attaches the request id to a result object without changing its JSON form. */
export function withRequestId<T>(
  value: T,
  requestId: string | null,
): T & { readonly requestId: string | null } {
  if (value !== null && typeof value === 'object') {
    Object.defineProperty(value, 'requestId', { value: requestId, enumerable: false, configurable: true });
  }
  return value as T & { readonly requestId: string | null };
}

/** A random id for Idempotency-Key (crypto.randomUUID is in Node ≥ 19 and every current browser). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ConnectionError('The request was aborted.', signal.reason));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ConnectionError('The request was aborted.', signal?.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * HTTP for every client: timeouts per attempt, retries with exponential backoff and full jitter for 429,
 * 502–504 and connection errors — only for requests marked retryable (a POST or mutation only with an
 * Idempotency-Key) — and `Retry-After` read as **seconds**. Answers come back as they are; turning an
 * error status into an exception is the caller's job, since REST, OAuth and GraphQL say it differently.
 */
export class Transport {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;

  constructor(options: ClientOptions) {
    if (!options?.baseUrl) throw new StorefrontError('baseUrl is required.');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (!options.fetch && typeof globalThis.fetch !== 'function') {
      throw new StorefrontError('No fetch implementation: pass options.fetch.');
    }
    // Browsers refuse `fetch` called with another `this` ("Illegal invocation"): never call it as a method.
    const given = options.fetch;
    this.fetchImpl = given
      ? (input, init) => given(input, init)
      : (input, init) => globalThis.fetch(input, init);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = Math.max(0, options.maxRetries ?? 2);
  }

  async send(request: Request): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const canRetry = request.retryable && attempt < this.maxRetries;
      let response: Response;
      try {
        response = await this.once(request);
      } catch (error) {
        if (error instanceof ConnectionError && canRetry && !request.signal?.aborted) {
          await sleep(this.backoff(attempt), request.signal);
          continue;
        }
        throw error;
      }
      if (RETRY_STATUSES.has(response.status) && canRetry) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait =
          Number.isFinite(retryAfter) && retryAfter >= 0
            ? Math.min(retryAfter, MAX_RETRY_AFTER_S) * 1000
            : this.backoff(attempt);
        await sleep(wait, request.signal);
        continue;
      }
      return response;
    }
  }

  /** 0.5 s, 1 s, 2 s, … (capped), each with full jitter between half and all of it. */
  private backoff(attempt: number): number {
    const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
    return base / 2 + Math.random() * (base / 2);
  }

  private async once(request: Request): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    if (request.signal?.aborted) throw new ConnectionError('The request was aborted.', request.signal.reason);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    }
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    try {
      const res = await this.fetchImpl(this.baseUrl + request.path, {
        method: request.method,
        headers,
        body,
        signal: controller.signal,
      });
      const text = await res.text();
      let parsed: unknown = text;
      if (text && /json/.test(res.headers.get('content-type') ?? '')) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      return {
        status: res.status,
        headers: res.headers,
        body: parsed,
        requestId: res.headers.get('x-request-id'),
      };
    } catch (error) {
      if (timedOut) throw new TimeoutError(`No answer within ${this.timeoutMs} ms.`);
      if (request.signal?.aborted)
        throw new ConnectionError('The request was aborted.', request.signal.reason);
      throw new ConnectionError(
        `Could not reach ${this.baseUrl}: ${(error as Error)?.message ?? error}`,
        error,
      );
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }
}

/** The error for a REST answer with an error status (problem+json). */
export function apiError(response: Response): ApiError {
  const problem: Problem =
    response.body && typeof response.body === 'object'
      ? (response.body as Problem)
      : { detail: String(response.body) };
  const code = problem.code ?? `http_${response.status}`;
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    return new RateLimitError(
      response.status,
      code,
      problem,
      response.requestId,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  return new ApiError(response.status, code, problem, response.requestId);
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
