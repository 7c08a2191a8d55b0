import type { AppConfig } from '@app/core';

/** A purge rule (see ExpiredRowsPurge in @app/database): a table and when its rows stop mattering. */
interface Rule {
  name: string;
  table: string;
  where: string;
  params?: (config: AppConfig) => unknown[];
}

/**
 * When the auth context's rows stop mattering. Each keeps what revocation and reuse detection still
 * need: a revoked-token row until its token has expired anyway (JWT verification refuses it from then
 * on), a refresh token a day past its expiry (a used one still answers "reuse" meanwhile), an ended
 * session 30 days (its tokens are long dead; the revocation read refuses a missing session like a
 * revoked one), an OTP challenge until both its code and its resend cooldown are over.
 */
export const AUTH_PURGE_RULES: Rule[] = [
  {
    name: 'otp_challenges',
    table: 'otp_challenges',
    where: `expires_at < now() AND created_at < now() - make_interval(secs => $1)`,
    params: (config) => [config.otpResendAfter],
  },
  { name: 'otp_failures', table: 'otp_failures', where: `failed_at < now() - interval '1 hour'` },
  // (v1.4) An mfaToken lives 300 s; a failed second-factor answer counts for 15 minutes.
  { name: 'mfa_challenges', table: 'mfa_challenges', where: `expires_at < now() - interval '1 day'` },
  // A WebAuthn challenge lives 300 s; an expired one can never be spent.
  { name: 'webauthn_challenges', table: 'webauthn_challenges', where: `expires_at < now()` },
  {
    name: 'second_factor_failures',
    table: 'second_factor_failures',
    where: `failed_at < now() - interval '15 minutes'`,
  },
  { name: 'refresh_tokens', table: 'refresh_tokens', where: `expires_at < now() - interval '1 day'` },
  { name: 'revoked_tokens', table: 'revoked_tokens', where: `expires_at < now() - interval '5 minutes'` },
  {
    name: 'sessions',
    table: 'sessions',
    where: `(revoked_at < now() - interval '30 days') OR (expires_at < now() - interval '30 days')`,
  },
];
