import { Errors } from '@app/core';

export const StoreErrors = {
  /** Unknown, malformed, deleted or someone else's: one answer, so existence is never revealed. */
  notFound: () => Errors.notFound('store_not_found', 'No such store.'),
};
