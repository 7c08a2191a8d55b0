import { otpFrom } from '@app/testing';
import { TestApp } from './support/test-app';
import { ensureConsoleBuilt } from '@app/testing/console-build';
import { GoogleProvider } from '@app/testing/google-provider';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

/**
 * The web console in a real browser (Debian's Chromium, driven by playwright-core) against the real
 * server on a fresh database, with mail through the SMTP catcher and Google played by the local provider.
 * Every page is scanned with axe-core and photographed at 375 and 1280 px (test/.screenshots/, git-ignored).
 */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const SHOTS = join(__dirname, '.screenshots');
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [375, 1280];

describe('console (/console) in a real browser', () => {
  let t: TestApp;
  let google: GoogleProvider;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(
        `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium); this test does not skip.`,
      );
    ensureConsoleBuilt();
    mkdirSync(SHOTS, { recursive: true });
    google = await GoogleProvider.start();
    t = await TestApp.start({ env: { ...google.env } });
    // The console is used at PUBLIC_URL, as in production (social sign-in returns there, with its cookie).
    base = t.config.publicUrl;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await t?.close();
    await google?.stop();
  });
  afterEach(() => {
    expect(cspViolations).toEqual([]);
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) cspViolations.push(message.text());
    });
    return page;
  }

  /** axe-core on the current page: no serious or critical violation; then a screenshot at both widths. */
  async function check(page: Page, name: string): Promise<void> {
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const result = await (
        globalThis as unknown as {
          axe: {
            run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe.run();
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect({ page: name, violations }).toEqual({ page: name, violations: [] });
    const viewport = page.viewportSize()!;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize(viewport);
  }

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(`${base}/console/`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const otp = otpFrom(await t.mail.waitFor(email));
    await page.getByRole('textbox', { name: 'Code' }).fill(otp);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your stores' }).waitFor();
  }

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

    await page.getByRole('textbox', { name: 'Mobile' }).fill('+919876543210');
    await page.getByRole('textbox', { name: 'Support email' }).fill('help@example.com');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 Main Street');
    await page.getByRole('textbox', { name: 'City' }).fill('Chennai');
    await page.getByRole('textbox', { name: 'State' }).fill('Tamil Nadu');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('600001');
    await page.getByRole('textbox', { name: 'Country' }).fill('IN');
    await page.getByRole('textbox', { name: 'Region' }).fill('South');
    for (const name of ['Landline', 'WhatsApp number', 'Address line 2', 'GST number'])
      await page.getByRole('textbox', { name }).waitFor();
    await check(page, 'wizard-stage3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Social links' }).fill('https://instagram.com/consoleshop');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await page.getByRole('heading', { name: 'Console Shop' }).waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
    await check(page, 'store-settings');

    const { access_token: token } = await t.signIn('wizard@example.com');
    const stores = (await t.get('/v1/user/stores/@me', { token })).body;
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({
      name: 'Console Shop',
      status: 'active',
      faviconUrl: 'https://cdn.example.com/f.png',
      socialLinks: ['https://instagram.com/consoleshop'],
      address: { city: 'Chennai', country: 'IN' },
    });
    await page.getByRole('link', { name: 'Stores', exact: true }).click();
    await page.getByRole('link', { name: 'Console Shop' }).waitFor();
    await check(page, 'stores');

    // Settings: only what changed is sent; a bad value is refused beside its field, a good one saved.
    await page.getByRole('link', { name: 'Console Shop' }).click();
    await page.getByRole('textbox', { name: 'Support email' }).fill('not-an-address');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectAttribute(page.getByRole('textbox', { name: 'Support email' }), 'aria-invalid', 'true');
    await page.getByRole('textbox', { name: 'Support email' }).fill('care@example.com');
    await page.getByRole('textbox', { name: 'Description' }).fill('Edited in the console');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await t.get(`/v1/user/stores/${stores[0].id}`, { token })).body).toMatchObject({
      supportEmail: 'care@example.com',
      description: 'Edited in the console',
      mobile: '+919876543210',
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
  });

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
    await page.getByRole('checkbox', { name: 'products:write' }).check();
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
    const appToken = (
      await t.post('/v1/auth/oauth/token', {
        grant_type: 'client_credentials',
        client_id: app.body.clientId,
        client_secret: app.body.clientSecret,
      })
    ).body.access_token;
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
    await page.getByText('49.00 EUR').waitFor();
    await check(page, 'catalogue');
    await page.getByRole('link', { name: 'Public tokens' }).click();
    await page.getByRole('cell', { name: 'Web shop', exact: true }).waitFor();
    await check(page, 'tokens');
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
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
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
