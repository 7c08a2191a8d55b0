import { Errors, errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const AUTH_ERROR_CODES = ['session_not_found', 'mail_unavailable'] as const;
const authError = errorFactory(AUTH_ERROR_CODES);

export const AuthErrors = {
  sessionNotFound: () => authError('session_not_found', 'No such session.'),
  refreshRejected: () =>
    Errors.invalidToken('The refresh token is invalid, expired, already used or revoked.'),
  mailFailed: () =>
    authError('mail_unavailable', 'The sign-in mail could not be sent; try again shortly.', {
      retryAfter: 10,
    }),
};
