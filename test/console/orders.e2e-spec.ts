import { addMember, clientCredentialsToken, createStore } from '@app/testing';
import { checkStorePage, LIGHT_VIEWS as VIEWS, signInToConsole, withConsole } from './console-pages';

/**
 * The Orders page's moves (contract §10, §15) in a real browser against the real server: each open order
 * has **Fulfil** and **Cancel order** for a role with `commerce` (the owner here, staff alike); a cancel
 * asks for an optional reason in a dialog and puts the stock back; a shopper's checkout shows beside an
 * app's order; a developer sees the orders and no button. axe-core clean, one h1, no sideways scroll at
 * 375 px; screenshots `store-orders-moves-1280.png` and `-375.png` in test/.screenshots/.
 */
const OWNER = 'console-orders@example.com';
const DEVELOPER = 'console-orders-dev@example.com';

describe('console: fulfilling and cancelling orders', () => {
  const { newPage, server } = withConsole();

  it('fulfils one open order and cancels another with a reason; a developer sees no button', async () => {
    const { t, base } = server;
    const { access_token: owner } = await t.signIn(OWNER);
    const storeId = await createStore(t, owner, 'Masala Shop', 'Spices');
    const made = await t.post(
      `/v1/user/stores/${storeId}/products`,
      { handle: 'saffron', title: 'Saffron', price: '450', currencyCode: 'INR', inventory: 10 },
      { token: owner },
    );
    const saffron = made.body.id as string;
    const stock = async () =>
      (await t.get(`/v1/user/stores/${storeId}/products/${saffron}`, { token: owner })).body.inventory;
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'POS', scopes: ['orders:write', 'products:read'] },
      { token: owner },
    );
    const appToken = await clientCredentialsToken(t, app.body);
    const order = async (email: string, quantity: number) =>
      (
        await t.post(
          '/v1/storefront/graphql',
          {
            query: 'mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }',
            variables: { i: { customerEmail: email, lines: [{ productId: saffron, quantity }] } },
          },
          { token: appToken },
        )
      ).body.data.orderCreate.id as string;
    const first = await order('asha@example.com', 1);
    const second = await order('ravi@example.com', 3);
    // and a shopper's checkout through a public token with cart:write
    const shopper = (
      await t.post(
        `/v1/user/stores/${storeId}/public-tokens`,
        { name: 'Web shop', scopes: ['store:read', 'products:read', 'cart:write'] },
        { token: owner },
      )
    ).body.token as string;
    const cart = await t.post(
      '/v1/storefront/graphql',
      {
        query: 'mutation($i: CartInput) { cartCreate(input: $i) { id } }',
        variables: { i: { lines: [{ productId: saffron, quantity: 2 }], buyerEmail: 'meera@example.com' } },
      },
      { token: shopper },
    );
    const checkedOut = await t.post(
      '/v1/storefront/graphql',
      {
        query: 'mutation($c: ID!) { checkoutComplete(cartId: $c) { id } }',
        variables: { c: cart.body.data.cartCreate.id },
      },
      { token: shopper },
    );
    expect(checkedOut.body.errors).toBeUndefined();
    expect(await stock()).toBe(4);

    const page = await newPage();
    await signInToConsole(page, t, OWNER);
    await page.goto(`${base}/console/stores/${storeId}/orders`);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    await row('meera@example.com').getByText('Open').waitFor();
    for (const email of ['asha@example.com', 'ravi@example.com', 'meera@example.com']) {
      expect(await row(email).getByRole('button', { name: 'Fulfil' }).count()).toBe(1);
      expect(await row(email).getByRole('button', { name: 'Cancel order' }).count()).toBe(1);
    }

    // Fulfil: the row says so, and its buttons go.
    await row('asha@example.com').getByRole('button', { name: 'Fulfil' }).click();
    await row('asha@example.com').getByText('Fulfilled').waitFor();
    expect(await row('asha@example.com').getByRole('button', { name: 'Fulfil' }).count()).toBe(0);
    expect((await t.get(`/v1/user/stores/${storeId}/orders/${first}`, { token: owner })).body.status).toBe(
      'fulfilled',
    );

    // Cancel with a reason, in a dialog: the stock comes back.
    await row('ravi@example.com').getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Cancel order ${second.slice(0, 8)}?` }).waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Customer called to cancel');
    await check(page, 'orders-cancel');
    await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row('ravi@example.com').getByText('Cancelled').waitFor();
    const cancelled = (await t.get(`/v1/user/stores/${storeId}/orders/${second}`, { token: owner })).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Customer called to cancel' });
    expect(await stock()).toBe(7);
    // The opened row tells why.
    await row('ravi@example.com')
      .getByRole('button', { name: `Order ${second.slice(0, 8)}` })
      .click();
    await page.getByText('Customer called to cancel — its stock was put back.', { exact: false }).waitFor();
    await check(page, 'orders-moves');

    // An order another member moved meanwhile: the refusal is said, and the list catches up.
    await t.post(
      `/v1/user/stores/${storeId}/orders/${checkedOut.body.data.checkoutComplete.id}/fulfil`,
      undefined,
      {
        token: owner,
      },
    );
    await row('meera@example.com').getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /fulfilled/ })
      .waitFor();
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    await row('meera@example.com').getByText('Fulfilled').waitFor();
    expect(await stock()).toBe(7);

    // A developer reads the orders and has no button.
    const { access_token: developer } = await t.signIn(DEVELOPER);
    await addMember(t, owner, storeId, { token: developer, email: DEVELOPER }, 'developer');
    await order('zoya@example.com', 1);
    const devPage = await newPage();
    await signInToConsole(devPage, t, DEVELOPER);
    await devPage.goto(`${base}/console/stores/${storeId}/orders`);
    await devPage.getByRole('row').filter({ hasText: 'zoya@example.com' }).getByText('Open').waitFor();
    expect(await devPage.getByRole('button', { name: 'Fulfil' }).count()).toBe(0);
    expect(await devPage.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
  });

  const check = (page: Parameters<typeof checkStorePage>[0], name: string) =>
    checkStorePage(page, name, VIEWS);
});
