import { FieldError, errorFactory } from '@app/core';

/**
 * The codes this context may throw (each one is in the error table of libs/core, which also gives its
 * GraphQL code: validation_failed → BAD_USER_INPUT, forbidden → FORBIDDEN, not_found → NOT_FOUND,
 * out_of_stock → OUT_OF_STOCK; the GraphQL error formatter puts that in `extensions.code`).
 */
export const STOREFRONT_ERROR_CODES = [
  'validation_failed',
  'forbidden',
  'not_found',
  'out_of_stock',
] as const;
const storefrontError = errorFactory(STOREFRONT_ERROR_CODES);

export const StorefrontErrors = {
  badInput: (detail: string, errors?: FieldError[]) =>
    storefrontError('validation_failed', detail, { errors }),
  notFound: (detail: string) => storefrontError('not_found', detail),
  outOfStock: (productId: string) =>
    storefrontError(
      'out_of_stock',
      'A line of the order asks for more than the product has in stock; nothing was ordered.',
      { extensions: { productId } },
    ),
};
