import { DomainError, errorFactory } from '@app/core';

/** The codes the second-factor part of auth may throw (each one is in the error table of libs/core). */
export const FACTOR_ERROR_CODES = [
  'invalid_mfa_code',
  'invalid_mfa_token',
  'step_up_required',
  'two_factor_required',
  'not_found',
  'conflict',
  'validation_failed',
] as const;
const factorError = errorFactory(FACTOR_ERROR_CODES);

/** Seconds a second factor verified in a session counts for step-up (RFC 9470 `max_age`). */
export const STEP_UP_MAX_AGE = 600;

export const FactorErrors = {
  /** A wrong, reused or stale answer: 401 on sign-in (no token yet), 400 on a signed-in route. */
  invalidCode: (signedIn: boolean) =>
    factorError(
      'invalid_mfa_code',
      'The code is wrong, already used, or too old.',
      signedIn ? { status: 400 } : {},
    ),
  invalidToken: () =>
    factorError(
      'invalid_mfa_token',
      'The mfaToken is unknown, used, expired, or had too many wrong answers.',
    ),
  stepUpRequired: (): DomainError =>
    factorError(
      'step_up_required',
      `Confirm it's you: verify a second factor in this session (POST /v1/auth/step-up), then retry.`,
      {
        headers: {
          'WWW-Authenticate': `Bearer error="insufficient_user_authentication", error_description="A second factor verified in this session within the last ${STEP_UP_MAX_AGE} seconds is required", max_age=${STEP_UP_MAX_AGE}`,
        },
        extensions: { maxAge: STEP_UP_MAX_AGE },
      },
    ),
  twoFactorRequired: () =>
    factorError(
      'two_factor_required',
      'This store requires two-factor authentication of its members: add a second factor under Security.',
    ),
  /** The owner turning requireTwoFactor on (or off) without a factor of their own. */
  ownerNeedsFactor: () =>
    factorError(
      'two_factor_required',
      'Add a second factor to your own account before requiring one of the members.',
      { status: 409 },
    ),
  noFactor: () => factorError('not_found', 'The account has no such factor.'),
  noPasskey: () => factorError('not_found', 'The account has no passkey.'),
  /** A registration that does not verify (challenge, origin, rp id, user verification, format). */
  invalidRegistration: () =>
    factorError(
      'invalid_mfa_code',
      'The passkey could not be verified: ask for new options (POST /v1/auth/factors/passkeys/options) and try again.',
      { status: 400 },
    ),
  passkeyTaken: () => factorError('conflict', 'This passkey is already registered.'),
  noSecondFactor: () =>
    factorError('conflict', 'The account has no second factor: add one first (an authenticator app).'),
  noPendingTotp: () =>
    factorError(
      'invalid_mfa_code',
      'No authenticator is being set up: start again (POST /v1/auth/factors/totp).',
      {
        status: 400,
      },
    ),
  oneAnswer: () =>
    factorError('validation_failed', 'Send exactly one of totp, recoveryCode or passkey.', {
      errors: [{ field: 'totp', message: 'send exactly one of totp, recoveryCode or passkey' }],
    }),
};
