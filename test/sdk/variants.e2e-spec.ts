import { ApiError, AppClient, AccountClient, GraphQLError, StorefrontClient } from '@app/sdk';
import { TestApp } from '@app/testing/test-app';
import { signedInAccount } from './signed-in-account';

// (v1.4) The SDKs' variant calls: AccountClient.products.variants over REST, AppClient.products.variants over
// GraphQL, and cart/order lines by variantId — against the running server.
describe('SDK — products.variants and lines by variant', () => {
  let t: TestApp;
  let owner: AccountClient;
  let storeId: string;
  let app: AppClient;

  beforeAll(async () => {
    t = await TestApp.start();
    owner = await signedInAccount(t, 'sdk-variants@example.com');
    storeId = (await owner.stores.create({ name: 'SDK variants' })).id;
    const made = await owner.apps.create({ storeId, name: 'variants app' });
    app = new AppClient({ baseUrl: t.baseUrl, clientId: made.clientId, clientSecret: made.clientSecret });
  });
  afterAll(() => t?.close());

  it('AccountClient: creates, updates and deletes a variant; a broken rule carries its reason', async () => {
    const product = await owner.products.create(storeId, {
      handle: 'sdk-shirt',
      title: 'Shirt',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [{ selectedOptions: [{ name: 'Size', value: 'S' }], price: '10.00', inventory: 1 }],
    });
    expect(product.variants?.map((v) => v.title)).toEqual(['S']);
    const added = await owner.products.variants.create(storeId, product.id, {
      selectedOptions: [{ name: 'Size', value: 'M' }],
      price: '12.00',
      inventory: 2,
    });
    expect(added.variants?.map((v) => [v.title, v.price.amount])).toEqual([
      ['S', '10.00'],
      ['M', '12.00'],
    ]);
    const variantId = added.variants![1].id;
    const updated = await owner.products.variants.update(storeId, product.id, variantId, { sku: 'SDK-M' });
    expect(updated.variants![1].sku).toBe('SDK-M');
    const dup = await owner.products.variants
      .create(storeId, product.id, {
        selectedOptions: [{ name: 'Size', value: 'M' }],
        price: '1',
        inventory: 1,
      })
      .catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(ApiError);
    expect([(dup as ApiError).status, (dup as ApiError).code]).toEqual([400, 'validation_failed']);
    expect((dup as ApiError).problem).toMatchObject({ reason: 'duplicate_variant' });
    const removed = await owner.products.variants.delete(storeId, product.id, variantId);
    expect(removed.variants).toHaveLength(1);
  });

  it('AppClient: variants by GraphQL, and an order line by variantId keeps the title and SKU sold', async () => {
    const product = await app.products.create({
      handle: 'sdk-cap',
      title: 'Cap',
      options: [{ name: 'Color', values: ['Red', 'Blue'] }],
      variants: [
        { selectedOptions: [{ name: 'Color', value: 'Red' }], price: '5.00', inventory: 3, sku: 'CAP-R' },
      ],
    });
    expect(product).toMatchObject({
      hasOnlyDefaultVariant: false,
      options: [{ name: 'Color', values: ['Red', 'Blue'] }],
    });
    const withBlue = await app.products.variants.create(product.id, [
      { selectedOptions: [{ name: 'Color', value: 'Blue' }], price: '6.00', inventory: 1 },
    ]);
    expect(withBlue.priceRange).toEqual({
      min: { amount: '5.00', currencyCode: 'USD' },
      max: { amount: '6.00', currencyCode: 'USD' },
    });
    const read = await app.graphql<{
      product: { variants: { edges: { node: { id: string; title: string } }[] } };
    }>(`query($id: ID!) { product(id: $id) { variants { edges { node { id title } } } } }`, {
      id: product.id,
    });
    const [red, blue] = read.product.variants.edges.map((e) => e.node);
    await app.products.variants.update(product.id, [{ id: blue.id, price: '7.00' }]);
    const order = await app.orders.create({
      customerEmail: 'b@example.com',
      lines: [{ variantId: red.id, quantity: 2 }],
    });
    expect(order.lines).toEqual([expect.objectContaining({ title: 'Cap / Red', sku: 'CAP-R', quantity: 2 })]);
    const left = await app.products.variants.delete(product.id, [blue.id]);
    expect(left.inventory).toBe(1);

    // The product deleted: the line's product is null (both SDK clients), its title, SKU and price stay,
    // and the owner's order (REST) keeps the ids sold.
    expect(order.lines[0].product).toEqual({ id: product.id, handle: 'sdk-cap', title: 'Cap' });
    await app.products.delete(product.id);
    const again = await app.orders.get(order.id);
    expect(again?.lines).toEqual([
      expect.objectContaining({
        title: 'Cap / Red',
        sku: 'CAP-R',
        unitPrice: { amount: '5.00', currencyCode: 'USD' },
      }),
    ]);
    expect(again?.lines[0].product).toBeNull();
    const owned = await owner.orders.get(storeId, order.id);
    expect(owned.lines[0]).toMatchObject({
      productId: product.id,
      variantId: red.id,
      title: 'Cap / Red',
      sku: 'CAP-R',
    });
  });

  it('StorefrontClient.cart: lines name their variant; remove takes variant ids, product ids, or both', async () => {
    const token = await owner.publicTokens.create(storeId, {
      name: 'Variant shop',
      scopes: ['store:read', 'products:read', 'cart:write'],
    });
    const shop = new StorefrontClient({ baseUrl: t.baseUrl, publicToken: token.token });
    const tee = await app.products.create({
      handle: 'sdk-tee',
      title: 'Tee',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { selectedOptions: [{ name: 'Size', value: 'S' }], price: '10.00', inventory: 5, sku: 'TEE-S' },
        { selectedOptions: [{ name: 'Size', value: 'M' }], price: '11.00', inventory: 5 },
      ],
    });
    const sock = await app.products.create({
      handle: 'sdk-sock',
      title: 'Sock',
      price: '2.00',
      inventory: 5,
    });
    const ids = async (productId: string) =>
      (
        await app.graphql<{ product: { variants: { edges: { node: { id: string } }[] } } }>(
          `query($id: ID!) { product(id: $id) { variants { edges { node { id } } } } }`,
          { id: productId },
        )
      ).product.variants.edges.map((e) => e.node.id);
    const [small, medium] = await ids(tee.id);
    const [sockVariant] = await ids(sock.id);
    const lines = (cart: { lines: { variant: { title: string } | null; quantity: number }[] }) =>
      cart.lines.map((l) => [l.variant?.title, l.quantity]);

    let cart = await shop.cart.create({
      lines: [
        { variantId: small, quantity: 1 },
        { variantId: medium, quantity: 2 },
        { productId: sock.id, quantity: 1 },
      ],
    });
    expect(cart.lines[0].variant).toEqual({ id: small, title: 'S', sku: 'TEE-S' });
    expect(lines(cart)).toEqual([
      ['S', 1],
      ['M', 2],
      ['Default Title', 1],
    ]);
    // (v1.4) a variant id removes that variant's line only; an id the cart lacks is ignored
    cart = await shop.cart.remove(cart.id, { variantIds: [medium, 'f0000000-0000-4000-8000-000000000000'] });
    expect(lines(cart)).toEqual([
      ['S', 1],
      ['Default Title', 1],
    ]);
    // the v1.3 call, a list of product ids, works as before
    cart = await shop.cart.remove(cart.id, [sock.id]);
    expect(lines(cart)).toEqual([['S', 1]]);
    // a product id removes every line of that product; both lists in one call
    cart = await shop.cart.add(cart.id, [
      { variantId: medium, quantity: 1 },
      { productId: sock.id, quantity: 3 },
    ]);
    expect(cart.lines).toHaveLength(3);
    cart = await shop.cart.remove(cart.id, { productIds: [tee.id], variantIds: [] });
    expect(lines(cart)).toEqual([['Default Title', 3]]);
    cart = await shop.cart.remove(cart.id, { productIds: [], variantIds: [sockVariant] });
    expect(cart.lines).toEqual([]);
    // more ids than a cart has lines is refused, as the SDK's GraphQLError
    const tooMany = Array.from(
      { length: 101 },
      (_, i) => `f0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const bad = await shop.cart.remove(cart.id, { variantIds: tooMany }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(GraphQLError);
    expect((bad as GraphQLError).codes).toEqual(['BAD_USER_INPUT']);
  });
});
