import { StorefrontClient } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * Validation answers name every bad field at once — one attempt shows all there is to fix — and a missing
 * field once, as `required`, not as every rule its absence breaks.
 */
describe('validation reports every error at once', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let storeId: string;
  let appToken: string;

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    owner = await sf.account('validation@example.com');
    storeId = await sf.store(owner, 'Validated');
    appToken = await sf.appToken(await sf.app(owner, storeId));
  });
  afterAll(() => t?.close());

  const fields = (errors: { field: string; message: string }[]) => errors.map((e) => e.field);

  it('GraphQL productCreate with a bad price, currency and stock names all three (BAD_USER_INPUT)', async () => {
    const res = await sf.gql(
      appToken,
      'mutation($input: ProductCreateInput!) { productCreate(input: $input) { id } }',
      { input: { handle: 'tea', title: 'Tea', price: 'abc', currencyCode: 'usd', inventory: -1 } },
    );
    expect(res.body.data).toBeNull();
    const [error] = res.body.errors;
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(fields(error.extensions.fields)).toEqual(['price', 'currencyCode', 'inventory']);
    expect(error.message).toContain('price must be a non-negative decimal number');
    expect(error.message).toContain('currencyCode must be an ISO 4217 code');
    expect(error.message).toContain('inventory must not be less than 0');
  });

  it('the same fields on the owner’s REST route: 400 with every field, and a missing one says "required" once', async () => {
    const bad = await t.post(
      `/v1/user/stores/${storeId}/products`,
      { handle: 'Bad Handle', title: '', price: '1,50', currencyCode: 'EURO', inventory: 1.5 },
      { token: owner },
    );
    expect(bad.status).toBe(400);
    expect([...new Set(fields(bad.body.errors))]).toEqual([
      'handle',
      'title',
      'price',
      'currencyCode',
      'inventory',
    ]);

    const missing = await t.post(
      `/v1/user/stores/${storeId}/products`,
      { handle: 'tea', title: 'Tea', price: '1.50', currencyCode: 'EUR' },
      { token: owner },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'inventory', message: 'inventory is required' }]);

    // (v1.4) currencyCode may be left out (the store's currency), so it is not among the required.
    const empty = await t.post(`/v1/user/stores/${storeId}/products`, {}, { token: owner });
    expect(empty.body.errors).toEqual(
      ['handle', 'title', 'price', 'inventory'].map((field) => ({
        field,
        message: `${field} is required`,
      })),
    );
  });

  it('a stage of onboarding missing its fields names each once', async () => {
    const res = await t.post(`/v1/user/stores/${storeId}/onboarding/stage2`, {}, { token: owner });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      // (v1.4) Each image is given as a URL or as an uploaded media: the message names both ways.
      ['faviconUrl', 'logoBlackWhiteUrl', 'logoColorUrl'].map((field) => ({
        field,
        message: `${field} or ${field.replace(/Url$/, 'MediaId')} is required`,
      })),
    );
  });
});
