import { ApiError, AppClient, AccountClient } from '@app/sdk';
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
  });
});
