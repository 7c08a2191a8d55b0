import { createStore, StorefrontClient } from '@app/testing';
import { TestApp, TestResponse } from '@app/testing/test-app';

/**
 * Names that people read refuse bidi controls and zero-width characters (§1 v1.4), on every door: a store
 * named "Acme\u202Egnp.exe" shows as "Acmeexe.png" in a consent page or an invitation mail's subject. Each
 * is 400 validation_failed naming the field (GraphQL BAD_USER_INPUT), and nothing is stored.
 */
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
const INVISIBLE = [...BIDI, ...ZERO_WIDTH];

function expectRefused(res: TestResponse, field: string): void {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status: 400, code: 'validation_failed' });
  expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
}

describe('names that people read', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let storeId: string;

  beforeAll(async () => {
    t = await TestApp.start({ env: { WEBHOOK_ALLOW_LOCAL: 'true' } });
    sf = new StorefrontClient(t);
    owner = await sf.account('names@example.com');
    storeId = await createStore(t, owner, 'Names');
  });
  afterAll(() => t?.close());

  it('store names: every bidi control and zero-width character is refused at stage 1 and in a PUT', async () => {
    for (const c of INVISIBLE) {
      const name = `Acme${c}gnp.exe`;
      expectRefused(
        await t.post('/v1/user/stores/onboarding/stage1', { name, description: 'x' }, { token: owner }),
        'name',
      );
      expectRefused(await t.put(`/v1/user/stores/${storeId}`, { name }, { token: owner }), 'name');
    }
    expect(
      (await t.get('/v1/user/stores/@me', { token: owner })).body.map((s: { name: string }) => s.name),
    ).toEqual(['Names']);
    // Other Unicode stays welcome: scripts written right to left, emoji with joiners are not names' business…
    expect((await t.put(`/v1/user/stores/${storeId}`, { name: 'متجر الشاي' }, { token: owner })).status).toBe(
      200,
    );
  });

  it('app, installable app, public-token and webhook-endpoint names', async () => {
    const bad = 'Stock\u202Esync';
    expectRefused(
      await t.post('/v1/user/stores/oauth/apps', { storeId, name: bad }, { token: owner }),
      'name',
    );
    const app = {
      name: bad,
      redirectUris: ['https://app.example.test/cb'],
      scopes: ['store:read'],
    };
    expectRefused(await t.post('/v1/user/apps', app, { token: owner }), 'name');
    const made = await t.post('/v1/user/apps', { ...app, name: 'Stock sync' }, { token: owner });
    expect(made.status).toBe(201);
    expectRefused(
      await t.put(`/v1/user/apps/${made.body.id}`, { name: 'Stock\u200Bsync' }, { token: owner }),
      'name',
    );
    expectRefused(
      await t.post(`/v1/user/stores/${storeId}/public-tokens`, { name: 'Web\u2066shop' }, { token: owner }),
      'name',
    );
    const token = await sf.publicToken(owner, storeId);
    const tokenPath = `/v1/user/stores/${storeId}/public-tokens/${token.id}`;
    expectRefused(await t.put(tokenPath, { name: 'W\uFEFFeb' }, { token: owner }), 'name');
    // At either end U+FEFF is white space to the trim every name gets first: it is trimmed away, never stored.
    const trimmed = await t.put(tokenPath, { name: '\uFEFFWeb\uFEFF' }, { token: owner });
    expect([trimmed.status, trimmed.body.name]).toEqual([200, 'Web']);
    const endpoint = { url: 'http://127.0.0.1:9/hook', events: ['*'] };
    expectRefused(
      await t.post(
        `/v1/user/stores/${storeId}/webhooks`,
        { ...endpoint, description: 'ERP\u200F' },
        { token: owner },
      ),
      'description',
    );
    const hook = await t.post(
      `/v1/user/stores/${storeId}/webhooks`,
      { ...endpoint, description: 'ERP' },
      { token: owner },
    );
    expect(hook.status).toBe(201);
    expectRefused(
      await t.put(
        `/v1/user/stores/${storeId}/webhooks/${hook.body.id}`,
        { description: 'E\u2060RP' },
        { token: owner },
      ),
      'description',
    );
  });

  it('product titles over REST (400 naming title) and GraphQL (BAD_USER_INPUT)', async () => {
    const input = {
      handle: 'tea',
      title: 'Green\u202Etea',
      price: '4.00',
      currencyCode: 'EUR',
      inventory: 1,
    };
    expectRefused(await t.post(`/v1/user/stores/${storeId}/products`, input, { token: owner }), 'title');
    const made = await t.post(
      `/v1/user/stores/${storeId}/products`,
      { ...input, title: 'Green tea' },
      { token: owner },
    );
    expect(made.status).toBe(201);
    expectRefused(
      await t.put(
        `/v1/user/stores/${storeId}/products/${made.body.id}`,
        { title: 'Green\u200Dtea' },
        { token: owner },
      ),
      'title',
    );
    const app = await sf.appTokenFor(owner, storeId);
    const created = await sf.gql(
      app,
      `mutation($input: ProductCreateInput!) { productCreate(input: $input) { id } }`,
      {
        input: { ...input, handle: 'tea-2' },
      },
    );
    expect(created.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(created.body.errors)).toContain('title');
    const updated = await sf.gql(
      app,
      `mutation($id: ID!, $input: ProductUpdateInput!) { productUpdate(id: $id, input: $input) { id } }`,
      {
        id: made.body.id,
        input: { title: '\u2067Green' },
      },
    );
    expect(updated.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const titles = (await t.get(`/v1/user/stores/${storeId}/products`, { token: owner })).body;
    expect(JSON.stringify(titles)).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/);
  });
});
