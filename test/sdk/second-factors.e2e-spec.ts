import {
  AccountClient,
  ApiError,
  SecondFactorRequiredError,
  StepUpRequiredError,
  StorefrontError,
} from '@app/sdk';
import { authenticatorCode, otpFrom, SoftwareAuthenticator, stepWithMargin } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * The SDK's second factors (contract §9, §19): `factors.*`, `stepUp`, and StepUpRequiredError — a 401
 * that is about the session's assurance, so the client neither refreshes nor signs out on it.
 */
describe('AccountClient: second factors and step-up', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const signedIn = async (address: string) => {
    const client = new AccountClient({ baseUrl: t.baseUrl });
    await client.login(address);
    await client.verify(address, otpFrom(await t.mail.waitFor(address)));
    return client;
  };

  it('sets up an authenticator, throws StepUpRequiredError in another session without signing it out, and retries after stepUp', async () => {
    const address = 'sdk-2fa@example.com';
    const enrolling = await signedIn(address);
    const other = await signedIn(address);
    const events: string[] = [];
    other.onChange((event) => events.push(event));

    const setup = await enrolling.factors.totp.start();
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    const step = await stepWithMargin();
    const confirmed = await enrolling.factors.totp.confirm(authenticatorCode(setup.secret, step));
    expect(confirmed.recoveryCodes).toHaveLength(10);
    await t.mail.waitFor(address);
    expect((await enrolling.factors.list()).recoveryCodesLeft).toBe(10);

    const refused = await other.factors.recoveryCodes.regenerate().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StepUpRequiredError);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toBeInstanceOf(StorefrontError);
    expect(refused).toMatchObject({
      status: 401,
      code: 'step_up_required',
      maxAge: 600,
      name: 'StepUpRequiredError',
    });
    expect(await other.session()).not.toBeNull();
    expect(events).toEqual([]); // no refresh, no sign-out

    const wrong = await other.stepUp({ totp: '000000' }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 400, code: 'invalid_mfa_code' });
    await other.stepUp({ totp: authenticatorCode(setup.secret, step + 1) });
    const fresh = await other.factors.recoveryCodes.regenerate();
    expect(fresh.recoveryCodes).toHaveLength(10);
    await t.mail.waitFor(address);
    // Signing in again: the server asks for the second factor; the SDK stores no half session.
    const again = new AccountClient({ baseUrl: t.baseUrl });
    await again.login(address);
    const asked = await again
      .verify(address, otpFrom(await t.mail.waitFor(address)))
      .catch((e: unknown) => e);
    expect(asked).toBeInstanceOf(SecondFactorRequiredError);
    expect(asked).toBeInstanceOf(StorefrontError);
    expect(asked).not.toBeInstanceOf(ApiError);
    expect(String(asked)).toMatch(/second factor/);
    expect(await again.session()).toBeNull();

    await other.factors.totp.remove();
    expect((await other.factors.list()).totp).toBeNull();
  });

  it('signs in with a second factor: verify throws SecondFactorRequiredError, completeSignIn with a TOTP code or a recovery code stores the session', async () => {
    const address = 'sdk-2fa-signin@example.com';
    const enrolling = await signedIn(address);
    const setup = await enrolling.factors.totp.start();
    const step = await stepWithMargin();
    const { recoveryCodes } = await enrolling.factors.totp.confirm(authenticatorCode(setup.secret, step - 1));
    await t.mail.waitFor(address);

    /** The first step for a new client: the SecondFactorRequiredError it throws. */
    const firstStep = async (client: AccountClient) => {
      await client.login(address);
      const asked = await client
        .verify(address, otpFrom(await t.mail.waitFor(address)))
        .catch((e: unknown) => e);
      expect(asked).toBeInstanceOf(SecondFactorRequiredError);
      expect(await client.session()).toBeNull();
      return asked as SecondFactorRequiredError;
    };

    const client = new AccountClient({ baseUrl: t.baseUrl });
    const events: string[] = [];
    client.onChange((event) => events.push(event));
    const asked = await firstStep(client);
    expect(asked.mfaToken).toEqual(expect.any(String));
    expect(asked.methods).toEqual(expect.arrayContaining(['totp', 'recovery_code']));
    expect(asked.requestId).toEqual(expect.any(String));

    const wrong = await client
      .completeSignIn({ mfaToken: asked.mfaToken, totp: '000000' })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ status: 401, code: 'invalid_mfa_code' });
    expect(await client.session()).toBeNull();
    expect(events).toEqual([]);

    const session = await client.completeSignIn({
      mfaToken: asked.mfaToken,
      totp: authenticatorCode(setup.secret, step + 1),
    });
    expect(session.accessToken).toEqual(expect.any(String));
    expect(await client.session()).toMatchObject({ accessToken: session.accessToken });
    expect(events).toEqual(['signed_in']);
    expect((await client.me()).email).toBe(address);
    // The session counts as verified: an action that needs step-up goes through at once.
    const regenerated = (await client.factors.recoveryCodes.regenerate()).recoveryCodes;
    expect(regenerated).toHaveLength(10);
    await t.mail.waitFor(address);

    const reused = await client
      .completeSignIn({ mfaToken: asked.mfaToken, totp: authenticatorCode(setup.secret, step + 1) })
      .catch((e: unknown) => e);
    expect(reused).toMatchObject({ status: 401, code: 'invalid_mfa_token' });

    // A recovery code (the earlier ones died with the regeneration above: the old one is refused).
    const byCode = new AccountClient({ baseUrl: t.baseUrl });
    const again = await firstStep(byCode);
    const stale = await byCode
      .completeSignIn({ mfaToken: again.mfaToken, recoveryCode: recoveryCodes?.[0] ?? '' })
      .catch((e: unknown) => e);
    expect(stale).toMatchObject({ status: 401, code: 'invalid_mfa_code' });
    const byRecovery = await byCode.completeSignIn({
      mfaToken: again.mfaToken,
      recoveryCode: regenerated[0],
    });
    expect(await byCode.session()).toMatchObject({ accessToken: byRecovery.accessToken });
    await t.mail.waitFor(address); // the notice of a recovery code used
    expect((await byCode.factors.list()).recoveryCodesLeft).toBe(9);
  });

  it('passkeys: factors.passkeys.options/add/remove, signInWithPasskey, completeSignIn and stepUp with a passkey', async () => {
    const address = 'sdk-passkey@example.com';
    const client = await signedIn(address);
    const before = await signedIn(address); // a session that will not have verified the passkey
    const authenticator = new SoftwareAuthenticator(new URL(t.config.publicUrl).origin);
    const options = await client.factors.passkeys.options();
    expect(options.challenge).toEqual(expect.any(String));
    const added = await client.factors.passkeys.add({
      name: 'Desk key',
      response: authenticator.register(options),
    });
    expect(added).toMatchObject({ name: 'Desk key', recoveryCodes: expect.any(Array) });
    await t.mail.waitFor(address);

    // Passkey sign-in without a code: a stored, verified session.
    const byPasskey = new AccountClient({ baseUrl: t.baseUrl });
    const session = await byPasskey.signInWithPasskey(
      authenticator.assert(await byPasskey.passkeySignInOptions()),
    );
    expect(await byPasskey.session()).toMatchObject({ accessToken: session.accessToken });
    expect((await byPasskey.me()).email).toBe(address);
    const refused = await byPasskey
      .signInWithPasskey(authenticator.assert({ challenge: 'bm90LWEtY2hhbGxlbmdlLWF0LWFsbA' }))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_mfa_code' });

    // The second step with a passkey.
    const second = new AccountClient({ baseUrl: t.baseUrl });
    await second.login(address);
    const asked = (await second
      .verify(address, otpFrom(await t.mail.waitFor(address)))
      .catch((e: unknown) => e)) as SecondFactorRequiredError;
    expect(asked.methods).toEqual(['passkey', 'recovery_code']);
    const passkey = authenticator.assert(await second.signInPasskeyOptions(asked.mfaToken));
    await second.completeSignIn({ mfaToken: asked.mfaToken, passkey });
    expect(await second.session()).not.toBeNull();

    // Step-up with a passkey in a session that has not verified one (signed in before the passkey).
    const refusedRemove = await before.factors.passkeys.remove(added.id).catch((e: unknown) => e);
    expect(refusedRemove).toBeInstanceOf(StepUpRequiredError);
    await before.stepUp({ passkey: authenticator.assert(await before.stepUpPasskeyOptions()) });
    await before.factors.passkeys.remove(added.id);
    await t.mail.waitFor(address);
    expect((await before.factors.list()).passkeys).toEqual([]);
  });
});
