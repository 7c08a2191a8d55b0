import { Errors, errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const SOCIAL_ERROR_CODES = [
  'provider_not_configured',
  'invalid_redirect_uri',
  'invalid_state',
  'access_denied',
  'provider_error',
  'email_not_verified',
  'invalid_code_verifier',
] as const;
const socialError = errorFactory(SOCIAL_ERROR_CODES);

export type SocialProvider = 'google' | 'github';

export const SocialErrors = {
  providerNotConfigured: (provider: SocialProvider) =>
    socialError('provider_not_configured', `Sign-in with ${provider} is not configured on this server.`),
  invalidRedirectUri: () =>
    socialError(
      'invalid_redirect_uri',
      'redirect_uri must be an http(s) URL under an origin listed in AUTH_REDIRECT_ORIGINS.',
    ),
  /** One answer for a missing, forged, expired, replayed or foreign-browser state. */
  invalidState: () =>
    socialError(
      'invalid_state',
      'The sign-in state is missing, invalid, expired or already used, or belongs to another browser. Start the sign-in again.',
    ),
  accessDenied: () => socialError('access_denied', 'The sign-in was cancelled or refused at the provider.'),
  providerError: () =>
    socialError(
      'provider_error',
      'The provider did not confirm the sign-in (code exchange or profile lookup failed).',
    ),
  emailNotVerified: () =>
    socialError('email_not_verified', 'The provider gives no verified e-mail address for this identity.'),
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
    socialError(
      'invalid_code_verifier',
      'The code_verifier does not match the code_challenge sent when the sign-in started. Start again.',
    ),
  loginCodeRejected: () => Errors.invalidToken('The login code is invalid, expired or already used.'),
};
