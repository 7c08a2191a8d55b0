import { otpFrom, SoftwareAuthenticator } from '@app/testing';
import { GoogleProvider } from '@app/testing/google-provider';
import { TestApp } from '@app/testing/test-app';
import { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { checkStorePage, DESKTOP_AND_PHONE, signInToConsole, withConsoleBrowser } from './console-pages';

/**
 * Passkeys in the console (contract §10, §19) with Chromium's own WebAuthn virtual authenticator (CDP:
 * CTAP2, built in, resident keys, user verification that says yes): **Add passkey** on the Security page
 * (textbox **Passkey name**), then **Sign in with a passkey** on the sign-in page, **Use a passkey** in the
 * second step after the e-mail code, and a passkey in the **Confirm it's you** dialog. The server runs at
 * `http://localhost:<port>` (PUBLIC_URL): WebAuthn refuses an IP address as the relying party. And the
 * second step after Google (the local provider): the callback page hands it to the sign-in page.
 */
const VIEWS = DESKTOP_AND_PHONE;

describe('console: passkeys with a virtual authenticator', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  let google: GoogleProvider;
  const address = `console-passkey-${Date.now()}@example.com`;

  beforeAll(async () => {
    google = await GoogleProvider.start();
    t = await TestApp.start({ env: google.env });
    expect(new URL(t.config.publicUrl).hostname).toBe('localhost');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await google?.stop();
  });

  /** A page with a virtual platform authenticator attached (it lives as long as the page). */
  const pageWithAuthenticator = async (): Promise<Page> => {
    const page = await newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return page;
  };

  it("adds a passkey on Security, signs in with it alone, answers the second step and Confirm it's you with it", async () => {
    const page = await pageWithAuthenticator();
    await signInToConsole(page, t, address);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();

    // A name is asked for first.
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await page.getByText('Give the passkey a name').waitFor();
    await page.getByRole('textbox', { name: 'Passkey name' }).fill('This laptop');
    await page.getByRole('button', { name: 'Add passkey' }).click();
    // The first factor: ten recovery codes, shown once; the passkey listed with a Remove button.
    await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    const listed = page.getByRole('listitem').filter({ hasText: 'This laptop' });
    await listed.waitFor();
    expect(await listed.getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);
    await checkStorePage(page, 'security-passkey', VIEWS);
    await t.mail.waitFor(address); // the notice of the added passkey
    expect(await passkeysOf()).toEqual([{ name: 'This laptop', last_used_at: null }]);

    // Signed out, the sign-in page offers the passkey alone.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await checkStorePage(page, 'sign-in-passkey', VIEWS);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // Signed in, the page that asked for it (Security) shows itself again.
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();

    // Confirm it's you with the passkey, once this session's verification is older than 600 s.
    await t.app.get(DataSource).query(
      `UPDATE sessions SET verified_at = now() - interval '601 seconds'
          WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [address],
    );
    await page.reload();
    await page.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.waitFor();
    await checkStorePage(page, 'security-step-up-passkey', VIEWS);
    await dialog.getByRole('button', { name: 'Continue with passkey' }).click();
    await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await t.mail.waitFor(address); // the notice of new recovery codes

    // The e-mail code, then Use a passkey as the second step.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(address);
    await page.getByRole('button', { name: 'Send code' }).click();
    const otp = otpFrom(await t.mail.waitFor(address));
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(otp);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    await checkStorePage(page, 'sign-in-second-step-passkey', VIEWS);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    const [used] = await passkeysOf();
    expect(used.last_used_at).toBeInstanceOf(Date);
  }, 180_000);

  it('asks for the second factor after Google too, and finishes with a recovery code', async () => {
    const other = `console-google-2fa-${Date.now()}@example.com`;
    const { access_token: token } = await t.signIn(other);
    const options = await t.post('/v1/auth/factors/passkeys/options', undefined, { token });
    const added = await t.post(
      '/v1/auth/factors/passkeys',
      {
        name: 'Phone',
        response: new SoftwareAuthenticator(new URL(t.config.publicUrl).origin).register(options.body),
      },
      { token },
    );
    expect(added.status).toBe(201);

    google.next = { sub: `google-${other}`, email: other, email_verified: true };
    const page = await newPage();
    await page.goto(`${t.config.publicUrl}/console/`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor({ timeout: 15_000 });
    expect(page.url()).not.toContain('login_code');
    expect(await page.getByRole('button', { name: 'Use a passkey' }).isVisible()).toBe(true);
    await checkStorePage(page, 'sign-in-google-second-step', VIEWS);
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(added.body.recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Your stores' }).waitFor();
  }, 120_000);

  /** The account's passkeys as stored (name, last use). */
  const passkeysOf = (): Promise<{ name: string; last_used_at: Date | null }[]> =>
    t.app.get(DataSource).query(
      `SELECT name, last_used_at FROM passkeys
          WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [address],
    );
});
