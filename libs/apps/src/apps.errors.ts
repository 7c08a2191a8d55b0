import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const APP_ERROR_CODES = [
  'app_not_found',
  'store_not_found',
  'installation_not_found',
  'validation_failed',
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'unauthorized_client',
  'unsupported_grant_type',
] as const;
const appError = errorFactory(APP_ERROR_CODES);

/** Errors of the apps' management routes, the consent and the installations (problem+json). */
export const AppErrors = {
  appNotFound: () => appError('app_not_found', 'No such app.'),
  storeNotFound: () => appError('store_not_found', 'No such store.'),
  /** The consent's store: not one where the caller's role allows installing apps (never told apart). */
  noInstallingStore: () =>
    appError('store_not_found', 'No such store, or your role there does not allow installing apps.'),
  installationNotFound: () => appError('installation_not_found', 'No such installation.'),
  /** A field of a body or query that fails a rule checked beyond its shape (a URL, a scope, an event). */
  invalid: (field: string, message: string) =>
    appError('validation_failed', `${field}: ${message}`, { errors: [{ field, message }] }),
};

/**
 * The OAuth endpoints' errors (RFC 6749 §5.2), for every kind of app. They are ordinary DomainErrors whose
 * code is the RFC `error` value; the OAuth error writer (oauth/oauth-errors.ts) renders them as
 * `{ error, error_description }`.
 */
export const OAuthErrors = {
  invalidRequest: (detail: string) => appError('invalid_request', detail),
  /**
   * RFC 6749 §5.2: 401, with a `WWW-Authenticate` challenge for the scheme the client tried when it
   * used the Authorization header.
   */
  invalidClient: (basicUsed: boolean, detail = 'Client authentication failed.') =>
    appError('invalid_client', detail, {
      headers: basicUsed ? { 'WWW-Authenticate': 'Basic realm="storefront", charset="UTF-8"' } : undefined,
    }),
  invalidGrant: (detail: string) => appError('invalid_grant', detail),
  unsupportedGrantType: () =>
    appError(
      'unsupported_grant_type',
      'Supported grants: client_credentials, authorization_code, refresh_token.',
    ),
  /** A grant the kind of app may not use (a store app's code grant, an installable app's client credentials). */
  unauthorizedClient: (detail: string) => appError('unauthorized_client', detail),
  invalidScope: (detail: string) => appError('invalid_scope', detail),
};
