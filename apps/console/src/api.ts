import {
  AccountClient,
  ApiError,
  RateLimitError,
  SecondFactorRequiredError,
  StepUpRequiredError,
  StorefrontError,
} from '@storefront-platform/sdk/browser';
import type { SessionStorage } from '@storefront-platform/sdk/browser';
import { FieldRefusal, plainErrors } from './forms';
import { passkeyProblem } from './passkeys';

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

const RETURN_KEY = 'storefront.console.return_to';

/**
 * The console page to come back to after a social sign-in (a provider's round trip leaves the page: an
 * invitation link, say). Kept in this tab only; a page of the console, never another origin.
 */
export function rememberReturn(path: string): void {
  if (path !== '/' && path.startsWith('/') && !path.startsWith('//'))
    window.sessionStorage.setItem(RETURN_KEY, path);
  else window.sessionStorage.removeItem(RETURN_KEY);
}

/** The page remembered by rememberReturn, once; `/` when none. */
export function takeReturn(): string {
  const path = window.sessionStorage.getItem(RETURN_KEY);
  window.sessionStorage.removeItem(RETURN_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

const SECOND_STEP_KEY = 'storefront.console.second-step';

/** (v1.4) The second step of a sign-in that began elsewhere (Google or GitHub): its mfaToken and methods. */
export interface SecondStep {
  token: string;
  methods: readonly string[];
}

/** Hands the second step to the sign-in page (this tab only; the mfaToken lives 300 s anyway). */
export function keepSecondStep(step: SecondStep): void {
  window.sessionStorage.setItem(SECOND_STEP_KEY, JSON.stringify({ ...step, at: Date.now() }));
}

/** The second step kept by keepSecondStep, once, if it is younger than the mfaToken's 300 s. */
export function takeSecondStep(): SecondStep | null {
  const kept = window.sessionStorage.getItem(SECOND_STEP_KEY);
  window.sessionStorage.removeItem(SECOND_STEP_KEY);
  try {
    const step = JSON.parse(kept ?? 'null') as (SecondStep & { at: number }) | null;
    return step && Date.now() - step.at < 300_000 ? { token: step.token, methods: step.methods } : null;
  } catch {
    return null;
  }
}

export type FieldErrors = Record<string, string>;

/**
 * The problem's `errors[]` as field → a sentence naming the field by its label (first per field). The
 * server's own wording names internal fields (`supportEmail`, "item 0 is not one"), so it is rewritten.
 * For the store's own forms (`store`), the console's advice per field; `links` are the social links as
 * sent, so a refused one can be quoted.
 */
export function fieldErrors(
  error: unknown,
  options: { links?: string[]; store?: boolean } = {},
): FieldErrors {
  if (error instanceof FieldRefusal) return error.errors;
  if (!(error instanceof ApiError)) return {};
  return plainErrors(error.problem.errors ?? [], options);
}

/**
 * What to say above a refused form: how many fields need attention (each says why under it, in the
 * console's words), or, when no field is named, the error itself. Never the server's own sentence next
 * to a field that already shows its message (docs/console.md, "Forms, in the merchant's words").
 */
export function attention(byField: FieldErrors, error: unknown): string {
  const count = Object.keys(byField).length;
  if (!count) return describe(error);
  return count === 1
    ? 'One field needs your attention: see the message under it.'
    : `${count} fields need your attention: see the messages under them.`;
}

/**
 * Request ids of the unexpected errors described (message → id): ErrorMessage shows the id in an
 * expandable "Details for support", never in the sentence itself, and never for a validation error.
 */
const requestIds = new Map<string, string>();
export const requestIdOf = (message: string | null | undefined): string | undefined =>
  message ? requestIds.get(message) : undefined;

/** A sentence for the user. An unexpected error (5xx, network) keeps its request id for support. */
export function describe(error: unknown): string {
  if (error instanceof RateLimitError) {
    // The server's sentence says which limit (e.g. an invitation's mail limit, a day long); the wait is
    // put in words a person reads, not 86400 s.
    const what = error.problem.detail ?? 'Too many attempts.';
    return error.retryAfter
      ? `${what} Try again in ${waitInWords(error.retryAfter)}.`
      : `${what} Try again shortly.`;
  }
  if (error instanceof ApiError) {
    if (error.status >= 500) {
      const text = 'Something went wrong on our side. Please try again.';
      if (error.requestId) requestIds.set(text, error.requestId);
      return text;
    }
    return error.problem.detail ?? error.problem.title ?? error.message;
  }
  if (error instanceof StorefrontError) return error.message;
  return passkeyProblem(error) ?? 'Something went wrong. Check your connection and try again.';
}

/** 42 → "42 s", 600 → "10 minutes", 86400 → "24 hours". */
export function waitInWords(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

export { ApiError, RateLimitError, SecondFactorRequiredError, StepUpRequiredError };
