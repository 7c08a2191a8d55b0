import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const OAUTH_APP_ERROR_CODES = [
  'store_not_found',
  'app_not_found',
  'invalid_request',
  'invalid_client',
  'unsupported_grant_type',
  'invalid_scope',
  'unauthorized_client',
] as const;
const oauthAppError = errorFactory(OAUTH_APP_ERROR_CODES);

/** Errors of the app management routes (problem+json). */
export const OAuthAppErrors = {
  storeNotFound: () => oauthAppError('store_not_found', 'No such store.'),
  appNotFound: () => oauthAppError('app_not_found', 'No such app.'),
};

/**
 * The OAuth endpoints' errors (RFC 6749 §5.2). They are ordinary DomainErrors whose code is the RFC
 * `error` value; the OAuth error filter renders them as `{ error, error_description }`.
 */
export const OAuthErrors = {
  invalidRequest: (detail: string) => oauthAppError('invalid_request', detail),
  /**
   * RFC 6749 §5.2: 401, with a `WWW-Authenticate` challenge for the scheme the client tried when it
   * used the Authorization header.
   */
  invalidClient: (basicUsed: boolean, detail = 'Client authentication failed.') =>
    oauthAppError('invalid_client', detail, {
      headers: basicUsed ? { 'WWW-Authenticate': 'Basic realm="storefront", charset="UTF-8"' } : undefined,
    }),
  unsupportedGrantType: (
    detail = 'Supported grants: client_credentials, authorization_code, refresh_token.',
  ) => oauthAppError('unsupported_grant_type', detail),
  /** A store app (§5) asking for an installed app's grant (§13). */
  unauthorizedClient: (detail: string) => oauthAppError('unauthorized_client', detail),
  invalidScope: (detail: string) => oauthAppError('invalid_scope', detail),
};
