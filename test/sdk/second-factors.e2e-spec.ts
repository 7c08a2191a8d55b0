import { AccountClient, ApiError, StepUpRequiredError, StorefrontError } from '@app/sdk';
import { authenticatorCode, otpFrom, stepWithMargin } from '@app/testing';
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
    expect(asked).toBeInstanceOf(StorefrontError);
    expect(String(asked)).toMatch(/second factor/);
    expect(await again.session()).toBeNull();

    await other.factors.totp.remove();
    expect((await other.factors.list()).totp).toBeNull();
  });
});
