import { addMember, createStore, STAGE2, STAGE3 } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Page } from 'playwright-core';
import { checkStorePage, signInToConsole, View, withConsoleBrowser } from './console-pages';

/**
 * What a newcomer, a team and a storefront developer tripped on in their first week, in the console in
 * Chromium against the real server: the sign-in page says where the code is without SMTP, and a reload (or
 * a second tab) after Send code keeps the code box with ONE countdown; GST only for a store in India and a
 * product priced in the store's country's currency; a public token's allowed origins set at creation and
 * edited; its snippet's ES module imported by a plain HTML page on another origin, which runs a query;
 * leaving a store said on Your stores. Checked pages have one h1, no axe-core violation, no sideways
 * scroll at 375 px; screenshots in test/.screenshots/store-first-week-*.png.
 */
/** Each test drives a browser through several pages: on a loaded two-core machine that nears jest's 60 s. */
const TIMEOUT = 240_000;
const VIEWS: readonly View[] = [
  ['light', 1280],
  ['light', 375],
];

describe('console: the first week of real use', () => {
  const newPage = withConsoleBrowser();

  describe('sign-in without SMTP (development)', () => {
    let t: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      t = await TestApp.start({
        env: { SMTP_URL: '', OTP_RESEND_AFTER: '30', LOG_LEVEL: 'info' },
        logDestination: { write: (line: string) => void lines.push(line) },
      });
    }, 180_000);
    afterAll(() => t?.close());

    /** The code the server wrote to its log for this address (the mail's text, as development shows it). */
    const codeFromLog = async (email: string): Promise<string> => {
      for (let i = 0; i < 100; i++) {
        const line = lines.find((l) => l.includes(email) && /sign-in code is \d{6}/.test(l));
        if (line) return /sign-in code is (\d{6})/.exec(line)![1];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no sign-in code for ${email} in the log`);
    };
    const countdowns = async (page: Page) =>
      (await page.locator('main').textContent())!.match(/in \d+ s/g) ?? [];

    it(
      'says the code is in the server log; a reload and a second tab keep the code box with one countdown',
      async () => {
        const email = 'newcomer@first-week.example';
        const page = await newPage();
        await page.goto(`${t.config.publicUrl}/console/`);
        await page.getByTestId('code-in-log').getByText('sign-in code').waitFor();
        await checkStorePage(page, 'first-week-sign-in-log', VIEWS);
        await page.getByRole('textbox', { name: 'Email' }).fill(email);
        await page.getByRole('button', { name: 'Send code' }).click();
        await page.getByText(/You can ask for a new code in (29|30) s/).waitFor();
        const code = await codeFromLog(email);

        // A reload: the code step is still there, with one countdown, and the code works.
        await page.reload();
        await page.getByRole('textbox', { name: 'Code' }).waitFor();
        await page.getByText(/You can ask for a new code in \d+ s/).waitFor();
        expect(await countdowns(page)).toHaveLength(1);
        expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);

        // A second tab (nothing kept): Send code meets the resend limit and opens the code box instead.
        const other = await newPage(375);
        await other.goto(`${t.config.publicUrl}/console/`);
        await other.getByRole('textbox', { name: 'Email' }).fill(email);
        await other.getByRole('button', { name: 'Send code' }).click();
        await other.getByText('a moment ago: it still works').waitFor();
        await other.getByText(/You can ask for a new code in \d+ s/).waitFor();
        expect(await countdowns(other)).toHaveLength(1);
        expect(await other.getByRole('alert').count()).toBe(0);
        await checkStorePage(other, 'first-week-sign-in-again', VIEWS);
        await other.getByRole('textbox', { name: 'Code' }).fill(code);
        await other.getByRole('button', { name: 'Sign in' }).click();
        await other.getByRole('heading', { name: 'Your stores' }).waitFor();
      },
      TIMEOUT,
    );
  });

  describe('a store outside India, its public tokens and a plain web page', () => {
    let t: TestApp;
    let base: string;
    let ownerToken: string;
    let usStore: string;
    let inStore: string;
    let site: Server;
    let siteOrigin: string;
    const OWNER = 'owner@first-week.example';
    const DEV = 'dev@first-week.example';

    beforeAll(async () => {
      t = await TestApp.start();
      base = t.config.publicUrl;
      ownerToken = (await t.signIn(OWNER)).access_token;
      const as = { token: ownerToken };
      const live = async (name: string, stage3: object) => {
        const id = await createStore(t, ownerToken, name);
        await t.post(`/v1/user/stores/${id}/onboarding/stage2`, STAGE2, as);
        await t.post(`/v1/user/stores/${id}/onboarding/stage3`, stage3, as);
        await t.post(`/v1/user/stores/${id}/onboarding/stage4`, { socialLinks: [] }, as);
        expect((await t.post(`/v1/user/stores/${id}/onboarding/complete`, undefined, as)).status).toBe(200);
        return id;
      };
      usStore = await live('Maple & Pine', {
        ...STAGE3,
        mobile: '+14155552671',
        region: 'West Coast',
        address: {
          line1: '1 Market St',
          city: 'San Francisco',
          state: 'CA',
          postalCode: '94105',
          country: 'US',
        },
      });
      inStore = await live('Chai House', STAGE3);
      // (v1.4) The store's own currency is what a new product starts with (USD unless set).
      expect((await t.put(`/v1/user/stores/${inStore}`, { currencyCode: 'INR' }, as)).status).toBe(200);
      await t.post(
        `/v1/user/stores/${usStore}/products`,
        { handle: 'maple-syrup', title: 'Maple syrup', price: '12.50', currencyCode: 'USD', inventory: 4 },
        as,
      );
      // A storefront on another origin: a plain HTML page, no bundler, importing the SDK's module file.
      site = createServer((req, res) => {
        const token = new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? '';
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><html lang="en"><title>Shop</title><ul id="out"></ul>
<script type="module">
  import { StorefrontClient } from '${base}/console/sdk/storefront-sdk.js';
  const storefront = new StorefrontClient({ baseUrl: '${base}', publicToken: '${token}' });
  try {
    const { edges } = await storefront.products.list({ first: 20 });
    document.getElementById('out').innerHTML = edges.map((e) => '<li>' + e.node.title + '</li>').join('');
  } catch (e) {
    document.getElementById('out').textContent = 'failed: ' + e.message;
  }
</script></html>`);
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      expect(siteOrigin).not.toBe(new URL(base).origin);
    }, 180_000);
    afterAll(async () => {
      await new Promise((resolve) => site?.close(resolve));
      await t?.close();
    });

    it(
      'shows GST only for a store in India, and prices a new product in the store’s currency',
      async () => {
        const page = await newPage();
        await signInToConsole(page, t, OWNER);
        await page.goto(`${base}/console/stores/${usStore}/settings`);
        await page.getByRole('textbox', { name: 'Region' }).waitFor();
        expect(await page.getByRole('textbox', { name: 'GST number' }).count()).toBe(0);
        expect(await page.locator('main').textContent()).not.toMatch(/GST/);
        await page.goto(`${base}/console/stores/${usStore}/products`);
        await page.getByRole('button', { name: 'New product' }).click();
        expect(await page.getByRole('textbox', { name: 'Currency' }).inputValue()).toBe('USD');
        await checkStorePage(page, 'first-week-product-usd', VIEWS);

        await page.goto(`${base}/console/stores/${inStore}/settings`);
        await page.getByRole('textbox', { name: 'GST number' }).waitFor();
        await page.goto(`${base}/console/stores/${inStore}/products`);
        await page.getByRole('button', { name: 'New product' }).click();
        expect(await page.getByRole('textbox', { name: 'Currency' }).inputValue()).toBe('INR');
      },
      TIMEOUT,
    );

    it(
      'sets a public token’s allowed origins at creation and edits them; a plain HTML page on that origin imports the SDK module and reads the catalogue',
      async () => {
        const page = await newPage();
        await signInToConsole(page, t, OWNER);
        await page.goto(`${base}/console/stores/${usStore}/tokens`);
        await page.getByRole('textbox', { name: 'Token name' }).fill('Web shop');
        await page.getByRole('checkbox', { name: 'cart:write' }).check();
        await page.getByRole('textbox', { name: 'Allowed origins' }).fill(`${siteOrigin}/\n`);
        await page.getByRole('button', { name: 'Create token' }).click();
        const dialog = page.getByRole('dialog', { name: 'Public token' });
        await dialog.getByText('lets shoppers fill carts and check out').waitFor();
        expect(await dialog.textContent()).not.toContain('read-only');
        const token = (await dialog.getByTestId('public-token').textContent())!.trim();
        const snippet = (await dialog.getByLabel('StorefrontClient snippet').textContent())!;
        expect(snippet).toContain(`from '${base}/console/sdk/storefront-sdk.js'`);
        expect(snippet).toContain(token);
        await checkStorePage(page, 'first-week-token-dialog', VIEWS);
        await dialog.getByRole('button', { name: 'Done' }).click();
        await page.getByRole('cell', { name: siteOrigin }).waitFor();

        // The page on that origin runs the snippet's import and a query.
        const shop = await newPage();
        await shop.goto(`${siteOrigin}/?token=${token}`);
        await shop.locator('#out li', { hasText: 'Maple syrup' }).waitFor();

        // Edit: a refused origin is said at the field; then the list is replaced, and the page is refused.
        await page.getByRole('button', { name: 'Edit origins of Web shop' }).click();
        const edit = page.getByRole('dialog', { name: 'Allowed origins of Web shop' });
        const box = edit.getByRole('textbox', { name: 'Allowed origins' });
        expect(await box.inputValue()).toBe(siteOrigin);
        await box.fill('https://shop.example.com/catalogue');
        await edit.getByRole('button', { name: 'Save origins' }).click();
        await edit
          .getByText('Allowed origins: each line must be an address like https://shop.example.com')
          .waitFor();
        await checkStorePage(page, 'first-week-token-origins', VIEWS);
        await box.fill('https://shop.example.com\nhttps://www.shop.example.com');
        await edit.getByRole('button', { name: 'Save origins' }).click();
        await page
          .getByText(
            'Web shop now answers pages on https://shop.example.com, https://www.shop.example.com only.',
          )
          .waitFor();
        const listed = await t.get(`/v1/user/stores/${usStore}/public-tokens`, { token: ownerToken });
        expect(listed.body[0].allowedOrigins).toEqual([
          'https://shop.example.com',
          'https://www.shop.example.com',
        ]);
        await checkStorePage(page, 'first-week-tokens', VIEWS);
        await shop.reload();
        await shop.locator('#out', { hasText: 'failed' }).waitFor();
      },
      TIMEOUT,
    );

    it(
      'says so on Your stores when a member leaves a store',
      async () => {
        const devToken = (await t.signIn(DEV)).access_token;
        await addMember(t, ownerToken, usStore, { token: devToken, email: DEV }, 'developer');
        const page = await newPage();
        await signInToConsole(page, t, DEV);
        await page.goto(`${base}/console/stores/${usStore}/members`);
        await page.getByRole('button', { name: 'Leave store' }).click();
        await page
          .getByRole('dialog', { name: 'Leave Maple & Pine?' })
          .getByRole('button', { name: 'Leave store' })
          .click();
        await page.getByRole('heading', { name: 'Your stores' }).waitFor();
        await page.getByText('You left Maple & Pine.').waitFor();
        expect(await page.getByRole('link', { name: 'Maple & Pine' }).count()).toBe(0);
        await checkStorePage(page, 'first-week-left', VIEWS);
      },
      TIMEOUT,
    );
  });
});
