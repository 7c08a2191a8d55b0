import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const INSTALLED_APP_ERROR_CODES = [
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
const installedAppError = errorFactory(INSTALLED_APP_ERROR_CODES);

export const InstalledAppErrors = {
  appNotFound: () => installedAppError('app_not_found', 'No such app.'),
  storeNotFound: () =>
    installedAppError('store_not_found', 'No such store, or your role there does not allow installing apps.'),
  installationNotFound: () => installedAppError('installation_not_found', 'No such installation.'),
  /** A field of a body or query that fails a rule checked beyond its shape (a URL, a scope, an event). */
  invalid: (field: string, message: string) =>
    installedAppError('validation_failed', `${field}: ${message}`, { errors: [{ field, message }] }),
};

/** The token endpoint's errors for installed apps (RFC 6749 §5.2; rendered by oauth-apps' error writer). */
export const GrantErrors = {
  invalidRequest: (detail: string) => installedAppError('invalid_request', detail),
  invalidClient: (basicUsed: boolean) =>
    installedAppError('invalid_client', 'Client authentication failed.', {
      headers: basicUsed ? { 'WWW-Authenticate': 'Basic realm="storefront", charset="UTF-8"' } : undefined,
    }),
  invalidGrant: (detail: string) => installedAppError('invalid_grant', detail),
  invalidScope: (detail: string) => installedAppError('invalid_scope', detail),
  unauthorizedClient: (detail: string) => installedAppError('unauthorized_client', detail),
  unsupportedGrantType: () =>
    installedAppError(
      'unsupported_grant_type',
      'Supported grants: authorization_code, refresh_token, client_credentials.',
    ),
};
