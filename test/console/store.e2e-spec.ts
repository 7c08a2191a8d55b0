import { clientCredentialsToken, createStore } from '@app/testing';
import { Page } from 'playwright-core';
import { checkStorePage, LIGHT_VIEWS as VIEWS, signInToConsole, withConsole } from './console-pages';

/**
 * A store's Products, Orders and Activity pages of the console in a real browser (Debian's Chromium,
 * driven by playwright-core) against the real server: a product created, edited and deleted in the console
 * and seen through the storefront with a public token, an app's order on the Orders page, the events in
 * words on the Activity page. Every page: no axe-core violation of any impact at 1280 and 375 px, exactly
 * one h1, no sideways scroll at 375 px with a 100-character unbroken product title; screenshots at both
 * widths in test/.screenshots/ (git-ignored).
 */
const EMAIL = 'console-store@example.com';
const LONG_TITLE = 'Handwoven' + 'x'.repeat(91);

describe('console: a store’s Products, Orders and Activity pages', () => {
  const { newPage, server } = withConsole();

  const check = (page: Page, name: string): Promise<void> => checkStorePage(page, name, VIEWS);
  const signIn = (page: Page, email: string): Promise<void> => signInToConsole(page, server.t, email);

  /** Fills the product form (open in its dialog) and saves it. */
  async function fillProduct(
    page: Page,
    fields: Partial<Record<'Title' | 'Handle' | 'Description' | 'Price' | 'Currency' | 'Stock', string>>,
  ): Promise<void> {
    const dialog = page.getByRole('dialog');
    for (const [label, value] of Object.entries(fields)) {
      await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('runs a catalogue from the console, shows an app’s order and the store’s activity in words', async () => {
    const { t, base } = server;
    const { access_token: owner } = await t.signIn(EMAIL);
    const storeId = await createStore(t, owner, 'Chai Shop', 'Tea');
    const pub = (await t.post(`/v1/user/stores/${storeId}/public-tokens`, { name: 'Web' }, { token: owner }))
      .body.token as string;
    const storefront = async (handle: string) =>
      (
        await t.post(
          '/v1/storefront/graphql',
          {
            query:
              'query($h: String) { product(handle: $h) { title price { amount currencyCode } inventory } }',
            variables: { h: handle },
          },
          { token: pub },
        )
      ).body.data.product;

    const page = await newPage();
    await signIn(page, EMAIL);
    await page.goto(`${base}/console/stores/${storeId}`);
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByText('No products yet.').waitFor();

    // Create: the handle follows the title until it is typed.
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Tea');
    expect(await dialog.getByRole('textbox', { name: 'Handle' }).inputValue()).toBe('tea');
    await fillProduct(page, { Description: 'Assam leaves', Price: '12499', Currency: 'INR', Stock: '5' });
    const teaRow = page.getByRole('row').filter({ hasText: 'Tea' });
    await teaRow.getByText('₹12,499.00').waitFor();
    expect(await storefront('tea')).toEqual({
      title: 'Tea',
      price: { amount: '12499.00', currencyCode: 'INR' },
      inventory: 5,
    });

    // The server's refusal is shown at the field: a taken handle.
    await page.getByRole('button', { name: 'New product' }).click();
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Tea again');
    await dialog.getByRole('textbox', { name: 'Handle' }).fill('tea');
    await dialog.getByRole('textbox', { name: 'Price' }).fill('1');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog.getByText('handle is already taken in this store').waitFor();
    // Said once, at the field, in the console's words; beside the button the console's own summary,
    // never the server's sentence about the same field.
    expect(await dialog.getByText(/already taken/i).count()).toBe(1);
    await dialog.getByText('One field needs your attention: see the message under it.').waitFor();
    await check(page, 'product-form');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit.
    await page.getByRole('button', { name: 'Edit Tea' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Price' }).inputValue()).toBe('12499.00');
    await fillProduct(page, { Title: 'Green tea', Stock: '9' });
    await page.getByRole('row').filter({ hasText: 'Green tea' }).waitFor();
    expect(await storefront('tea')).toEqual({
      title: 'Green tea',
      price: { amount: '12499.00', currencyCode: 'INR' },
      inventory: 9,
    });

    // A 100-character unbroken title, and search.
    await page.getByRole('button', { name: 'New product' }).click();
    await fillProduct(page, { Title: LONG_TITLE, Handle: 'long', Price: '10', Currency: 'USD', Stock: '0' });
    await page.getByRole('row').filter({ hasText: LONG_TITLE }).getByText('$10.00').waitFor();
    await check(page, 'products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('green');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('row').filter({ hasText: LONG_TITLE }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row').filter({ hasText: 'Green tea' }).count()).toBe(1);

    // An app named "ERP sync" places an order through the storefront; the Orders page shows it.
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'ERP sync', scopes: ['orders:write', 'products:read'] },
      { token: owner },
    );
    const appToken = await clientCredentialsToken(t, app.body);
    const teaId = (await t.get(`/v1/user/stores/${storeId}/products?query=tea`, { token: owner })).body
      .data[0].id;
    const ordered = await t.post(
      '/v1/storefront/graphql',
      {
        query: 'mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }',
        variables: { i: { customerEmail: 'buyer@example.com', lines: [{ productId: teaId, quantity: 2 }] } },
      },
      { token: appToken },
    );
    expect(ordered.body.errors).toBeUndefined();
    const orderId = ordered.body.data.orderCreate.id as string;

    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Orders' }).click();
    const orderRow = page.getByRole('row').filter({ hasText: 'buyer@example.com' });
    await orderRow.getByText('₹24,998.00').waitFor();
    const opener = orderRow.getByRole('button', { name: `Order ${orderId.slice(0, 8)}` });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await opener.click();
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    const lines = page.getByRole('list', { name: `Lines of order ${orderId.slice(0, 8)}` });
    await lines.getByText('Green tea').waitFor();
    await lines.getByText('2 × ₹12,499.00 =').waitFor();
    await check(page, 'orders');

    // Delete, from the console: gone from the storefront.
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Delete Green tea' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('row').filter({ hasText: 'Green tea' }).waitFor({ state: 'detached' });
    expect(await storefront('tea')).toBeNull();

    // Activity: newest first, in words.
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Activity' }).click();
    const events = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
    await events.first().waitFor();
    const sentences = await events.locator('.activity-what').allInnerTexts();
    expect(sentences.slice(0, 6)).toEqual([
      'Product “Green tea” deleted by you',
      'Order of ₹24,998.00 for buyer@example.com placed by app “ERP sync”',
      'App “ERP sync” created by you',
      `Product “${LONG_TITLE}” created by you`,
      'Product “Green tea” updated by you',
      'Product “Tea” created by you',
    ]);
    await check(page, 'activity');
  });

  it('pages the products 20 at a time, newest first', async () => {
    const { t, base } = server;
    const { access_token: owner } = await t.signIn(EMAIL);
    const storeId = await createStore(t, owner, 'Big shop', 'Many');
    for (let i = 1; i <= 21; i++) {
      const res = await t.post(
        `/v1/user/stores/${storeId}/products`,
        { handle: `item-${i}`, title: `Item ${i}`, price: '1.00', currencyCode: 'EUR', inventory: i },
        { token: owner },
      );
      expect(res.status).toBe(201);
    }
    const page = await newPage();
    await signIn(page, EMAIL);
    await page.goto(`${base}/console/stores/${storeId}/products`);
    const rows = page.getByRole('table').getByRole('row');
    await page.getByRole('row').filter({ hasText: 'Item 21' }).waitFor();
    expect(await rows.count()).toBe(21); // the header and 20 products
    expect(await page.getByRole('cell', { name: 'Item 1', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Load more products' }).click();
    await page.getByRole('cell', { name: 'Item 1', exact: true }).waitFor();
    expect(await rows.count()).toBe(22);
    expect(await page.getByRole('button', { name: 'Load more products' }).count()).toBe(0);
    const titles = await page
      .getByRole('cell')
      .filter({ hasText: /^Item \d+$/ })
      .allInnerTexts();
    expect(titles).toEqual(Array.from({ length: 21 }, (_, i) => `Item ${21 - i}`));
  });
});
