import { TestApp } from '@app/testing/test-app';
import { StorefrontClient } from '@app/testing';

// (v1.4) Money in each currency's own precision: an amount with more decimals than its currency has is
// refused with reason amount_precision (never rounded), answers print exactly the currency's decimals,
// and a store's currencyCode (stage 1 or PUT, USD by default) is what a product created without one takes.

describe('storefront — money in the currency precision, the store currency', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    owner = await sf.account('money@example.com');
  });
  afterAll(() => t.close());

  const stage1 = (body: Record<string, unknown>) =>
    t.post('/v1/user/stores/onboarding/stage1', body, { token: owner });
  const restCreate = (storeId: string, body: Record<string, unknown>) =>
    t.post(`/v1/user/stores/${storeId}/products`, body, { token: owner });
  const gqlCreate = (app: string, input: Record<string, unknown>) =>
    sf.gql(
      app,
      `mutation($i: ProductCreateInput!) { productCreate(input: $i) { id price { amount currencyCode } } }`,
      {
        i: input,
      },
    );

  it('a store is USD unless stage 1 or PUT says otherwise; an unknown code is refused', async () => {
    const plain = await stage1({ name: 'Plain' });
    expect(plain.status).toBe(201);
    expect(plain.body.currencyCode).toBe('USD');
    const yen = await stage1({ name: 'Yen', currencyCode: 'JPY' });
    expect(yen.body.currencyCode).toBe('JPY');
    const bad = await stage1({ name: 'Bad', currencyCode: 'XYZ' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    const put = await t.put(`/v1/user/stores/${plain.body.id}`, { currencyCode: 'BHD' }, { token: owner });
    expect(put.status).toBe(200);
    expect(put.body.currencyCode).toBe('BHD');
    const get = await t.get(`/v1/user/stores/${plain.body.id}`, { token: owner });
    expect(get.body.currencyCode).toBe('BHD');
    const app = await sf.appTokenFor(owner, plain.body.id);
    const store = await sf.data(app, '{ store { currencyCode } }');
    expect(store.store.currencyCode).toBe('BHD');
  });

  it('products created without currencyCode take the store currency; answers print its decimals', async () => {
    const yen = (await stage1({ name: 'Yen shop', currencyCode: 'JPY' })).body.id;
    const app = await sf.appTokenFor(owner, yen);
    const made = await gqlCreate(app, { handle: 'tea', title: 'Tea', price: '500', inventory: 1 });
    expect(made.body.data.productCreate.price).toEqual({ amount: '500', currencyCode: 'JPY' });
    const rest = await restCreate(yen, { handle: 'cup', title: 'Cup', price: '1200', inventory: 1 });
    expect(rest.status).toBe(201);
    expect(rest.body.price).toEqual({ amount: '1200', currencyCode: 'JPY' });
    // A given currencyCode still wins, printed with its own digits.
    const usd = await gqlCreate(app, {
      handle: 'usd',
      title: 'U',
      price: '499',
      currencyCode: 'USD',
      inventory: 1,
    });
    expect(usd.body.data.productCreate.price).toEqual({ amount: '499.00', currencyCode: 'USD' });
    const bhd = await gqlCreate(app, {
      handle: 'bhd',
      title: 'B',
      price: '1.5',
      currencyCode: 'BHD',
      inventory: 1,
    });
    expect(bhd.body.data.productCreate.price).toEqual({ amount: '1.500', currencyCode: 'BHD' });
  });

  it('refuses too many decimals with reason amount_precision (GraphQL and REST), never rounding', async () => {
    const yen = (await stage1({ name: 'Strict yen', currencyCode: 'JPY' })).body.id;
    const app = await sf.appTokenFor(owner, yen);
    for (const [price, currencyCode] of [
      ['500.5', undefined],
      ['500.0', 'JPY'],
      ['4.999', 'USD'],
      ['1.0005', 'BHD'],
    ]) {
      const res = await gqlCreate(app, { handle: 'p', title: 'P', price, currencyCode, inventory: 1 });
      expect(res.body.data).toBeNull();
      expect(res.body.errors[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        reason: 'amount_precision',
      });
      const rest = await restCreate(yen, { handle: 'p', title: 'P', price, currencyCode, inventory: 1 });
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ code: 'validation_failed', reason: 'amount_precision' });
      expect(rest.body.errors).toEqual([expect.objectContaining({ field: 'price' })]);
    }
    const made = await gqlCreate(app, { handle: 'ok', title: 'Ok', price: '7', inventory: 1 });
    const update = await sf.gql(
      app,
      `mutation($id: ID!) { productUpdate(id: $id, input: { price: "7.5" }) { id } }`,
      { id: made.body.data.productCreate.id },
    );
    expect(update.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'amount_precision',
    });
    const products = await sf.data(app, '{ products(first: 10) { edges { node { price { amount } } } } }');
    expect(products.products.edges).toEqual([{ node: { price: { amount: '7' } } }]);
  });
});
