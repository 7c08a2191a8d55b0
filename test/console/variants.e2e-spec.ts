import { createStore } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { checkStorePage, signInToConsole, withConsoleBrowser, View } from './console-pages';

/**
 * (v1.4) Options and variants in the console (contract §10, §18) in a real browser against the real
 * server: the product form's **Options** (**Option name**, **Option values**, **Add option**) make one row
 * per combination in the **Variants** table (**Price**, **SKU**, **Stock**), saved as the product's
 * variants and edited again; an order shows each line's title as sold (`Tee / S / Red`); Settings has the
 * store's **Currency**. axe-core clean, no sideways scroll at 375 px; screenshots `store-product-variants-*`,
 * `store-orders-variants-*` and `store-settings-currency-*` in test/.screenshots/.
 */
const VIEWS: View[] = [
  ['light', 1280],
  ['light', 375],
];
const OWNER = 'console-variants@example.com';

describe('console: options, variants and the store currency', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await TestApp.start();
    base = t.config.publicUrl;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates a product with options and variants, edits a variant, shows variant titles on orders', async () => {
    const { access_token: owner } = await t.signIn(OWNER);
    const storeId = await createStore(t, owner, 'Tee Shop', 'Shirts');
    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    await page.goto(`${base}/console/stores/${storeId}/products`);
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Tee');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: 'Option name' }).nth(0).fill('Size');
    await dialog.getByRole('textbox', { name: 'Option values' }).nth(0).fill('S, M');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: 'Option name' }).nth(1).fill('Color');
    await dialog.getByRole('textbox', { name: 'Option values' }).nth(1).fill('Red');
    // One row per combination; the product's own Price and Stock give way to the variants'.
    const table = dialog.getByRole('table', { name: 'Variants' });
    await table.getByRole('row', { name: /S \/ Red/ }).waitFor();
    expect(await table.getByRole('textbox', { name: 'Price' }).count()).toBe(2);
    for (const [i, [price, sku, stock]] of [
      ['10.00', 'TEE-S', '3'],
      ['12.50', 'TEE-M', '1'],
    ].entries()) {
      await table.getByRole('textbox', { name: 'Price' }).nth(i).fill(price);
      await table.getByRole('textbox', { name: 'SKU' }).nth(i).fill(sku);
      await table.getByRole('textbox', { name: 'Stock' }).nth(i).fill(stock);
    }
    await check(page, 'product-variants');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved “Tee”' }).waitFor({ state: 'attached' });
    const list = (await t.get(`/v1/user/stores/${storeId}/products`, { token: owner })).body.data;
    const tee = list[0];
    expect(tee.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red'] },
    ]);
    expect(tee.variants.map((v: any) => [v.title, v.price.amount, v.sku, v.inventory])).toEqual([
      ['S / Red', '10.00', 'TEE-S', 3],
      ['M / Red', '12.50', 'TEE-M', 1],
    ]);

    // Edit: a variant's stock, and a value added to an option makes a new variant.
    await page.getByRole('button', { name: 'Edit Tee' }).click();
    await table.getByRole('textbox', { name: 'Stock' }).nth(1).fill('7');
    await dialog.getByRole('textbox', { name: 'Option values' }).nth(0).fill('S, M, L');
    await table.getByRole('row', { name: /L \/ Red/ }).waitFor();
    await table.getByRole('textbox', { name: 'Price' }).nth(2).fill('14.00');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    // The dialog closes once every change is saved (the status still says the first save's words).
    await dialog.waitFor({ state: 'hidden' });
    const edited = (await t.get(`/v1/user/stores/${storeId}/products/${tee.id}`, { token: owner })).body;
    expect(edited.variants.map((v: any) => [v.title, v.price.amount, v.inventory])).toEqual([
      ['S / Red', '10.00', 3],
      ['M / Red', '12.50', 7],
      ['L / Red', '14.00', 0],
    ]);
    expect(edited.inventory).toBe(10);

    // An order by variant shows the line's title and SKU as sold.
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'POS', scopes: ['orders:write', 'products:read'] },
      { token: owner },
    );
    const token = (
      await t.post('/v1/auth/oauth/token', {
        grant_type: 'client_credentials',
        client_id: app.body.clientId,
        client_secret: app.body.clientSecret,
      })
    ).body.access_token as string;
    const placed = await t.post(
      '/v1/storefront/graphql',
      {
        query: 'mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }',
        variables: {
          i: { customerEmail: 'ada@example.com', lines: [{ variantId: edited.variants[1].id, quantity: 2 }] },
        },
      },
      { token },
    );
    const orderId = placed.body.data.orderCreate.id as string;
    await page.goto(`${base}/console/stores/${storeId}/orders`);
    await page.getByRole('button', { name: `Order ${orderId.slice(0, 8)}` }).click();
    const lines = page.getByRole('list', { name: `Lines of order ${orderId.slice(0, 8)}` });
    await lines.getByText('Tee / M / Red').waitFor();
    await lines.getByText('SKU TEE-M').waitFor();
    await check(page, 'orders-variants');

    // The product deleted: its line still shows the title and SKU it was sold under.
    expect(
      (await t.delete(`/v1/user/stores/${storeId}/products/${edited.id}`, { token: owner })).status,
    ).toBe(204);
    await page.reload();
    await page.getByRole('button', { name: `Order ${orderId.slice(0, 8)}` }).click();
    await lines.getByText('Tee / M / Red').waitFor();
    await lines.getByText('SKU TEE-M').waitFor();
    expect(await lines.getByText('Deleted product').count()).toBe(0);
  });

  it('Settings: the store currency, which new products take', async () => {
    const { access_token: owner } = await t.signIn(OWNER);
    const storeId = await createStore(t, owner, 'Euro Shop', 'Things');
    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    await page.goto(`${base}/console/stores/${storeId}/settings`);
    const currency = page.getByRole('textbox', { name: 'Currency' });
    expect(await currency.inputValue()).toBe('USD');
    await currency.fill('eur');
    await check(page, 'settings-currency');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await t.get(`/v1/user/stores/${storeId}`, { token: owner })).body.currencyCode).toBe('EUR');
  });

  const check = (page: Parameters<typeof checkStorePage>[0], name: string) =>
    checkStorePage(page, name, VIEWS);
});
