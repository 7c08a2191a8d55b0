import { DomainError, FieldError } from '@app/core';

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
  forbidden: (detail: string) => new DomainError('FORBIDDEN', 403, 'Forbidden', { detail }),
  badInput: (detail: string, errors?: FieldError[]) =>
    new DomainError('BAD_USER_INPUT', 400, 'Bad user input', { detail, errors }),
  notFound: (detail: string) => new DomainError('NOT_FOUND', 404, 'Not found', { detail }),
  outOfStock: (productId: string) =>
    new DomainError('OUT_OF_STOCK', 409, 'Out of stock', {
      detail: 'A line of the order asks for more than the product has in stock; nothing was ordered.',
      extensions: { productId },
    }),
};
