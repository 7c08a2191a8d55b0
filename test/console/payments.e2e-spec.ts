import { clientCredentialsToken, createStore } from '@app/testing';
import { checkStorePage, LIGHT_VIEWS as VIEWS, signInToConsole, withConsole } from './console-pages';

/**
 * (v1.4) Payment status on the Orders page (contract §10, §18) in a real browser against the real server:
 * a shopper's checkout shows **Pending** with a **Mark as paid** button for a role with `commerce`; the
 * click marks it paid (the server says so too) and the button goes; an order an app created paid shows
 * **Paid** with no button; the product form starts in the store's currency. axe-core clean, no sideways scroll at 375 px; screenshots
 * `store-orders-payment-1280.png` and `-375.png` in test/.screenshots/.
 */
const OWNER = 'console-payments@example.com';

describe('console: payment status and Mark as paid', () => {
  const { newPage, server } = withConsole();

  it('marks a pending checkout order paid; an order created paid has no button', async () => {
    const { t, base } = server;
    const { access_token: owner } = await t.signIn(OWNER);
    const storeId = await createStore(t, owner, 'Chai Corner', 'Tea');
    const made = await t.post(
      `/v1/user/stores/${storeId}/products`,
      { handle: 'assam', title: 'Assam', price: '12', inventory: 10 },
      { token: owner },
    );
    expect(made.body.price).toEqual({ amount: '12.00', currencyCode: 'USD' });
    const shopper = (
      await t.post(
        `/v1/user/stores/${storeId}/public-tokens`,
        { name: 'Web shop', scopes: ['store:read', 'products:read', 'cart:write'] },
        { token: owner },
      )
    ).body.token as string;
    const gql = (token: string, query: string, variables: Record<string, unknown>) =>
      t.post('/v1/storefront/graphql', { query, variables }, { token });
    const cart = await gql(shopper, 'mutation($i: CartInput) { cartCreate(input: $i) { id } }', {
      i: { lines: [{ productId: made.body.id, quantity: 2 }], buyerEmail: 'nila@example.com' },
    });
    const checkout = await gql(shopper, 'mutation($c: ID!) { checkoutComplete(cartId: $c) { id } }', {
      c: cart.body.data.cartCreate.id,
    });
    const pendingId = checkout.body.data.checkoutComplete.id as string;
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'POS', scopes: ['orders:write', 'products:read'] },
      { token: owner },
    );
    const token = await clientCredentialsToken(t, app.body);
    await gql(token, 'mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }', {
      i: { customerEmail: 'kavi@example.com', lines: [{ productId: made.body.id, quantity: 1 }] },
    });

    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    await page.goto(`${base}/console/stores/${storeId}/orders`);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    await row('nila@example.com').getByText('Pending', { exact: true }).waitFor();
    await row('kavi@example.com').getByText('Paid', { exact: true }).waitFor();
    expect(await row('kavi@example.com').getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);
    await check(page, 'orders-payment');

    await row('nila@example.com').getByRole('button', { name: 'Mark as paid' }).click();
    await row('nila@example.com').getByText('Paid', { exact: true }).waitFor();
    expect(await row('nila@example.com').getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);
    const order = (await t.get(`/v1/user/stores/${storeId}/orders/${pendingId}`, { token: owner })).body;
    expect(order).toMatchObject({ paymentStatus: 'paid', status: 'open' });
    await page.getByRole('status').filter({ hasText: 'marked paid' }).waitFor({ state: 'attached' });

    // The product form starts in the store's currency (v1.4): after a PUT to JPY, a new product is in yen.
    expect(
      (await t.put(`/v1/user/stores/${storeId}`, { currencyCode: 'JPY' }, { token: owner })).body
        .currencyCode,
    ).toBe('JPY');
    await page.goto(`${base}/console/stores/${storeId}/products`);
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('textbox', { name: 'Currency' }).inputValue()).toBe('JPY');
  });

  const check = (page: Parameters<typeof checkStorePage>[0], name: string) =>
    checkStorePage(page, name, VIEWS);
});
