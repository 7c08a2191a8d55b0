import { errorFactory, FieldError } from '@app/core';

/** The codes the owner's catalogue and orders routes may throw (each one is in libs/core's error table). */
export const OWNER_CATALOGUE_ERROR_CODES = [
  'validation_failed',
  'handle_taken',
  'product_not_found',
  'order_not_found',
] as const;
const ownerError = errorFactory(OWNER_CATALOGUE_ERROR_CODES);

export const OwnerCatalogueErrors = {
  validation: (detail: string, errors?: FieldError[]) =>
    ownerError('validation_failed', detail, { errors: errors ?? [] }),
  handleTaken: () =>
    ownerError('handle_taken', 'Another product of this store already has this handle.', {
      errors: [{ field: 'handle', message: 'handle is already taken in this store' }],
    }),
  /** Unknown, malformed, deleted or another store's: one answer. */
  productNotFound: () => ownerError('product_not_found', 'No such product in this store.'),
  orderNotFound: () => ownerError('order_not_found', 'No such order in this store.'),
};
