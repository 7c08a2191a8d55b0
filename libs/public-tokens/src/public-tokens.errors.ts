import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const PUBLIC_TOKEN_ERROR_CODES = ['store_not_found', 'public_token_not_found'] as const;
const publicTokenError = errorFactory(PUBLIC_TOKEN_ERROR_CODES);

export const PublicTokenErrors = {
  storeNotFound: () => publicTokenError('store_not_found', 'No such store.'),
  tokenNotFound: () => publicTokenError('public_token_not_found', 'No such public token.'),
};
