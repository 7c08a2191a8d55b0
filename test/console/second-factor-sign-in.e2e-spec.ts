import { authenticatorCode, otpFrom, stepWithMargin } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { Page } from 'playwright-core';
import { checkStorePage, View, withConsoleBrowser } from './console-pages';

/**
 * Console sign-in for an account with an authenticator app (contract §10, §19), in Chromium against the
 * real server: after the e-mail code the page asks for the **Authenticator code** (button **Verify**) —
 * computed here from the secret with libs/testing's own RFC 6238 code — or, via **Use a recovery code**, a
 * recovery code. A wrong code shows the server's message and keeps the step. Every view: one h1, no
 * axe-core violation, no sideways scroll at 375 px; screenshots `store-sign-in-*-{1280,375}.png`.
 */
const VIEWS: readonly View[] = [
  ['light', 1280],
  ['light', 375],
];

describe('console: sign-in with a second factor', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  const address = `console-2fa-${Date.now()}@example.com`;
  let secret: string;
  let recoveryCodes: string[];
  let token: string;

  beforeAll(async () => {
    t = await TestApp.start();
    token = (await t.signIn(address)).access_token;
    const setup = await t.post('/v1/auth/factors/totp', undefined, { token });
    expect(setup.status).toBe(201);
    secret = setup.body.secret;
    const step = await stepWithMargin();
    const confirmed = await t.post(
      '/v1/auth/factors/totp/confirm',
      { code: authenticatorCode(secret, step - 1) },
      { token },
    );
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.body.recoveryCodes;
    await t.mail.waitFor(address); // the notice of the added factor
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The e-mail code step, up to the second step's textbox. */
  const firstStep = async (page: Page) => {
    await page.goto(`${t.config.publicUrl}/console/`);
    await page.getByRole('textbox', { name: 'Email' }).fill(address);
    await page.getByRole('button', { name: 'Send code' }).click();
    const otp = otpFrom(await t.mail.waitFor(address));
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(otp);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('textbox', { name: 'Authenticator code' }).waitFor();
  };

  it('asks for the authenticator code after the e-mail code, shows the server message for a wrong one, and signs in with the right one', async () => {
    const page = await newPage();
    await firstStep(page);
    expect(await page.getByRole('textbox', { name: 'Code', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Use a recovery code' }).isVisible()).toBe(true);
    await checkStorePage(page, 'sign-in-authenticator', VIEWS);

    await page.getByRole('textbox', { name: 'Authenticator code' }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The code is wrong, already used, or too old.' })
      .waitFor();
    await checkStorePage(page, 'sign-in-authenticator-wrong', VIEWS);

    const step = await stepWithMargin();
    await page.getByRole('textbox', { name: 'Authenticator code' }).fill(authenticatorCode(secret, step));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Your stores' }).waitFor();
  }, 120_000);

  it('signs in with a recovery code instead, which is then spent', async () => {
    const page = await newPage(375);
    await firstStep(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const box = page.getByRole('textbox', { name: 'Recovery code' });
    await box.waitFor();
    expect(await page.getByRole('textbox', { name: 'Authenticator code' }).count()).toBe(0);
    await checkStorePage(page, 'sign-in-recovery-code', VIEWS);
    await box.fill(recoveryCodes[0].toLowerCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Your stores' }).waitFor();
    await t.mail.waitFor(address); // the notice of a recovery code used
    expect((await t.get('/v1/auth/factors', { token })).body.recoveryCodesLeft).toBe(9);
  }, 120_000);
});
