import { AccountClient, ApiError, RateLimitError, StorefrontError } from '@storefront-platform/sdk/browser';
import type { SessionStorage } from '@storefront-platform/sdk/browser';

/** The session lives in localStorage, so a reload (or a second tab) stays signed in. */
const storage: SessionStorage = {
  get: (key) => window.localStorage.getItem(key),
  set: (key, value) => window.localStorage.setItem(key, value),
  delete: (key) => window.localStorage.removeItem(key),
};

/** The one client of the page: every call of the console goes through it (same origin as the API). */
export const account = new AccountClient({ baseUrl: window.location.origin, storage });

/** Where social sign-in comes back to: the console's own callback page. */
export const CALLBACK_PATH = '/console/auth/callback';

export type FieldErrors = Record<string, string>;

/** The problem's `errors[]` as field → message (first message per field). */
export function fieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const { field, message } of error.problem.errors ?? []) out[field] ??= message;
  }
  return out;
}

/** A sentence for the user; the request id is shown so support can find the request. */
export function describe(error: unknown): string {
  if (error instanceof RateLimitError) {
    return error.retryAfter
      ? `Too many attempts. Try again in ${error.retryAfter} s.`
      : 'Too many attempts. Try again shortly.';
  }
  if (error instanceof ApiError) {
    const detail = error.problem.detail ?? error.problem.title ?? error.message;
    return error.requestId ? `${detail} (request ${error.requestId})` : detail;
  }
  if (error instanceof StorefrontError) return error.message;
  return 'Something went wrong. Please try again.';
}

export { ApiError, RateLimitError };
