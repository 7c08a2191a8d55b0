import { DomainError, Errors } from '@app/core';

/** Errors of the app management routes (problem+json). */
export const OAuthAppErrors = {
  storeNotFound: () => Errors.notFound('store_not_found', 'No such store.'),
  appNotFound: () => Errors.notFound('app_not_found', 'No such app.'),
};

/**
 * The OAuth endpoints' errors (RFC 6749 §5.2). They are ordinary DomainErrors whose code is the RFC
 * `error` value; the OAuth error filter renders them as `{ error, error_description }`.
 */
export const OAuthErrors = {
  invalidRequest: (detail: string) => new DomainError('invalid_request', 400, 'Invalid request', { detail }),
  /**
   * RFC 6749 §5.2: 401, with a `WWW-Authenticate` challenge for the scheme the client tried when it
   * used the Authorization header.
   */
  invalidClient: (basicUsed: boolean, detail = 'Client authentication failed.') =>
    new DomainError('invalid_client', 401, 'Invalid client', {
      detail,
      headers: basicUsed ? { 'WWW-Authenticate': 'Basic realm="storefront", charset="UTF-8"' } : undefined,
    }),
  unsupportedGrantType: (detail = 'Only grant_type=client_credentials is supported.') =>
    new DomainError('unsupported_grant_type', 400, 'Unsupported grant type', { detail }),
  invalidScope: (detail: string) => new DomainError('invalid_scope', 400, 'Invalid scope', { detail }),
};
