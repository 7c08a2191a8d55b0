import { addMember, createStore, otpFrom, webhookReceivers } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { generators } from 'openid-client';
import { Page } from 'playwright-core';
import { checkStorePage, signInToConsole, View, withConsoleBrowser } from './console-pages';

/**
 * Installed apps in the console, in a real browser (Debian's Chromium, playwright-core): the consent page
 * `/console/authorize` reached from the authorization endpoint while signed out — sign-in first, then back
 * to the same request — with its store select, the scopes as sentences, Install (the browser lands on the
 * app's redirect URI with a code) and Cancel (access_denied); a staff member is offered no store; the page
 * cannot be framed. Then the store's Installed apps page (Uninstall) and the account's Developer apps page
 * (New app, both secrets shown once). One h1, no axe-core violation, no sideways scroll at 375 px;
 * screenshots at 1280 and 375 px in test/.screenshots/.
 */
const OWNER = 'owner@installs.example';
const STAFF = 'staff@installs.example';
const DEVELOPER = 'developer@installs.example';
const VIEWS: readonly View[] = [
  ['light', 1280],
  ['light', 375],
];

describe('console: installing an app', () => {
  const newPage = withConsoleBrowser();
  const receiver = webhookReceivers();
  let t: TestApp;
  let base: string;
  let store: string;
  let ownerToken: string;
  let developer: string;
  let app: { id: string; clientId: string; clientSecret: string; name: string };
  let callback: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    t = await TestApp.start({ env: { WEBHOOK_ALLOW_LOCAL: 'true' } });
    base = t.config.publicUrl;
    callback = await receiver();
    ownerToken = (await t.signIn(OWNER)).access_token;
    store = await createStore(t, ownerToken, 'Chai & Co. — a long store name that has to wrap on a phone');
    developer = (await t.signIn(DEVELOPER)).access_token;
    const registered = await t.post(
      '/v1/user/apps',
      {
        name: 'Inventory Sync Pro — keeps every warehouse in step',
        redirectUris: ['http://127.0.0.1/callback'],
        scopes: ['store:read', 'products:read', 'products:write', 'orders:read'],
        homepageUrl: 'https://inventory-sync.example.com',
      },
      { token: developer },
    );
    expect(registered.status).toBe(201);
    app = registered.body;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const authorizeUrl = (
    scope: string | null = 'store:read products:read orders:read',
    clientId = app.clientId,
  ) => {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback.url('/callback'),
      ...(scope !== null ? { scope } : {}),
      state: 'state-123',
      code_challenge: generators.codeChallenge(generators.codeVerifier()),
      code_challenge_method: 'S256',
    });
    return `${base}/v1/auth/oauth/authorize?${params.toString()}`;
  };
  const title = () => `Install ${app.name}`;

  async function signInHere(page: Page, email: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const otp = otpFrom(await t.mail.waitFor(email));
    await page.getByRole('textbox', { name: 'Code' }).fill(otp);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('signed out: signs in first, comes back to the request, shows each scope in words, and Install lands on the redirect URI with a code', async () => {
    const page = await newPage();
    const answer = await page.goto(authorizeUrl());
    expect(new URL(page.url()).pathname).toBe('/console/authorize');
    // The console may never be framed (clickjacking of the Install button).
    expect(answer!.headers()['x-frame-options']).toBe('DENY');
    expect(answer!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await signInHere(page, OWNER);
    await page.getByRole('heading', { name: title() }).waitFor();
    expect(new URL(page.url()).searchParams.get('client_id')).toBe(app.clientId);
    const select = page.getByRole('combobox', { name: 'Store' });
    expect(await select.inputValue()).toBe(store);
    for (const sentence of [/store's details/, /products in the catalogue/, /See orders/])
      await page.getByRole('listitem').filter({ hasText: sentence }).waitFor();
    expect(
      await page
        .getByRole('listitem')
        .filter({ hasText: /Create, change and delete/ })
        .count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await checkStorePage(page, 'authorize', VIEWS);

    const before = callback.received.length;
    await page.getByRole('button', { name: 'Install' }).click();
    await callback.waitFor((got) => got.length > before);
    const landed = new URL(callback.received[before].path, 'http://127.0.0.1');
    expect(landed.pathname).toBe('/callback');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      code: expect.any(String),
      state: 'state-123',
      iss: base,
      store_id: store,
    });
    const installed = await t.get(`/v1/user/stores/${store}/installations`, { token: ownerToken });
    expect(installed.body).toEqual([
      expect.objectContaining({ appId: app.id, scopes: ['store:read', 'products:read', 'orders:read'] }),
    ]);
  });

  it('Install posts exactly the scopes the page showed: an app widened after the page loaded gains nothing', async () => {
    const registered = await t.post(
      '/v1/user/apps',
      {
        name: 'Read-only reports',
        redirectUris: ['http://127.0.0.1/callback'],
        scopes: ['store:read', 'products:read'],
      },
      { token: developer },
    );
    expect(registered.status).toBe(201);
    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    // No scope in the request: the page shows every scope the app has registered when it loads.
    await page.goto(authorizeUrl(null, registered.body.clientId));
    await page.getByRole('heading', { name: 'Install Read-only reports' }).waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: /products in the catalogue/ })
      .waitFor();
    expect(await page.locator('ul.scopes > li').count()).toBe(2);
    // The developer widens the app while the merchant reads the page.
    const widened = await t.put(
      `/v1/user/apps/${registered.body.id}`,
      { scopes: ['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write'] },
      { token: developer },
    );
    expect(widened.status).toBe(200);
    const before = callback.received.length;
    await page.getByRole('button', { name: 'Install' }).click();
    await callback.waitFor((got) => got.length > before);
    expect(new URL(callback.received[before].path, 'http://127.0.0.1').searchParams.get('code')).toEqual(
      expect.any(String),
    );
    const installed = await t.get(`/v1/user/stores/${store}/installations`, { token: ownerToken });
    const mine = installed.body.find((i: { appId: string }) => i.appId === registered.body.id);
    expect(mine.scopes).toEqual(['store:read', 'products:read']);
    // Uninstalled again: the Installed apps page below starts from the first app alone.
    const gone = await t.delete(`/v1/user/stores/${store}/installations/${mine.id}`, { token: ownerToken });
    expect(gone.status).toBe(204);
  });

  it('Cancel sends access_denied back; a staff member is offered no store', async () => {
    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    await page.goto(authorizeUrl('store:read'));
    await page.getByRole('heading', { name: title() }).waitFor();
    // Installed already, with more: the page says so.
    await page.getByText(/installed in this store already/).waitFor();
    const before = callback.received.length;
    await page.getByRole('button', { name: 'Cancel' }).click();
    await callback.waitFor((got) => got.length > before);
    const landed = new URL(callback.received[before].path, 'http://127.0.0.1');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      error: 'access_denied',
      state: 'state-123',
      iss: base,
    });

    const staffToken = (await t.signIn(STAFF)).access_token;
    await addMember(t, ownerToken, store, { token: staffToken, email: STAFF }, 'staff');
    const staff = await newPage(375);
    await signInToConsole(staff, t, STAFF);
    await staff.goto(authorizeUrl());
    await staff.getByRole('heading', { name: title() }).waitFor();
    await staff.getByText(/no store where you may install apps/).waitFor();
    expect(await staff.getByRole('combobox', { name: 'Store' }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: 'Install' }).isDisabled()).toBe(true);
    await checkStorePage(staff, 'authorize-staff', VIEWS);
  });

  it('the Installed apps page lists the app in words and uninstalls it; Developer apps registers an app and shows both secrets once', async () => {
    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    await page.goto(`${base}/console/stores/${store}/installed-apps`);
    await page.getByRole('heading', { name: 'Installed apps' }).waitFor();
    await page.getByRole('heading', { name: app.name }).waitFor();
    await page.getByText(/See orders, with each customer/).waitFor();
    await checkStorePage(page, 'installed-apps', VIEWS);
    await page.getByRole('button', { name: `Uninstall ${app.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Uninstall app' }).click();
    await page.getByText('No apps are installed in this store.').waitFor();
    expect((await t.get(`/v1/user/stores/${store}/installations`, { token: ownerToken })).body).toEqual([]);

    await page.goto(`${base}/console/developer/apps`);
    await page.getByRole('heading', { name: 'Developer apps' }).waitFor();
    await page.getByRole('button', { name: 'New app' }).click();
    const dialog = page.getByRole('dialog', { name: 'New app' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Receipts printer');
    await dialog.getByRole('textbox', { name: 'Redirect URIs' }).fill('https://printer.example.com/callback');
    await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill('https://printer.example.com/hooks');
    await dialog.getByRole('checkbox', { name: 'app.installed' }).check();
    // The form's lists are the SDK's (the API's): the order lifecycle's events are offered too.
    await dialog.getByRole('checkbox', { name: 'orders:read' }).check();
    await dialog.getByRole('checkbox', { name: 'order.fulfilled' }).check();
    await dialog.getByRole('checkbox', { name: 'order.cancelled' }).check();
    await dialog.getByRole('button', { name: 'Register app' }).click();
    const secrets = page.getByRole('dialog', { name: 'Receipts printer is registered' });
    await secrets.getByRole('button', { name: 'Copy client secret' }).waitFor();
    await secrets.getByRole('button', { name: 'Copy webhook secret' }).waitFor();
    expect(await secrets.getByTestId('client-secret').innerText()).toMatch(/^sfs_/);
    expect(await secrets.getByTestId('webhook-secret').innerText()).toMatch(/^whsec_/);
    await secrets.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Receipts printer' }).waitFor();
    const registered = (await t.get('/v1/user/apps', { token: ownerToken })).body as {
      name: string;
      scopes: string[];
      webhookEvents: string[];
    }[];
    const printer = registered.find((a) => a.name === 'Receipts printer')!;
    expect(printer.scopes).toEqual(['store:read', 'products:read', 'orders:read']);
    expect([...printer.webhookEvents].sort()).toEqual([
      'app.installed',
      'order.cancelled',
      'order.fulfilled',
    ]);
    await checkStorePage(page, 'developer-apps', VIEWS);
  });
});
