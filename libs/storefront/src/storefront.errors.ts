import { FieldError, errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const STOREFRONT_DOMAIN_ERROR_CODES = [
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'OUT_OF_STOCK',
] as const;
const storefrontError = errorFactory(STOREFRONT_DOMAIN_ERROR_CODES);

/**
 * The storefront's error vocabulary: DomainErrors whose codes are the GraphQL codes
 * themselves; the GraphQL error formatter puts them in `extensions.code` (and maps the REST codes other
 * contexts throw, such as `validation_failed`, to their GraphQL counterparts).
 */
export const STOREFRONT_ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'OUT_OF_STOCK',
  'QUERY_TOO_COMPLEX',
] as const;
export type StorefrontErrorCode = (typeof STOREFRONT_ERROR_CODES)[number];

export const StorefrontErrors = {
  forbidden: (detail: string) => storefrontError('FORBIDDEN', detail),
  badInput: (detail: string, errors?: FieldError[]) => storefrontError('BAD_USER_INPUT', detail, { errors }),
  notFound: (detail: string) => storefrontError('NOT_FOUND', detail),
  outOfStock: (productId: string) =>
    storefrontError(
      'OUT_OF_STOCK',
      'A line of the order asks for more than the product has in stock; nothing was ordered.',
      { extensions: { productId } },
    ),
};
