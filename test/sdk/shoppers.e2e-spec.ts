import { AccountClient, ApiError, AppClient, GraphQLError, StorefrontClient } from '@app/sdk';
import { TestApp } from '@app/testing/test-app';
import { signedInAccount } from './signed-in-account';

/**
 * The SDK's v1.3 shopper calls against the real server (contract §9, §15): StorefrontClient.cart.* and
 * checkout (with the Idempotency-Key it adds by itself), AppClient.orders.fulfil / cancel and
 * AccountClient.orders.fulfil / cancel, and their refusals as the SDK's error classes.
 */
describe('SDK — carts, checkout and orders that move', () => {
  let t: TestApp;
  let owner: AccountClient;
  let storeId: string;
  let app: AppClient;
  let shop: StorefrontClient;

  beforeAll(async () => {
    t = await TestApp.start();
    owner = await signedInAccount(t, 'sdk-shoppers@example.com');
    storeId = (await owner.stores.create({ name: 'SDK shop', description: 'Things' })).id;
    const made = await owner.apps.create({ storeId, name: 'Back office' });
    app = new AppClient({ baseUrl: t.baseUrl, clientId: made.clientId, clientSecret: made.clientSecret });
    const token = await owner.publicTokens.create(storeId, {
      name: 'Web shop',
      scopes: ['store:read', 'products:read', 'cart:write'],
    });
    expect(token.scopes).toEqual(['store:read', 'products:read', 'cart:write']);
    shop = new StorefrontClient({ baseUrl: t.baseUrl, publicToken: token.token });
  });
  afterAll(() => t.close());

  it('fills a cart and checks it out, sending an Idempotency-Key with the checkout', async () => {
    const tea = await app.products.create({
      handle: 'sdk-tea',
      title: 'Tea',
      price: '4.50',
      currencyCode: 'EUR',
      inventory: 10,
    });
    const mug = await app.products.create({
      handle: 'sdk-mug',
      title: 'Mug',
      price: '9.00',
      currencyCode: 'EUR',
      inventory: 10,
    });
    let cart = await shop.cart.create({ lines: [{ productId: tea.id, quantity: 1 }] });
    expect(cart.requestId).toEqual(expect.any(String));
    expect(cart.status).toBe('open');
    cart = await shop.cart.add(cart.id, [
      { productId: tea.id, quantity: 1 },
      { productId: mug.id, quantity: 2 },
    ]);
    expect(cart.lines.map((l) => [l.product.title, l.quantity])).toEqual([
      ['Tea', 2],
      ['Mug', 2],
    ]);
    cart = await shop.cart.update(cart.id, [{ productId: mug.id, quantity: 1 }]);
    cart = await shop.cart.remove(cart.id, [tea.id]);
    cart = await shop.cart.add(cart.id, [{ productId: tea.id, quantity: 2 }]);
    cart = await shop.cart.setBuyer(cart.id, 'ana@example.com');
    expect(cart).toMatchObject({
      buyerEmail: 'ana@example.com',
      subtotal: { amount: '18.00', currencyCode: 'EUR' },
    });

    const changed = await shop.checkout(cart.id, { expectedTotal: '17.00' }).catch((e: unknown) => e);
    expect(changed).toBeInstanceOf(GraphQLError);
    expect((changed as GraphQLError).codes).toEqual(['PRICE_CHANGED']);

    const keys: (string | null)[] = [];
    const recording = new StorefrontClient({
      baseUrl: t.baseUrl,
      publicToken: (
        await owner.publicTokens.create(storeId, { name: 'Rec', scopes: ['products:read', 'cart:write'] })
      ).token,
      fetch: async (input, init = {}) => {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        return fetch(input, init);
      },
    });
    const order = await recording.checkout(cart.id, { expectedTotal: '18' });
    expect(keys).toEqual([expect.stringMatching(/.{8,}/)]);
    expect(order).toMatchObject({ status: 'open', source: 'checkout', customerEmail: 'ana@example.com' });
    expect((await shop.cart.get(cart.id))?.order).toEqual({ id: order.id, status: 'open' });
    expect(await shop.cart.get('00000000-0000-4000-8000-000000000000')).toBeNull();
    // the same cart again: the same order
    expect((await shop.checkout(cart.id)).id).toBe(order.id);
  });

  it('fulfils and cancels orders through AppClient and AccountClient', async () => {
    const lamp = await app.products.create({
      handle: 'sdk-lamp',
      title: 'Lamp',
      price: '20.00',
      currencyCode: 'EUR',
      inventory: 5,
    });
    const place = () =>
      app.orders.create({ customerEmail: 'b@example.com', lines: [{ productId: lamp.id, quantity: 1 }] });
    const one = await place();
    expect((await app.orders.fulfil(one.id)).status).toBe('fulfilled');
    const refused = await app.orders.cancel(one.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GraphQLError);
    expect((refused as GraphQLError).codes).toEqual(['BAD_USER_INPUT']);
    const two = await place();
    expect(await app.orders.cancel(two.id, { reason: 'Duplicate' })).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Duplicate',
    });
    const three = await place();
    expect((await owner.orders.fulfil(storeId, three.id)).status).toBe('fulfilled');
    const four = await place();
    const cancelled = await owner.orders.cancel(storeId, four.id, { reason: 'Out of lamps' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Out of lamps', source: 'app' });
    const conflict = await owner.orders.fulfil(storeId, four.id).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ApiError);
    expect([(conflict as ApiError).status, (conflict as ApiError).code]).toEqual([
      409,
      'order_status_conflict',
    ]);
    expect((await owner.products.get(storeId, lamp.id)).inventory).toBe(3);
  });

  it('(v1.4) marks orders paid through AppClient and AccountClient; a checkout order starts pending', async () => {
    const kettle = await app.products.create({
      handle: 'sdk-kettle',
      title: 'Kettle',
      price: '20',
      inventory: 5,
    });
    expect(kettle.price).toEqual({ amount: '20.00', currencyCode: 'USD' });
    const cart = await shop.cart.create({
      lines: [{ productId: kettle.id, quantity: 1 }],
      buyerEmail: 'k@example.com',
    });
    const pending = await shop.checkout(cart.id);
    expect(pending).toMatchObject({ paymentStatus: 'pending', paidAt: null });
    const paid = await app.orders.markPaid(pending.id);
    expect(paid).toMatchObject({ id: pending.id, paymentStatus: 'paid' });
    const other = await app.orders.create({
      customerEmail: 'b@example.com',
      lines: [{ productId: kettle.id, quantity: 1 }],
      paymentStatus: 'pending',
    });
    expect((await owner.orders.markPaid(storeId, other.id)).paymentStatus).toBe('paid');
    await owner.orders
      .cancel(
        storeId,
        (
          await app.orders.create({
            customerEmail: 'c@example.com',
            lines: [{ productId: kettle.id, quantity: 1 }],
            paymentStatus: 'pending',
          })
        ).id,
      )
      .then(async (cancelled) => {
        const conflict = await owner.orders.markPaid(storeId, cancelled.id).catch((e: unknown) => e);
        expect([(conflict as ApiError).status, (conflict as ApiError).code]).toEqual([
          409,
          'order_status_conflict',
        ]);
      });
  });
});
