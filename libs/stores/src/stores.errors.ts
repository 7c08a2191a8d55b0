import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const STORE_ERROR_CODES = ['store_not_found', 'store_limit_reached'] as const;
const storeError = errorFactory(STORE_ERROR_CODES);

export const StoreErrors = {
  /** Unknown, malformed, deleted or someone else's: one answer, so existence is never revealed. */
  notFound: () => storeError('store_not_found', 'No such store.'),
  limitReached: (max: number) =>
    storeError(
      'store_limit_reached',
      `An account may own at most ${max} stores; delete one to create another.`,
    ),
};
