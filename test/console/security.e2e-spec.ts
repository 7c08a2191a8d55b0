import { authenticatorCode, stepWithMargin } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { checkStorePage, signInToConsole, View, withConsoleBrowser } from './console-pages';

/**
 * The Security page (§10, §19), first factor only: **Set up authenticator app** shows a QR code image (alt
 * text starting "QR code", drawn in the browser) with the key and the otpauth URL as text; a wrong code in **Code** shows the server's message; the right
 * one (computed here from the key shown) with **Confirm** shows the ten recovery codes once, with **Copy**
 * and **Download**, and the account then has the factor. Screenshots at 1280 and 375 px.
 */
const VIEWS: readonly View[] = [
  ['light', 1280],
  ['light', 375],
];

describe('console: Security page — setting up an authenticator app', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  const address = `console-security-${Date.now()}@example.com`;

  beforeAll(async () => {
    t = await TestApp.start();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sets up the app with a code of the key shown, then shows the recovery codes once with Copy and Download', async () => {
    const page = await newPage();
    await signInToConsole(page, t, address);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('otpauth-url').textContent()).toBe(
      `otpauth://totp/Storefront:${encodeURIComponent(address)}?secret=${secret}&issuer=Storefront`,
    );
    const qr = page.getByRole('img', { name: /^QR code/ });
    await qr.waitFor();
    expect(await qr.getAttribute('alt')).toBe('QR code for your authenticator app');
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(
      await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(100);
    await checkStorePage(page, 'security-setup', VIEWS);

    await page.getByRole('textbox', { name: 'Code' }).fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The code is wrong, already used, or too old.' })
      .waitFor();

    const step = await stepWithMargin();
    await page.getByRole('textbox', { name: 'Code' }).fill(authenticatorCode(secret, step));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    expect(await page.getByRole('button', { name: 'Copy', exact: true }).isVisible()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('storefront-recovery-codes.txt');
    await page.getByText(/On since/).waitFor();
    await checkStorePage(page, 'security-recovery-codes', VIEWS);

    // Shown once: a reload shows the factor, not the codes.
    await page.reload();
    await page.getByText(/Recovery codes left: 10/).waitFor();
    expect(await page.getByTestId('recovery-codes').count()).toBe(0);
  }, 120_000);

  it("asks Confirm it's you for Regenerate recovery codes in a session that has not verified a factor, retries after Verify, then removes the app", async () => {
    const other = `console-stepup-${Date.now()}@example.com`;
    const page = await newPage();
    await signInToConsole(page, t, other); // before the factor exists: this session never verified one
    // The factor is added in another session, through the API.
    const { access_token: token } = await t.signIn(other);
    const setup = await t.post('/v1/auth/factors/totp', undefined, { token });
    const step = await stepWithMargin();
    const confirmed = await t.post(
      '/v1/auth/factors/totp/confirm',
      { code: authenticatorCode(setup.body.secret, step - 1) },
      { token },
    );
    expect(confirmed.status).toBe(200);

    await page.goto(`${t.config.publicUrl}/console/security`);
    await page.getByText(/On since/).waitFor();
    await page.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.waitFor();
    await checkStorePage(page, 'security-step-up', VIEWS);
    await dialog.getByRole('textbox', { name: 'Authenticator code' }).fill('000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The code is wrong, already used, or too old.' })
      .waitFor();
    await dialog
      .getByRole('textbox', { name: 'Authenticator code' })
      .fill(authenticatorCode(setup.body.secret, step));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    // The action is retried: ten new codes, the old ones dead.
    await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(confirmed.body.recoveryCodes[0]);

    // Verified within 600 s: Remove goes through without asking again.
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByText(/^Off\./).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect((await t.get('/v1/auth/factors', { token })).body.totp).toBeNull();
  }, 120_000);
});
