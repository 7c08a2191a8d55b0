import { randomBytes } from 'node:crypto';
import { requireServer, startPreviousRelease, StorefrontClient } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * (v1.4) The v1.4 migration is expand-only: the previous release keeps answering correctly on a database
 * migrated by this one (a rolling upgrade runs both at once). The previous release is the source just
 * before the commit that added the migration (git archive of it), built as production builds it, and
 * started beside the current application on the same database, with migrations off and the same secrets
 * (so an app's client secret and a public token work on both): @app/testing startPreviousRelease.
 */
const MIGRATION = 'libs/database/src/migrations/1795860000000-StoreCurrencyAndPaidOrders.ts';

// Two releases on one database: the embedded one belongs to one process, so this needs a PostgreSQL server
// (TEST_DATABASE_URL, or the local one when nothing is set); without one it is skipped, saying so.
const server = requireServer('test/database/previous-release.e2e-spec.ts', { forTestApp: true });
const describeServer = server ? describe : describe.skip;

describeServer('the previous release on the migrated database', () => {
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    OTP_PEPPER: randomBytes(32).toString('hex'),
  };
  let t: TestApp;
  let sf: StorefrontClient;
  let previous: Awaited<ReturnType<typeof startPreviousRelease>> | undefined;
  let base: string;

  beforeAll(async () => {
    t = await TestApp.start({ env: secrets });
    sf = new StorefrontClient(t);
    previous = await startPreviousRelease(MIGRATION, t.config.databaseUrl!, secrets);
    base = previous.base;
  }, 400_000);

  afterAll(async () => {
    await previous?.stop();
    await t?.close();
  });

  const gql = async (token: string, query: string, variables?: Record<string, unknown>) => {
    const res = await fetch(`${base}/v1/storefront/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('reads, writes and checks out there; its orders read as paid here', async () => {
    const owner = await sf.account('previous@example.com');
    const storeId = (
      await t.post(
        '/v1/user/stores/onboarding/stage1',
        { name: 'Rolling', currencyCode: 'JPY' },
        { token: owner },
      )
    ).body.id;
    const client = await sf.app(owner, storeId);
    const shopper = (await sf.publicToken(owner, storeId, ['store:read', 'products:read', 'cart:write']))
      .token;
    // A product written by the current release (in the store currency), and a pending checkout order.
    const here = await sf.createProduct(await sf.appToken(client), {
      handle: 'here',
      title: 'Here',
      price: '500',
      inventory: 10,
    });
    expect(here.price).toEqual({ amount: '500', currencyCode: 'JPY' });

    // The previous release: an app token from the same client, then its reads and writes.
    const tokenRes = await fetch(`${base}/v1/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const old = ((await tokenRes.json()) as { access_token: string }).access_token;
    const read = await gql(
      old,
      `{ store { name } products(first: 10) { edges { node { id price { amount currencyCode } inventory } } } }`,
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.store.name).toBe('Rolling');
    expect(read.body.data.products.edges).toEqual([
      { node: { id: here.id, price: { amount: '500', currencyCode: 'JPY' }, inventory: 10 } },
    ]);
    const made = await gql(
      old,
      `mutation($i: ProductCreateInput!) { productCreate(input: $i) { id price { amount } } }`,
      { i: { handle: 'there', title: 'There', price: '300', currencyCode: 'JPY', inventory: 5 } },
    );
    expect(made.body.data.productCreate.price.amount).toBe('300');
    const ordered = await gql(
      old,
      `mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id status total { amount } } }`,
      { i: { customerEmail: 'b@example.com', lines: [{ productId: here.id, quantity: 2 }] } },
    );
    expect(ordered.body.errors).toBeUndefined();
    expect(ordered.body.data.orderCreate).toMatchObject({ status: 'open', total: { amount: '1000' } });
    const cart = await gql(shopper, `mutation($i: CartInput) { cartCreate(input: $i) { id } }`, {
      i: {
        lines: [{ productId: made.body.data.productCreate.id, quantity: 1 }],
        buyerEmail: 's@example.com',
      },
    });
    const checkout = await gql(shopper, `mutation($c: ID!) { checkoutComplete(cartId: $c) { id status } }`, {
      c: cart.body.data.cartCreate.id,
    });
    expect(checkout.body.errors).toBeUndefined();

    // The current release reads what the previous one wrote: stock taken, orders paid (never expired).
    const orders = (await t.get(`/v1/user/stores/${storeId}/orders`, { token: owner })).body.data;
    expect(orders.map((o: { paymentStatus: string }) => o.paymentStatus)).toEqual(['paid', 'paid']);
    const products = (await t.get(`/v1/user/stores/${storeId}/products`, { token: owner })).body.data;
    expect(products.map((p: { handle: string; inventory: number }) => [p.handle, p.inventory])).toEqual([
      ['there', 4],
      ['here', 8],
    ]);
    expect(previous!.log()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
