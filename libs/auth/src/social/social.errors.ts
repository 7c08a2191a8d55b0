import { DomainError, Errors } from '@app/core';

export type SocialProvider = 'google' | 'github';

export const SocialErrors = {
  providerNotConfigured: (provider: SocialProvider) =>
    Errors.notFound('provider_not_configured', `Sign-in with ${provider} is not configured on this server.`),
  invalidRedirectUri: () =>
    new DomainError('invalid_redirect_uri', 400, 'Invalid redirect_uri', {
      detail: 'redirect_uri must be an http(s) URL under an origin listed in AUTH_REDIRECT_ORIGINS.',
    }),
  /** One answer for a missing, forged, expired, replayed or foreign-browser state. */
  invalidState: () =>
    new DomainError('invalid_state', 400, 'Invalid state', {
      detail:
        'The sign-in state is missing, invalid, expired or already used, or belongs to another browser. Start the sign-in again.',
    }),
  accessDenied: () =>
    new DomainError('access_denied', 401, 'Access denied', {
      detail: 'The sign-in was cancelled or refused at the provider.',
    }),
  providerError: () =>
    new DomainError('provider_error', 401, 'Provider error', {
      detail: 'The provider did not confirm the sign-in (code exchange or profile lookup failed).',
    }),
  emailNotVerified: () =>
    new DomainError('email_not_verified', 403, 'E-mail not verified', {
      detail: 'The provider gives no verified e-mail address for this identity.',
    }),
  /** A redirect_uri without the PKCE challenge that binds the login code to the page. */
  codeChallengeRequired: () =>
    Errors.validation(
      [
        {
          field: 'code_challenge',
          message: 'code_challenge with code_challenge_method=S256 is required with redirect_uri',
        },
      ],
      'A sign-in that ends at a redirect_uri must carry a PKCE challenge (RFC 7636, S256).',
    ),
  /** The code_verifier does not match the challenge of the start; the login code is spent. */
  codeVerifierMismatch: () =>
    new DomainError('invalid_code_verifier', 400, 'Invalid code verifier', {
      detail:
        'The code_verifier does not match the code_challenge sent when the sign-in started. Start again.',
    }),
  loginCodeRejected: () => Errors.invalidToken('The login code is invalid, expired or already used.'),
};
