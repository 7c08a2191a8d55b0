import { createStore, installApp, registerApp, StorefrontClient } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

// An installed app is a different caller in every store that installed it (§1, §15): its Idempotency-Key
// space and its storefront write limit are the installation's, never shared with another store's.
// The attack as the review found it: store B's productCreate, sent by the same app with the key it had
// used in store A, was answered with store A's product, and B never got its own.

const CREATE = `mutation($input: ProductCreateInput!) { productCreate(input: $input) { id handle } }`;
const CART_CREATE = `mutation { cartCreate { id } }`;

describe('installed apps: keys and limits per installation', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let storeA: string;
  let storeB: string;
  let ownerA: string;
  let ownerB: string;
  let inA: string;
  let inB: string;

  beforeAll(async () => {
    t = await TestApp.start({ env: { STOREFRONT_WRITE_RATE_LIMIT: '3' } });
    sf = new StorefrontClient(t);
    const developer = (await t.signIn('developer@example.com')).access_token;
    ownerA = (await t.signIn('owner-a@example.com')).access_token;
    ownerB = (await t.signIn('owner-b@example.com')).access_token;
    storeA = await createStore(t, ownerA, 'Store A');
    storeB = await createStore(t, ownerB, 'Store B');
    const scope = 'store:read products:read products:write orders:write';
    const app = await registerApp(t, developer, scope.split(' '));
    inA = (await installApp(t, app, storeA, ownerA, scope)).access_token;
    inB = (await installApp(t, app, storeB, ownerB, scope)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const productsOf = async (storeId: string, owner: string) =>
    (await t.get(`/v1/user/stores/${storeId}/products`, { token: owner })).body;

  it("one Idempotency-Key in two stores runs twice: store B gets its own product, not store A's answer", async () => {
    const headers = { 'idempotency-key': 'sync-2026-11-28-0001' };
    const input = {
      handle: 'green-tea',
      title: 'Green tea',
      price: '4.00',
      currencyCode: 'EUR',
      inventory: 5,
    };
    const first = await sf.gql(inA, CREATE, { input }, { headers });
    expect(first.status).toBe(200);
    expect(first.body.errors).toBeUndefined();
    const second = await sf.gql(inB, CREATE, { input }, { headers });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.errors).toBeUndefined();
    expect(second.body.data.productCreate.id).not.toBe(first.body.data.productCreate.id);
    const inStoreB = await productsOf(storeB, ownerB);
    expect(JSON.stringify(inStoreB)).toContain(second.body.data.productCreate.id);
    // Within one store the key still replays.
    const again = await sf.gql(inB, CREATE, { input }, { headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.productCreate.id).toBe(second.body.data.productCreate.id);
  });

  it("store A's cart writes do not use up store B's write limit (per address and installation)", async () => {
    for (let i = 0; i < 3; i++) {
      const made = await sf.gql(inA, CART_CREATE);
      expect(made.body.errors).toBeUndefined();
    }
    const over = await sf.gql(inA, CART_CREATE);
    expect(over.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const other = await sf.gql(inB, CART_CREATE);
    expect(other.body.errors).toBeUndefined();
    expect(other.body.data.cartCreate.id).toEqual(expect.any(String));
  });
});
