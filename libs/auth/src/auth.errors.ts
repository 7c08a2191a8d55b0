import { DomainError, Errors } from '@app/core';

export const AuthErrors = {
  sessionNotFound: () => Errors.notFound('session_not_found', 'No such session.'),
  refreshRejected: () =>
    Errors.invalidToken('The refresh token is invalid, expired, already used or revoked.'),
  mailFailed: () =>
    new DomainError('unavailable', 503, 'Service unavailable', {
      detail: 'The sign-in mail could not be sent; try again shortly.',
      retryAfter: 5,
    }),
};
