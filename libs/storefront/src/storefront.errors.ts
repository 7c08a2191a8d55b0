import { FieldError, errorFactory } from '@app/core';

/**
 * The codes the storefront's domain may throw, each one in the error table of libs/core, which says how
 * each transport renders it: `product_not_found` / `order_not_found` / `store_not_found` are a 404 with
 * that code over REST and NOT_FOUND in GraphQL; `handle_taken` a 409 over REST and BAD_USER_INPUT in
 * GraphQL; `validation_failed` a 400 and BAD_USER_INPUT; `out_of_stock` a 409 and OUT_OF_STOCK. A door
 * never renames them: one refusal has one name. (Scope refusals, `forbidden`, come from the GraphQL door's
 * requireScope.)
 */
export const STOREFRONT_ERROR_CODES = [
  'validation_failed',
  'product_not_found',
  'order_not_found',
  'store_not_found',
  'handle_taken',
  'out_of_stock',
] as const;
const storefrontError = errorFactory(STOREFRONT_ERROR_CODES);

export const StorefrontErrors = {
  badInput: (detail: string, errors?: FieldError[]) =>
    storefrontError('validation_failed', detail, { errors }),
  /** Unknown, malformed, deleted or another store's: one answer. */
  productNotFound: (detail = 'No such product in this store.') =>
    storefrontError('product_not_found', detail),
  orderNotFound: () => storefrontError('order_not_found', 'No such order in this store.'),
  storeGone: () => storefrontError('store_not_found', 'The store no longer exists.'),
  handleTaken: () =>
    storefrontError('handle_taken', 'Another product of this store already has this handle.', {
      errors: [{ field: 'handle', message: 'handle is already taken in this store' }],
    }),
  outOfStock: (productId: string) =>
    storefrontError(
      'out_of_stock',
      'A line of the order asks for more than the product has in stock; nothing was ordered.',
      { extensions: { productId } },
    ),
};
