import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const STORE_ERROR_CODES = [
  'store_not_found',
  'store_limit_reached',
  'insufficient_role',
  'two_factor_required',
] as const;
const storeError = errorFactory(STORE_ERROR_CODES);

export const StoreErrors = {
  /** Unknown, malformed, deleted or someone else's: one answer, so existence is never revealed. */
  notFound: () => storeError('store_not_found', 'No such store.'),
  limitReached: (max: number) =>
    storeError(
      'store_limit_reached',
      `An account may own at most ${max} stores; delete one to create another.`,
    ),
  /** requireTwoFactor is the owner's setting alone. */
  ownerOnly: (role: string) =>
    storeError('insufficient_role', `Only the owner may set requireTwoFactor (your role: ${role}).`),
  /** The owner must have a second factor before requiring one of the members (else they could not stay). */
  ownerNeedsFactor: () =>
    storeError(
      'two_factor_required',
      'Add a second factor to your own account before requiring one of the members.',
      { status: 409 },
    ),
};
