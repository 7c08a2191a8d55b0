import { pkcePair, SoftwareAuthenticator } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { GoogleProvider } from '@app/testing/google-provider';
import { RedirectClient } from '@app/testing/redirect-client';
import { exchange, withSocialProviders } from './social-providers';

/**
 * Google sign-in for an account with a second factor (contract §2, §19), against the local OpenID
 * provider: the callback and `/v1/auth/login/exchange` answer `mfaRequired` (never a token pair), and
 * `/v1/auth/login/mfa` finishes it — here with a passkey (software authenticator), the session keeping
 * `google` as its method and counting as verified.
 */
const PKCE = pkcePair();
const APP_ORIGIN = 'https://app.example.com';

describe('social sign-in with a second factor', () => {
  const providers = withSocialProviders(APP_ORIGIN);
  let t: TestApp;
  let google: GoogleProvider;
  beforeAll(() => {
    ({ t, google } = providers);
  });

  const startGoogle = async (email: string, query = '') => {
    google.next = { sub: `google-${email}`, email, email_verified: true };
    const hops = await new RedirectClient().follow(`${t.config.publicUrl}/v1/auth/google${query}`, (url) =>
      url.startsWith(APP_ORIGIN),
    );
    return hops[hops.length - 1];
  };

  it('answers mfaRequired at the callback and at the exchange; the passkey finishes it', async () => {
    const address = `social-mfa-${Date.now()}@example.com`;
    const { access_token: token } = await t.signIn(address);
    const authenticator = new SoftwareAuthenticator(new URL(t.config.publicUrl).origin);
    const options = await t.post('/v1/auth/factors/passkeys/options', undefined, { token });
    const added = await t.post(
      '/v1/auth/factors/passkeys',
      { name: 'Phone', response: authenticator.register(options.body) },
      { token },
    );
    expect(added.status).toBe(201);

    // Without a redirect_uri the callback itself answers: the question, not a token pair.
    const direct = await startGoogle(address);
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['passkey', 'recovery_code'],
    });
    expect(direct.text).not.toContain('access_token');

    // With one: the login code, then the exchange answers the question.
    const redirected = await startGoogle(
      address,
      `?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/cb`)}${PKCE.query}`,
    );
    expect(redirected.status).toBe(302);
    const code = new URL(redirected.location!).searchParams.get('login_code')!;
    const asked = await exchange(t, code, PKCE.verifier);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['passkey', 'recovery_code'],
    });
    expect(asked.text).not.toContain('access_token');

    const { mfaToken } = asked.body;
    const wrong = await t.post('/v1/auth/login/mfa', {
      mfaToken,
      recoveryCode: 'AAAA-BBBB-CCCC',
    });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_mfa_code']);
    const passkeyOptions = await t.post('/v1/auth/login/mfa/passkey-options', { mfaToken });
    const done = await t.post('/v1/auth/login/mfa', {
      mfaToken,
      passkey: authenticator.assert(passkeyOptions.body),
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    const session = done.body.access_token;
    const sessions = await t.get('/v1/auth/sessions', { token: session });
    expect(sessions.body.find((s: { current: boolean }) => s.current).method).toBe('google');
    // Verified for step-up: new recovery codes without being asked.
    const codes = await t.post('/v1/auth/factors/recovery-codes', undefined, { token: session });
    expect(codes.status).toBe(200);

    // The mfaToken was spent; the direct one still works once, with a recovery code.
    const reused = await t.post('/v1/auth/login/mfa', {
      mfaToken,
      recoveryCode: codes.body.recoveryCodes[0],
    });
    expect([reused.status, reused.body.code]).toEqual([401, 'invalid_mfa_token']);
    const other = await t.post('/v1/auth/login/mfa', {
      mfaToken: direct.body.mfaToken,
      recoveryCode: codes.body.recoveryCodes[0],
    });
    expect(other.status).toBe(200);
  });
});
