import { randomBytes } from 'node:crypto';
import { requireServer, startPreviousRelease, StorefrontClient } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * (v1.4, issue 45) The variants migration is expand and contract: the release before it keeps answering
 * correctly on a database it migrated, beside the current one (a rolling upgrade runs both). The previous
 * release creates a product (its default variant follows), sells one (the stock leaves the variant too),
 * fills a cart in its own one-line-per-product table and checks it out — and the current release reads
 * all of it by variant, and adopts the previous release's cart lines.
 */
const MIGRATION = 'libs/database/src/migrations/1795890000000-ProductOptionsAndVariants.ts';

// Two releases on one database: the embedded one belongs to one process, so this needs a PostgreSQL server
// (TEST_DATABASE_URL, or the local one when nothing is set); without one it is skipped, saying so.
const server = requireServer('test/database/previous-release-variants.e2e-spec.ts', { forTestApp: true });
const describeServer = server ? describe : describe.skip;

describeServer('the release before variants, on the migrated database', () => {
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    OTP_PEPPER: randomBytes(32).toString('hex'),
  };
  let t: TestApp;
  let sf: StorefrontClient;
  let previous: Awaited<ReturnType<typeof startPreviousRelease>> | undefined;

  beforeAll(async () => {
    t = await TestApp.start({ env: secrets });
    sf = new StorefrontClient(t);
    previous = await startPreviousRelease(MIGRATION, t.config.databaseUrl!, secrets);
  }, 400_000);
  afterAll(async () => {
    await previous?.stop();
    await t?.close();
  });

  const gql = async (token: string, query: string, variables?: Record<string, unknown>) => {
    const res = await fetch(`${previous!.base}/v1/storefront/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as any;
  };

  it('writes and sells there; here every product has its variant with the same stock', async () => {
    const owner = await sf.account('rolling-variants@example.com');
    const storeId = await sf.store(owner, 'Rolling variants');
    const client = await sf.app(owner, storeId);
    const shopper = (await sf.publicToken(owner, storeId, ['store:read', 'products:read', 'cart:write']))
      .token;
    const here = await sf.createProduct(await sf.appToken(client), {
      handle: 'here',
      title: 'Here',
      price: '5.00',
      inventory: 10,
    });
    const tokenRes = await fetch(`${previous!.base}/v1/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    const old = ((await tokenRes.json()) as { access_token: string }).access_token;
    const made = await gql(old, `mutation($i: ProductCreateInput!) { productCreate(input: $i) { id } }`, {
      i: { handle: 'there', title: 'There', price: '3.00', inventory: 5 },
    });
    const there = made.data.productCreate.id as string;
    const ordered = await gql(old, `mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }`, {
      i: { customerEmail: 'b@example.com', lines: [{ productId: here.id, quantity: 2 }] },
    });
    expect(ordered.errors).toBeUndefined();
    // A cart the previous release fills (its own table), checked out there; another left for this release.
    const cart = async () =>
      (
        await gql(shopper, `mutation($i: CartInput) { cartCreate(input: $i) { id } }`, {
          i: { lines: [{ productId: there, quantity: 1 }], buyerEmail: 's@example.com' },
        })
      ).data.cartCreate.id as string;
    const checkedOut = await gql(shopper, `mutation($c: ID!) { checkoutComplete(cartId: $c) { id } }`, {
      c: await cart(),
    });
    expect(checkedOut.errors).toBeUndefined();
    const leftOpen = await cart();

    // This release: variants with the stock the previous release took.
    const app = await sf.appToken(client);
    const read = async (id: string) =>
      (
        await sf.data(
          app,
          `query($id: ID) { product(id: $id) { inventory variants { edges { node { id title inventory } } } } }`,
          { id },
        )
      ).product;
    expect(await read(here.id)).toMatchObject({ inventory: 8 });
    expect((await read(here.id)).variants.edges.map((e: any) => [e.node.title, e.node.inventory])).toEqual([
      ['Default Title', 8],
    ]);
    expect((await read(there)).variants.edges.map((e: any) => e.node.inventory)).toEqual([4]);
    // The previous release's open cart reads here by variant, and checks out here.
    const [variant] = (await read(there)).variants.edges.map((e: any) => e.node.id);
    const seen = await sf.data(
      shopper,
      `query($c: ID!) { cart(id: $c) { lines { quantity variant { id } } } }`,
      {
        c: leftOpen,
      },
    );
    expect(seen.cart.lines).toEqual([{ quantity: 1, variant: { id: variant } }]);
    const placed = await sf.data(
      shopper,
      `mutation($c: ID!) { checkoutComplete(cartId: $c) { lines { title variant { id } } } }`,
      { c: leftOpen },
    );
    expect(placed.checkoutComplete.lines).toEqual([{ title: 'There', variant: { id: variant } }]);
    expect((await read(there)).inventory).toBe(3);
    expect(previous!.log()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
