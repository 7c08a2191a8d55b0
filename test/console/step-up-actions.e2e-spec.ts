import { addMember, authenticatorCode, createStore, stepWithMargin } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { checkStorePage, DESKTOP_AND_PHONE, signInToConsole, withConsoleBrowser } from './console-pages';

/**
 * The **Confirm it's you** dialog on every console action that needs step-up (contract §10, §19): rotating
 * an OAuth app's secret, rotating a webhook endpoint's secret, rotating an installable app's secret,
 * deleting a store and transferring one. The owner's console session has not verified a factor (its
 * verification is made older than 600 s before each action), so each action is refused, the dialog asks
 * (here for a recovery code), and the action is retried and done.
 */
const VIEWS = DESKTOP_AND_PHONE;

describe('console: Confirm it’s you on the actions that need step-up', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  const stamp = Date.now();
  const owner = `console-stepup-owner-${stamp}@example.com`;
  const member = `console-stepup-member-${stamp}@example.com`;

  beforeAll(async () => {
    t = await TestApp.start({ env: { WEBHOOK_ALLOW_LOCAL: 'true' } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** This account's sessions count as not verified (their verification is older than 600 s). */
  const unverified = () =>
    t.app.get(DataSource).query(
      `UPDATE sessions SET verified_at = now() - interval '601 seconds'
          WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [owner],
    );

  /** Answers the dialog with a recovery code; it closes and the action runs again. */
  const confirmWith = async (page: Page, code: string, shot?: string) => {
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.waitFor();
    if (shot) await checkStorePage(page, shot, VIEWS);
    await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
    await dialog.getByRole('textbox', { name: 'Recovery code' }).fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  it('asks, verifies and retries: app secret, webhook secret, developer app secret, store deletion, transfer', async () => {
    const page = await newPage();
    await signInToConsole(page, t, owner);
    const { access_token: api } = await t.signIn(owner);
    const store = await createStore(t, api, 'Step-up tea');
    const doomed = await createStore(t, api, 'Doomed tea');
    const memberPair = await t.signIn(member);
    await addMember(t, api, store, { token: memberPair.access_token, email: member }, 'admin');
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId: store, name: 'ERP sync', scopes: ['store:read'] },
      { token: api },
    );
    expect(app.status).toBe(201);
    const hook = await t.post(
      `/v1/user/stores/${store}/webhooks`,
      { url: 'https://localhost:9/hook', events: ['*'] },
      { token: api },
    );
    expect(hook.status).toBe(201);
    const devApp = await t.post(
      '/v1/user/apps',
      { name: 'Dev app', redirectUris: ['https://app.example.test/cb'], scopes: ['store:read'] },
      { token: api },
    );
    expect(devApp.status).toBe(201);
    const setup = await t.post('/v1/auth/factors/totp', undefined, { token: api });
    const step = await stepWithMargin();
    const confirmed = await t.post(
      '/v1/auth/factors/totp/confirm',
      { code: authenticatorCode(setup.body.secret, step - 1) },
      { token: api },
    );
    expect(confirmed.status).toBe(200);
    const codes: string[] = [...confirmed.body.recoveryCodes];

    // An OAuth app's secret: Rotate, then Confirm it's you, then the new secret.
    await unverified();
    await page.goto(`${t.config.publicUrl}/console/stores/${store}/apps`);
    await page.getByRole('button', { name: 'Rotate secret of ERP sync' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate', exact: true }).click();
    await confirmWith(page, codes.shift()!);
    await page.getByTestId('client-secret').waitFor();
    expect(await page.getByTestId('client-secret').textContent()).toMatch(/\S{20,}/);

    // A webhook endpoint's signing secret.
    await unverified();
    await page.goto(`${t.config.publicUrl}/console/stores/${store}/webhooks`);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await confirmWith(page, codes.shift()!, 'step-up-webhook-secret');
    await page.getByRole('dialog', { name: 'New signing secret' }).waitFor();

    // An installable app's client secret.
    await unverified();
    await page.goto(`${t.config.publicUrl}/console/developer/apps`);
    await page.getByRole('button', { name: 'Rotate secret Dev app' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate', exact: true }).click();
    await confirmWith(page, codes.shift()!);
    await page.getByRole('dialog', { name: 'New client secret of Dev app' }).waitFor();

    // Deleting a store (typed confirmation first).
    await unverified();
    await page.goto(`${t.config.publicUrl}/console/stores/${doomed}/settings`);
    await page.getByRole('button', { name: 'Delete store' }).click();
    await page.getByRole('textbox', { name: 'Store name' }).fill('Doomed tea');
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    await confirmWith(page, codes.shift()!);
    await page.getByRole('heading', { name: 'Your stores' }).waitFor();
    expect((await t.get(`/v1/user/stores/${doomed}`, { token: api })).status).toBe(404);

    // Transferring a store.
    await unverified();
    await page.goto(`${t.config.publicUrl}/console/stores/${store}/members`);
    await page.getByRole('button', { name: 'Transfer ownership' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer ownership' });
    await transfer.getByRole('button', { name: 'Transfer ownership' }).click();
    await confirmWith(page, codes.shift()!);
    await page.getByText('has a new owner').waitFor();
    expect((await t.get(`/v1/user/stores/${store}`, { token: api })).body.role).toBe('admin');
  }, 240_000);
});
