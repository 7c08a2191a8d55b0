import { Errors } from '@app/core';

export const PublicTokenErrors = {
  storeNotFound: () => Errors.notFound('store_not_found', 'No such store.'),
  tokenNotFound: () => Errors.notFound('public_token_not_found', 'No such public token.'),
};
