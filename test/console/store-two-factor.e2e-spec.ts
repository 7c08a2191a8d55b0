import { addMember, authenticatorCode, createStore, stepWithMargin } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { checkStorePage, DESKTOP_AND_PHONE, signInToConsole, withConsoleBrowser } from './console-pages';

/**
 * A store that requires two-factor authentication of its members, in the console (contract §10, §19):
 * the owner's **Settings** checkbox **Require two-factor authentication for members** — refused with the
 * server's 409 `two_factor_required` explained and a link to Security while the owner has no factor, then
 * asking **Confirm it's you** (step-up) once the owner has one, and saved after the code. A member without
 * a factor then sees why the store does not open, with a link to **Security**, and the store's card says so.
 */
const VIEWS = DESKTOP_AND_PHONE;

describe('console: requiring two-factor authentication of a store’s members', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  const stamp = Date.now();
  const owner = `console-2fa-owner-${stamp}@example.com`;
  const member = `console-2fa-member-${stamp}@example.com`;

  beforeAll(async () => {
    t = await TestApp.start();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('explains the 409, asks Confirm it’s you, saves; a member without a factor is told why and where to go', async () => {
    const page = await newPage();
    await signInToConsole(page, t, owner); // this console session never verifies a factor by itself
    const { access_token: ownerApi } = await t.signIn(owner);
    const storeId = await createStore(t, ownerApi, 'Two-factor tea');
    const memberApi = await t.signIn(member);
    await addMember(t, ownerApi, storeId, { token: memberApi.access_token, email: member }, 'admin');

    await page.goto(`${t.config.publicUrl}/console/stores/${storeId}/settings`);
    const box = page.getByRole('checkbox', { name: 'Require two-factor authentication for members' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.click();
    await page.getByRole('alert').filter({ hasText: 'Add a second factor to your own account' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add a second factor under Security' }).isVisible()).toBe(
      true,
    );
    expect(await box.isChecked()).toBe(false);
    await checkStorePage(page, 'settings-two-factor-needs-factor', VIEWS);

    // The owner adds an authenticator app in another session: this one must step up.
    const setup = await t.post('/v1/auth/factors/totp', undefined, { token: ownerApi });
    const step = await stepWithMargin();
    const confirmed = await t.post(
      '/v1/auth/factors/totp/confirm',
      { code: authenticatorCode(setup.body.secret, step - 1) },
      { token: ownerApi },
    );
    expect(confirmed.status).toBe(200);
    await box.click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.waitFor();
    await dialog
      .getByRole('textbox', { name: 'Authenticator code' })
      .fill(authenticatorCode(setup.body.secret, step));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.waitForFunction(
      () =>
        (
          (
            globalThis as unknown as { document: { querySelector(s: string): { checked: boolean } | null } }
          ).document.querySelector('input[type=checkbox]') ?? { checked: false }
        ).checked,
    );
    expect(await dialog.isVisible()).toBe(false);
    expect((await t.get(`/v1/user/stores/${storeId}`, { token: ownerApi })).body.requireTwoFactor).toBe(true);
    await checkStorePage(page, 'settings-two-factor-on', VIEWS);

    // The member, without a factor: the card says so, the store page says why and links to Security.
    const memberPage = await newPage();
    await signInToConsole(memberPage, t, member);
    await memberPage.getByText('This store requires two-factor authentication').waitFor();
    await memberPage.getByRole('link', { name: 'Two-factor tea' }).click();
    await memberPage.getByRole('heading', { name: 'Two-factor authentication required', level: 1 }).waitFor();
    await checkStorePage(memberPage, 'two-factor-required', VIEWS);
    await memberPage.getByRole('link', { name: 'Go to Security' }).click();
    await memberPage.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
  }, 180_000);
});
