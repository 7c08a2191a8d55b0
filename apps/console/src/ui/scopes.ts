import { SCOPE_SENTENCES } from '@storefront-platform/sdk/browser';

/** A scope in words (the SDK's sentence), or the scope itself for one this console does not know yet. */
export const describeScope = (scope: string): string =>
  (SCOPE_SENTENCES as Record<string, string>)[scope] ?? scope;
