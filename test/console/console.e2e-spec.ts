import { clientCredentialsToken, otpFrom } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { AXE, Doc, SHOTS, launchConsoleBrowser } from '@app/testing/console-browser';
import { ensureConsoleBuilt } from '@app/testing/console-build';
import { GoogleProvider } from '@app/testing/google-provider';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { axeViolations, signInToConsole, withConsoleBrowser } from './console-pages';

/**
 * The web console in a real browser (Debian's Chromium, driven by playwright-core) against the real
 * server on a fresh database, with mail through the SMTP catcher and Google played by the local provider.
 * Every page is scanned with axe-core and photographed at 375 and 1280 px (test/.screenshots/, git-ignored).
 */

describe('console (/console) in a real browser', () => {
  const openConsolePage = withConsoleBrowser();
  let t: TestApp;
  let google: GoogleProvider;
  let base: string;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    google = await GoogleProvider.start();
    t = await TestApp.start({ env: { ...google.env } });
    // The console is used at PUBLIC_URL, as in production (social sign-in returns there, with its cookie).
    base = t.config.publicUrl;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await google?.stop();
  });
  afterEach(() => {
    expect(cspViolations).toEqual([]);
  });

  async function newPage(width = 1280): Promise<Page> {
    const page = await openConsolePage(width);
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) cspViolations.push(message.text());
    });
    return page;
  }

  /**
   * Every page, at 1280 and 375 px in the light colour scheme and at 375 px in the dark one: axe-core finds no violation
   * of any impact, there is exactly one h1, nothing scrolls sideways, and a screenshot is saved
   * (`<name>-<width>.png`, `<name>-<width>-dark.png`).
   */
  async function check(page: Page, name: string): Promise<void> {
    const viewport = page.viewportSize()!;
    // Light at both widths; dark (the same CSS variables, other values) at the phone width only, to keep it quick.
    for (const [colorScheme, width] of [
      ['light', 1280],
      ['light', 375],
      ['dark', 375],
    ] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(AXE);
      const violations = await axeViolations(page);
      const sideways = await page.evaluate(() => {
        const { document } = globalThis as unknown as { document: Doc };
        const root = document.documentElement;
        return root.scrollWidth > root.clientWidth ? `${root.scrollWidth} > ${root.clientWidth}` : null;
      });
      const h1 = await page.locator('h1').count();
      expect({ page: name, width, colorScheme, violations, h1, sideways }).toEqual({
        page: name,
        width,
        colorScheme,
        violations: [],
        h1: 1,
        sideways: null,
      });
      const suffix = colorScheme === 'dark' ? '-dark' : '';
      await page.screenshot({ path: join(SHOTS, `${name}-${width}${suffix}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(viewport);
  }

  const signIn = (page: Page, email: string): Promise<void> => signInToConsole(page, t, email);

  /** Runs a store through the four stages with the API, for the tests that need an active store. */
  async function activeStore(email: string, name: string): Promise<string> {
    const { access_token: token } = await t.signIn(email);
    const store = await t.post(
      '/v1/user/stores/onboarding/stage1',
      { name, description: 'Made by the test' },
      { token },
    );
    const id = store.body.id as string;
    await t.post(
      `/v1/user/stores/${id}/onboarding/stage2`,
      {
        faviconUrl: 'https://cdn.example.com/f.png',
        logoBlackWhiteUrl: 'https://cdn.example.com/bw.png',
        logoColorUrl: 'https://cdn.example.com/c.png',
      },
      { token },
    );
    await t.post(
      `/v1/user/stores/${id}/onboarding/stage3`,
      {
        mobile: '+919876543210',
        supportEmail: 'help@example.com',
        region: 'South',
        address: { line1: '1 Main St', city: 'Chennai', state: 'TN', postalCode: '600001', country: 'IN' },
      },
      { token },
    );
    await t.post(`/v1/user/stores/${id}/onboarding/stage4`, { socialLinks: [] }, { token });
    expect((await t.post(`/v1/user/stores/${id}/onboarding/complete`, undefined, { token })).status).toBe(
      200,
    );
    return id;
  }

  it('serves the console: strict CSP, hashed assets cached for a year, the page never cached, SPA fallback only under /console', async () => {
    const page = await t.get('/console/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    expect(page.text).not.toMatch(/<style/);
    // Deep links of the single-page app get the page too.
    for (const path of ['/console', '/console/stores/123/apps', '/console/sessions'])
      expect((await t.get(path)).text).toBe(page.text);
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page.text)![1];
    const asset = await t.get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const style = /href="(\/console\/assets\/[^"]+\.css)"/.exec(page.text)![1];
    expect((await t.get(style)).headers.get('content-type')).toMatch(/^text\/css/);
    // A missing asset is a 404 problem, never the page; other paths keep the API's answers.
    for (const path of [
      '/console/assets/nope.js',
      '/console/assets/a/b.js',
      '/console/assets/..%2f..%2fpackage.json',
    ]) {
      const missing = await t.get(path);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toMatch(/problem\+json/);
    }
    const api = await t.get('/v1/nope');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe('not_found');
    // The first page's JavaScript stays small (gzip, as served through any compressing proxy).
    const { gzipSync } = await import('node:zlib');
    expect(gzipSync(Buffer.from(asset.text)).length).toBeLessThan(150 * 1024);
  });

  it('signs in by e-mail code and runs the wizard to an active store, a field error fixed on the way', async () => {
    const page = await newPage(375);
    await page.goto(`${base}/console/`);
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await check(page, 'sign-in');
    await signIn(page, 'wizard@example.com');
    await check(page, 'stores-empty');
    await page.getByRole('button', { name: 'New store' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Console Shop');
    await page.getByRole('textbox', { name: 'Description' }).fill('Made in the console');
    await check(page, 'wizard-stage1');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('textbox', { name: 'Favicon URL' }).fill('http://insecure.example.com/f.png');
    await page
      .getByRole('textbox', { name: 'Black and white logo URL' })
      .fill('https://cdn.example.com/bw.png');
    await page.getByRole('textbox', { name: 'Colour logo URL' }).fill('https://cdn.example.com/c.png');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The server's message for that field is shown beside it, and the field is marked invalid.
    const favicon = page.getByRole('textbox', { name: 'Favicon URL' });
    await expectAttribute(favicon, 'aria-invalid', 'true');
    const describedBy = (await favicon.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toMatch(/https/);
    await check(page, 'wizard-field-error');
    await favicon.fill('https://cdn.example.com/f.png');
    await page.getByRole('button', { name: 'Continue' }).click();

    // As people type it, spaces, brackets and all; the console sends E.164, reading a number without its
    // country code in the Country chosen on the same form — with none chosen it asks, sending nothing.
    await page.getByRole('textbox', { name: 'Mobile' }).fill('(415) 555-2671');
    await page.getByRole('textbox', { name: 'Support email' }).fill('help@example.com');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market Street');
    await page.getByRole('textbox', { name: 'City' }).fill('San Francisco');
    await page.getByRole('textbox', { name: 'State' }).fill('California');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('94105');
    await page.getByRole('textbox', { name: 'Region' }).fill('West coast');
    await page.getByRole('button', { name: 'Continue' }).click();
    const mobile = page.getByRole('textbox', { name: 'Mobile' });
    await expectAttribute(mobile, 'aria-invalid', 'true');
    expect(
      await page
        .locator(`[id="${(await mobile.getAttribute('aria-describedby'))!.split(' ').pop()}"]`)
        .textContent(),
    ).toBe('Mobile needs its country code, e.g. +1 415 555 2671, or a Country chosen below.');
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' });
    for (const name of ['Landline', 'WhatsApp number', 'Address line 2'])
      await page.getByRole('textbox', { name }).waitFor();
    // India's GSTIN is asked for only while the Country is India.
    expect(await page.getByRole('textbox', { name: 'GST number' }).count()).toBe(0);
    await check(page, 'wizard-stage3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Social links' }).fill('https://instagram.com/consoleshop');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('All four steps are filled in.').waitFor();
    await page.getByRole('button', { name: 'Complete setup' }).click();
    // A success screen says what to do next, and where the API is described.
    await page.getByRole('heading', { name: 'Console Shop is live' }).waitFor();
    await page.getByRole('link', { name: 'Create a public token' }).waitFor();
    await page.getByRole('link', { name: 'Add products' }).waitFor();
    await page.getByRole('link', { name: 'Add a webhook endpoint' }).waitFor();
    expect(await page.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/docs');
    await check(page, 'wizard-done');
    await page.getByRole('link', { name: 'Go to Console Shop' }).click();
    await page.getByRole('heading', { name: 'Console Shop', exact: true }).waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'What next' }).waitFor();
    await check(page, 'store-home');

    const { access_token: token } = await t.signIn('wizard@example.com');
    const stores = (await t.get('/v1/user/stores/@me', { token })).body;
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({
      name: 'Console Shop',
      status: 'active',
      faviconUrl: 'https://cdn.example.com/f.png',
      socialLinks: ['https://instagram.com/consoleshop'],
      mobile: '+14155552671',
      address: { city: 'San Francisco', country: 'US' },
    });
    await page.getByRole('link', { name: 'Stores', exact: true }).click();
    await page.getByRole('link', { name: 'Console Shop' }).waitFor();
    await check(page, 'stores');

    // Settings: only what changed is sent; a bad value is refused beside its field, a good one saved.
    await page.getByRole('link', { name: 'Console Shop' }).click();
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Settings' }).click();
    await check(page, 'store-settings');
    await page.getByRole('textbox', { name: 'Support email' }).fill('not-an-address');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const support = page.getByRole('textbox', { name: 'Support email' });
    await expectAttribute(support, 'aria-invalid', 'true');
    // In the merchant's words, naming the field by its label; focus on the field; no request id.
    const supportError = page.locator(
      `[id="${(await support.getAttribute('aria-describedby'))!.split(' ').pop()}"]`,
    );
    expect(await supportError.textContent()).toBe(
      'Support email must be an e-mail address, e.g. help@yourshop.com.',
    );
    expect(await page.locator('main').textContent()).not.toMatch(/supportEmail|request/i);
    await expectFocused(page, support);
    await check(page, 'store-settings-error');
    await page.getByRole('textbox', { name: 'Support email' }).fill('care@example.com');
    await page.getByRole('textbox', { name: 'Description' }).fill('Edited in the console');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await t.get(`/v1/user/stores/${stores[0].id}`, { token })).body).toMatchObject({
      supportEmail: 'care@example.com',
      description: 'Edited in the console',
      mobile: '+14155552671',
    });

    // Deleting asks for the store's name, typed.
    await page.getByRole('button', { name: 'Delete store' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Console Shop?' });
    const really = confirm.getByRole('button', { name: 'Delete permanently' });
    expect(await really.isDisabled()).toBe(true);
    await confirm.getByRole('textbox', { name: 'Store name' }).fill('Console Shop');
    await check(page, 'store-delete-dialog');
    await really.click();
    await page.getByText('You have no store yet.').waitFor();
    expect((await t.get('/v1/user/stores/@me', { token })).body).toEqual([]);
  }, 120_000);

  it('takes the user to the missing stage when a later one is sent out of order', async () => {
    const page = await newPage();
    await signIn(page, 'order@example.com');
    await page.getByRole('button', { name: 'New store' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Out of order');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Favicon URL' }).waitFor();
    const url = new URL(page.url());
    await page.goto(`${base}${url.pathname}?stage=4`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 2 (Branding) needs to be filled in first.').waitFor();
    await page.getByRole('textbox', { name: 'Favicon URL' }).waitFor();
  });

  it('creates an OAuth app, shows its secret once, then only the hint; rotating kills the old secret', async () => {
    const storeId = await activeStore('apps@example.com', 'App Shop');
    const page = await newPage();
    await signIn(page, 'apps@example.com');
    await page.goto(`${base}/console/stores/${storeId}/apps`);
    await page.getByRole('textbox', { name: 'App name' }).fill('Backend');
    // Every scope ticked, as the API's own default is all five.
    for (const scope of ['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write'])
      expect(await page.getByRole('checkbox', { name: scope }).isChecked()).toBe(true);
    await check(page, 'apps-empty');
    await page.getByRole('button', { name: 'Create app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Client secret' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Copy secret' }).waitFor();
    const secret = (await dialog.getByTestId('client-secret').textContent())!;
    expect(secret).toMatch(/^sfs_/);
    await check(page, 'apps-secret-dialog');
    const clientId = (await dialog.locator('dd code').first().textContent())!;
    const token = async (clientSecret: string) =>
      (
        await t.post('/v1/auth/oauth/token', {
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        })
      ).status;
    expect(await token(secret)).toBe(200);
    const { access_token: owner } = await t.signIn('apps@example.com');
    expect(
      (await t.get(`/v1/user/stores/oauth/apps?storeId=${storeId}`, { token: owner })).body[0].scopes,
    ).toEqual(['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write']);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'Backend', exact: true }).waitFor();
    // Only the hint from now on; the snippet carries the client id, never the secret.
    expect(await page.content()).not.toContain(secret);
    await page.getByText(`••••${secret.slice(-4)}`).waitFor();
    expect(await page.getByLabel('SDK snippet').textContent()).toContain(clientId);
    await check(page, 'apps');

    await page.getByRole('button', { name: 'Rotate secret of Backend' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the secret of Backend?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    await dialog.waitFor();
    const rotated = (await dialog.getByTestId('client-secret').textContent())!;
    expect(rotated).toMatch(/^sfs_/);
    expect(rotated).not.toBe(secret);
    expect(await token(secret)).toBe(401);
    expect(await token(rotated)).toBe(200);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText(`••••${rotated.slice(-4)}`).waitFor();
  });

  it('creates a public token and previews the catalogue through it', async () => {
    const storeId = await activeStore('tokens@example.com', 'Token Shop');
    const { access_token: account } = await t.signIn('tokens@example.com');
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'seed', scopes: ['products:write'] },
      { token: account },
    );
    const appToken = await clientCredentialsToken(t, app.body);
    const created = await t.post(
      '/v1/storefront/graphql',
      {
        query:
          'mutation { productCreate(input: { handle: "lamp", title: "Brass lamp", price: "49.00", currencyCode: "EUR", inventory: 3 }) { id } }',
      },
      { token: appToken },
    );
    expect(created.body.errors).toBeUndefined();

    const page = await newPage();
    await signIn(page, 'tokens@example.com');
    await page.goto(`${base}/console/stores/${storeId}/catalogue`);
    await page.getByRole('textbox', { name: 'Public token' }).waitFor();
    await check(page, 'catalogue-no-token');
    await page.getByRole('link', { name: 'Public tokens' }).click();
    await page.getByRole('textbox', { name: 'Token name' }).fill('Web shop');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Public token' });
    const value = (await dialog.getByTestId('public-token').textContent())!;
    expect(value).toMatch(/^sfp_/);
    expect(await dialog.getByLabel('StorefrontClient snippet').textContent()).toContain(value);
    await check(page, 'tokens-dialog');
    await dialog.getByRole('link', { name: 'Preview the catalogue' }).click();
    await page.getByRole('heading', { name: 'Brass lamp' }).waitFor();
    await page.getByText('€49.00').waitFor();
    await check(page, 'catalogue');
    await page.getByRole('link', { name: 'Public tokens' }).click();
    await page.getByRole('cell', { name: 'Web shop', exact: true }).waitFor();
    await check(page, 'tokens');

    // Another browser, no token remembered: one click makes a read-only token for the preview.
    const fresh = await newPage();
    await signIn(fresh, 'tokens@example.com');
    await fresh.goto(`${base}/console/stores/${storeId}/catalogue`);
    await fresh.getByRole('button', { name: 'Create a preview token' }).click();
    await fresh.getByRole('heading', { name: 'Brass lamp' }).waitFor();
    await fresh.getByText('€49.00').waitFor();
    const tokens = await t.get(`/v1/user/stores/${storeId}/public-tokens`, { token: account });
    expect(
      tokens.body
        .filter((tk: { name: string }) => tk.name === 'Console preview')
        .map((tk: { scopes: string[] }) => [...tk.scopes].sort()),
    ).toEqual([['products:read', 'store:read']]);
  });

  it('lands on sign-in with a message when its session is revoked from another browser', async () => {
    const first = await newPage();
    await signIn(first, 'revoked@example.com');
    const second = await newPage(375);
    await signIn(second, 'revoked@example.com');
    await second.getByRole('link', { name: 'Sessions' }).click();
    await second.getByText('This device', { exact: true }).waitFor();
    await expectCount(second.getByRole('button', { name: /^Revoke/ }), 1);
    await check(second, 'sessions');
    await second.getByRole('button', { name: /^Revoke/ }).click();
    await expectCount(second.getByRole('button', { name: /^Revoke/ }), 0);

    // The first browser's next call is refused: it is back on sign-in, told why.
    await first.getByRole('link', { name: 'Sessions' }).click();
    await first.getByRole('button', { name: 'Send code' }).waitFor();
    await first.getByText(/Your session has ended/).waitFor();
    expect(
      await first.evaluate(() =>
        (
          globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
        ).localStorage.getItem('storefront.session'),
      ),
    ).toBeNull();
    await check(first, 'signed-out-notice');

    // Sign out everywhere from the second one ends its own session too.
    await second.getByRole('button', { name: 'Sign out everywhere' }).click();
    await second
      .getByRole('dialog', { name: 'Sign out everywhere?' })
      .getByRole('button', { name: 'Sign out all sessions' })
      .click();
    await second.getByRole('button', { name: 'Send code' }).waitFor();
    const { access_token: token } = await t.signIn('revoked@example.com');
    expect((await t.get('/v1/auth/sessions', { token })).body).toHaveLength(1);
  });

  it('signs in after a mistyped address: the address echoed as kept, and "Use a different e-mail"', async () => {
    const page = await newPage(375);
    await page.goto(`${base}/console/`);
    await page.getByRole('textbox', { name: 'Email' }).fill('  Merchant@Exmaple.COM ');
    await page.getByRole('button', { name: 'Send code' }).click();
    // Echoed as the service keeps it (trimmed, lower-cased): the typo is plain to see.
    await page.getByText('We sent a 6-digit code to merchant@exmaple.com.').waitFor();
    expect(await page.getByRole('button', { name: 'Send code again' }).isDisabled()).toBe(true);
    await check(page, 'sign-in-code-sent');
    await page.getByRole('button', { name: 'Use a different e-mail' }).click();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expectFocused(page, email);
    expect(await page.getByRole('textbox', { name: 'Code' }).count()).toBe(0);
    await email.fill('merchant@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('We sent a 6-digit code to merchant@example.com.').waitFor();
    await page
      .getByRole('textbox', { name: 'Code' })
      .fill(otpFrom(await t.mail.waitFor('merchant@example.com')));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your stores' }).waitFor();
  });

  it('wizard: a reload keeps what was typed, earlier steps stay reachable, plain-word errors, honest progress', async () => {
    const page = await newPage();
    await signIn(page, 'draft@example.com');
    await page.getByRole('button', { name: 'New store' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Draft Shop');
    expect(await page.getByRole('textbox', { name: 'Name' }).getAttribute('aria-required')).toBe('true');
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const [name, value] of [
      ['Favicon URL', 'https://cdn.example.com/f.png'],
      ['Black and white logo URL', 'https://cdn.example.com/bw.png'],
      ['Colour logo URL', 'https://cdn.example.com/c.png'],
    ])
      await page.getByRole('textbox', { name }).fill(value);
    await page.getByRole('button', { name: 'Continue' }).click();
    const storeId = /stores\/([^/]+)\/setup/.exec(page.url())![1];

    // Step 3, half typed, then a reload: nothing is lost.
    await page.getByRole('textbox', { name: 'Mobile' }).fill('098765 43210');
    await page.getByRole('textbox', { name: 'Support email' }).fill('help@@example');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 Main Street');
    await page.getByRole('textbox', { name: 'City' }).fill('Pune');
    await page.getByRole('combobox', { name: 'Country' }).selectOption('IN');
    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Mobile' }).inputValue()).toBe('098765 43210');
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Pune');
    expect(await page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('IN');
    await page.getByRole('textbox', { name: 'GST number' }).waitFor();
    await page.getByRole('textbox', { name: 'State' }).fill('Maharashtra');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('411001');
    await page.getByRole('textbox', { name: 'Region' }).fill('West');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The refusal names the field by its label, next to the button and under the field; focus goes there.
    const support = page.getByRole('textbox', { name: 'Support email' });
    await expectAttribute(support, 'aria-invalid', 'true');
    await page.getByText('One field needs your attention').waitFor();
    const text = (await page.locator('main').textContent())!;
    expect(text).toContain('Support email must be an e-mail address');
    expect(text).not.toMatch(/supportEmail|request id/i);
    await expectFocused(page, support);
    await check(page, 'wizard-stage3-error');
    await support.fill('help@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Social links' }).waitFor();

    // Step 1 can be reached again, and shows what was saved.
    await page
      .getByRole('list', { name: 'Setup steps' })
      .getByRole('button', { name: /Basics/ })
      .click();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Draft Shop');
    await page
      .getByRole('list', { name: 'Setup steps' })
      .getByRole('button', { name: /Social links/ })
      .click();
    await page
      .getByRole('textbox', { name: 'Social links' })
      .fill('https://ok.example.com\nhttp://insecure.example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText('Social links: link 2 (“http://insecure.example.com”) must start with https://.')
      .first()
      .waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/item \d|elements/);
    await page.getByRole('textbox', { name: 'Social links' }).fill('https://ok.example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('All four steps are filled in.').waitFor();
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await page.getByRole('heading', { name: 'Draft Shop is live' }).waitFor();

    const { access_token: token } = await t.signIn('draft@example.com');
    const stored = (await t.get(`/v1/user/stores/${storeId}`, { token })).body;
    // "098765 43210" (a national number) read in the Country chosen on the form, India: E.164 with its code.
    expect(stored).toMatchObject({
      status: 'active',
      mobile: '+919876543210',
      supportEmail: 'help@example.com',
    });
    // Drafts are gone once saved.
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { sessionStorage: { length: number } }).sessionStorage.length,
      ),
    ).toBe(0);
    // An active store's wizard sends the merchant to the store.
    await page.goto(`${base}/console/stores/${storeId}/setup?stage=1`);
    await page.getByRole('heading', { name: 'What next' }).waitFor();

    // A store with one step done is not told that all four are.
    const other = await t.post('/v1/user/stores/onboarding/stage1', { name: 'Half done' }, { token });
    await page.goto(`${base}/console/stores/${other.body.id}/setup?stage=5`);
    await page.getByText('3 steps are still to fill in').waitFor();
    expect(await page.getByText('All four steps are filled in.').count()).toBe(0);
    await check(page, 'wizard-stage5-missing');
    await page.goto(`${base}/console/stores/${other.body.id}`);
    await page.getByRole('list', { name: 'Setup checklist' }).waitFor();
    await page.getByText('1 of 4 steps done.').waitFor();
    await check(page, 'store-home-onboarding');

    // Filling a stage's fields through Settings: the progress shown is the server's, read back after saving.
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Settings' }).click();
    for (const [name, value] of [
      ['Favicon URL', 'https://cdn.example.com/f.png'],
      ['Black and white logo URL', 'https://cdn.example.com/bw.png'],
      ['Colour logo URL', 'https://cdn.example.com/c.png'],
    ])
      await page.getByRole('textbox', { name }).fill(value);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const onboarding = (await t.get(`/v1/user/stores/${other.body.id}`, { token })).body.onboarding;
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Home' }).click();
    await page.getByText(`${onboarding.completedStages.length} of 4 steps done.`).waitFor();
    for (const n of [1, 2, 3, 4])
      await page
        .getByRole('list', { name: 'Setup checklist' })
        .getByRole('listitem')
        .nth(n - 1)
        .getByText(onboarding.completedStages.includes(n) ? '— done' : '— to do')
        .waitFor();
  }, 120_000);

  it('long unbroken names at 375 px, the unknown store, and a server error with Retry', async () => {
    const long = 'W'.repeat(100);
    const storeId = await activeStore('long@example.com', long);
    const page = await newPage(375);
    await signIn(page, 'long@example.com');
    await page.getByRole('link', { name: long }).waitFor();
    await check(page, 'stores-long-name');
    for (const [path, name] of [
      ['', 'long-home'],
      ['/settings', 'long-settings'],
      ['/apps', 'long-apps'],
      ['/tokens', 'long-tokens'],
      ['/products', 'long-products'],
      ['/orders', 'long-orders'],
      ['/activity', 'long-activity'],
      ['/catalogue', 'long-catalogue'],
      ['/webhooks', 'long-webhooks'],
    ]) {
      await page.goto(`${base}/console/stores/${storeId}${path}`);
      await page.getByRole('heading', { name: long, level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Store' }).waitFor();
      await page.locator('[role="status"][aria-busy="true"]').waitFor({ state: 'detached' });
      await check(page, name);
    }
    await page.goto(`${base}/console/stores/${storeId}/settings`);
    await page.getByRole('button', { name: 'Delete store' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Store name' }).waitFor();
    await check(page, 'long-delete-dialog');
    await page.goto(`${base}/console/sessions`);
    await page.getByText('This device', { exact: true }).waitFor();
    // Devices by name, not by raw user-agent strings.
    await page.getByText('Headless Chrome on Linux').first().waitFor();
    expect(await page.locator('main').textContent()).not.toContain('Mozilla/5.0');
    await check(page, 'sessions-devices');

    // A store that is not there: a page of its own, with its h1.
    await page.goto(`${base}/console/stores/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Store not found', level: 1 }).waitFor();
    await check(page, 'store-not-found');

    // A server error: a sentence, the request id folded away for support, and Retry.
    let fail = true;
    await page.route('**/v1/user/stores/@me', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/problem+json',
            headers: { 'x-request-id': 'req-test-500' },
            body: JSON.stringify({
              type: 'about:blank',
              title: 'Internal Server Error',
              status: 500,
              code: 'internal_error',
              requestId: 'req-test-500',
            }),
          })
        : route.continue(),
    );
    await page.goto(`${base}/console/`);
    await page.getByText('Something went wrong on our side.').waitFor();
    expect(await page.getByText('req-test-500').isVisible()).toBe(false);
    await page.getByText('Details for support').click();
    await page.getByText('req-test-500').waitFor();
    await check(page, 'stores-server-error');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('link', { name: long }).waitFor();
    await page.unroute('**/v1/user/stores/@me');
  }, 150_000);

  it('signs in with Google through the local provider and back to the console', async () => {
    google.next = { sub: 'console-google-1', email: 'console.google@example.com', email_verified: true };
    const page = await newPage();
    await page.goto(`${base}/console/`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: 'Your stores' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/console\/?$/);
    expect(page.url()).not.toContain('login_code');
    // GitHub is not configured here, so it has no button.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with GitHub' }).count()).toBe(0);
    const { access_token: token } = await t.signIn('console.google@example.com');
    expect((await t.get('/v1/auth/me', { token })).body.providers).toEqual(['otp', 'google']);
  });
});

async function expectAttribute(locator: import('playwright-core').Locator, name: string, value: string) {
  for (let i = 0; i < 50; i++) {
    if ((await locator.getAttribute(name)) === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await locator.getAttribute(name)).toBe(value);
}

async function expectFocused(page: Page, locator: import('playwright-core').Locator) {
  for (let i = 0; i < 50; i++) {
    if (await locator.evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement))
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the field in error did not get the focus');
}

async function expectCount(locator: import('playwright-core').Locator, count: number) {
  for (let i = 0; i < 50; i++) {
    if ((await locator.count()) === count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await locator.count()).toBe(count);
}

describe('console sign-in countdowns', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    ensureConsoleBuilt();
    t = await TestApp.start({ env: { OTP_RESEND_AFTER: '30', OTP_MAX_FAILURES: '2' } });
    browser = await launchConsoleBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('counts down to the next code (resendAfter) and through a 429 (Retry-After)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.config.publicUrl}/console/`);
    await page.getByRole('textbox', { name: 'Email' }).fill('countdown@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(/You can ask for a new code in (29|30) s/).waitFor();
    expect(await page.getByRole('button', { name: 'Send code' }).isDisabled()).toBe(true);
    await t.mail.waitFor('countdown@example.com');
    // Two wrong codes spend the address's failure budget: the next attempt is 429 with Retry-After.
    for (const wrong of ['000000', '000001']) {
      await page.getByRole('textbox', { name: 'Code' }).fill(wrong);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: /code/i }).first().waitFor();
    }
    await page.getByRole('textbox', { name: 'Code' }).fill('000002');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(/You can try again in \d+ s/).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    await context.close();
  });
});
