import {
  addMember,
  createStore,
  image,
  postUploadForm,
  STAGE2,
  STAGE3,
  StorefrontClient,
  uploadMedia,
} from '@app/testing';
import { registeredRoutes } from '@app/testing/registered-routes';
import { TestApp } from '@app/testing/test-app';

/**
 * The role matrix, route by route (contract §14): every route under /v1/user/stores, called by the owner,
 * an admin, a developer, a staff member and an account that is not a member, with the status each must
 * get. One table; a route the application registers under /v1/user/stores that the table does not list
 * fails the first test, so a new route cannot be left out. Requests that change or remove something get
 * fresh things to act on for each caller (`request`), so every cell is decided on its own.
 */

const CALLERS = ['owner', 'admin', 'developer', 'staff', 'outsider'] as const;
type Caller = (typeof CALLERS)[number];
/** Expected statuses, in CALLERS order: owner, admin, developer, staff, not a member. */
type Expected = [number, number, number, number, number];

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as the application registers it. */
  route: string;
  expect: Expected;
  /** The outsider's 404 code (default store_not_found). */
  notFound?: string;
  /** The request for one caller: its path (with a query string, if any) and body. */
  request: (caller: Caller) => Promise<{ path: string; body?: unknown }>;
}

const READ: Expected = [200, 200, 200, 200, 404];
const EDIT: Expected = [200, 200, 403, 403, 404];

describe('the role matrix: every store route × owner, admin, developer, staff, not a member', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  const token = {} as Record<Caller, string>;
  const accountId = {} as Record<Caller, string>;
  let store: string;
  let product: string;
  let order: string;
  let appToken: string;
  let publicToken: string;
  let endpoint: string;
  let delivery: string;
  let app: string;
  let media: string;
  let fresh = 0;
  /** A product image's staged upload body (size 0: the bytes' own length, for uploadMedia). */
  const imageUpload = (size: number) => ({
    purpose: 'product_image',
    filename: 'matrix.png',
    contentType: 'image/png',
    ...(size ? { size } : {}),
  });
  const unique = (prefix: string) => `${prefix}-${++fresh}`;
  const as = (caller: Caller) => ({ token: token[caller] });
  const base = () => `/v1/user/stores/${store}`;
  const ok = async (res: Promise<{ status: number; body: any; text: string }>, status: number) => {
    const r = await res;
    if (r.status !== status) throw new Error(`setup: expected ${status}, got ${r.status} ${r.text}`);
    return r.body;
  };
  /** (v1.4) A new image of the shared product, added by the owner: its path. */
  const freshImage = async () => {
    const added = await ok(
      t.post(`${base()}/products/${product}/images`, { mediaId: media }, as('owner')),
      201,
    );
    return `${base()}/products/${product}/images/${added.images[added.images.length - 1].id}`;
  };

  /** (v1.4) A new product of the store with a Size option and a variant per size given. */
  const sizedProduct = async (sizes = ['S']) =>
    ok(
      t.post(
        `${base()}/products`,
        {
          handle: unique('sized'),
          title: 'Sized',
          options: [{ name: 'Size', values: ['S', 'M'] }],
          variants: sizes.map((value) => ({
            selectedOptions: [{ name: 'Size', value }],
            price: '1.00',
            inventory: 1,
          })),
        },
        as('owner'),
      ),
      201,
    );

  /** A store of the owner with the admin, the developer and the staff member in it, by invitation. */
  const teamStore = async () => {
    const id = await createStore(t, token.owner, unique('Team store'));
    const roles = [
      ['admin', 'admin'],
      ['developer', 'developer'],
      ['staff', 'staff'],
    ] as const;
    for (const [caller, role] of roles) {
      await addMember(t, token.owner, id, { token: token[caller], email: `${caller}@matrix.example` }, role);
    }
    return id;
  };

  /** An open order of the store, on a product of its own (so no row runs the stock out). */
  const freshOrder = async (): Promise<string> => {
    const made = await ok(t.post(`${base()}/products`, productBody(unique('ordered')), as('owner')), 201);
    const placed = await sf.data(
      appToken,
      `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`,
      { input: { customerEmail: 'buyer@example.com', lines: [{ productId: made.id, quantity: 1 }] } },
    );
    return placed.orderCreate.id;
  };

  const ROWS: Row[] = [
    // Stores and onboarding. Stage 1 and the caller's list act on no one store: every account may.
    {
      method: 'GET',
      route: '/v1/user/stores/@me',
      expect: [200, 200, 200, 200, 200],
      request: async () => ({ path: '/v1/user/stores/@me' }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/onboarding/stage1',
      expect: [201, 201, 201, 201, 201],
      request: async () => ({
        path: '/v1/user/stores/onboarding/stage1',
        body: { name: unique('Own store') },
      }),
    },
    // Stages before `complete` (after it they are 409): the same store, in order.
    {
      method: 'POST',
      route: '/v1/user/stores/:id/onboarding/stage2',
      expect: EDIT,
      request: async () => ({ path: `${base()}/onboarding/stage2`, body: STAGE2 }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/onboarding/stage3',
      expect: EDIT,
      request: async () => ({
        path: `${base()}/onboarding/stage3`,
        body: STAGE3,
      }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/onboarding/stage4',
      expect: EDIT,
      request: async () => ({ path: `${base()}/onboarding/stage4`, body: { socialLinks: [] } }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/onboarding/complete',
      expect: EDIT,
      request: async () => ({ path: `${base()}/onboarding/complete` }),
    },
    { method: 'GET', route: '/v1/user/stores/:id', expect: READ, request: async () => ({ path: base() }) },
    {
      method: 'PUT',
      route: '/v1/user/stores/:id',
      expect: EDIT,
      request: async () => ({ path: base(), body: { description: unique('Edited') } }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id',
      expect: [204, 403, 403, 403, 404],
      request: async () => ({ path: `/v1/user/stores/${await teamStore()}` }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/events',
      expect: READ,
      request: async () => ({ path: `${base()}/events` }),
    },

    // Members and invitations.
    {
      method: 'GET',
      route: '/v1/user/stores/:id/members',
      expect: READ,
      request: async () => ({ path: `${base()}/members` }),
    },
    {
      method: 'PUT',
      route: '/v1/user/stores/:id/members/:accountId',
      expect: EDIT,
      // The developer keeps its role: the answer is the member, unchanged.
      request: async () => ({
        path: `${base()}/members/${accountId.developer}`,
        body: { role: 'developer' },
      }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/members/:accountId',
      expect: EDIT.map((s) => (s === 200 ? 204 : s)) as Expected,
      request: async () => {
        const email = `${unique('leaver')}@matrix.example`;
        const member = { email, token: (await t.signIn(email)).access_token };
        await addMember(t, token.owner, store, member, 'staff');
        const me = await ok(t.get('/v1/auth/me', { token: member.token }), 200);
        return { path: `${base()}/members/${me.id}` };
      },
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/transfer',
      expect: [200, 403, 403, 403, 404],
      request: async () => ({
        path: `/v1/user/stores/${await teamStore()}/transfer`,
        body: { accountId: accountId.admin },
      }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/invitations',
      expect: [201, 201, 403, 403, 404],
      request: async () => ({
        path: `${base()}/invitations`,
        body: { email: `${unique('invitee')}@matrix.example`, role: 'staff' },
      }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/invitations',
      expect: EDIT,
      request: async () => ({ path: `${base()}/invitations` }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/invitations/:invitationId',
      expect: [204, 204, 403, 403, 404],
      request: async () => {
        const email = `${unique('revoked')}@matrix.example`;
        const invitation = await ok(
          t.post(`${base()}/invitations`, { email, role: 'staff' }, as('owner')),
          201,
        );
        return { path: `${base()}/invitations/${invitation.id}` };
      },
    },

    // The catalogue and orders: every member reads them; owner, admin and staff change products.
    {
      method: 'GET',
      route: '/v1/user/stores/:id/products',
      expect: READ,
      request: async () => ({ path: `${base()}/products` }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/products',
      expect: [201, 201, 403, 201, 404],
      request: async () => ({ path: `${base()}/products`, body: productBody(unique('made')) }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/products/:productId',
      expect: READ,
      request: async () => ({ path: `${base()}/products/${product}` }),
    },
    {
      method: 'PUT',
      route: '/v1/user/stores/:id/products/:productId',
      expect: [200, 200, 403, 200, 404],
      request: async () => ({ path: `${base()}/products/${product}`, body: { title: unique('Retitled') } }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/products/:productId',
      expect: [204, 204, 403, 204, 404],
      request: async () => {
        const made = await ok(t.post(`${base()}/products`, productBody(unique('doomed')), as('owner')), 201);
        return { path: `${base()}/products/${made.id}` };
      },
    },
    // (v1.4) Product images: as the product's other writes, `commerce`.
    {
      method: 'POST',
      route: '/v1/user/stores/:id/products/:productId/images',
      expect: [201, 201, 403, 201, 404],
      request: async () => ({ path: `${base()}/products/${product}/images`, body: { mediaId: media } }),
    },
    {
      method: 'PUT',
      route: '/v1/user/stores/:id/products/:productId/images/:imageId',
      expect: [200, 200, 403, 200, 404],
      request: async () => ({ path: await freshImage(), body: { altText: unique('Alt') } }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/products/:productId/images/:imageId',
      expect: [200, 200, 403, 200, 404],
      request: async () => ({ path: await freshImage() }),
    },
    // (v1.4) Variants: as products, `commerce` changes them (each call on a product of its own).
    {
      method: 'POST',
      route: '/v1/user/stores/:id/products/:productId/variants',
      expect: [201, 201, 403, 201, 404],
      request: async () => {
        const made = await sizedProduct();
        return {
          path: `${base()}/products/${made.id}/variants`,
          body: { selectedOptions: [{ name: 'Size', value: 'M' }], price: '2.00', inventory: 1 },
        };
      },
    },
    {
      method: 'PUT',
      route: '/v1/user/stores/:id/products/:productId/variants/:variantId',
      expect: [200, 200, 403, 200, 404],
      request: async () => {
        const made = await sizedProduct();
        return {
          path: `${base()}/products/${made.id}/variants/${made.variants[0].id}`,
          body: { price: '3.00' },
        };
      },
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/products/:productId/variants/:variantId',
      expect: [200, 200, 403, 200, 404],
      request: async () => {
        const made = await sizedProduct(['S', 'M']);
        return { path: `${base()}/products/${made.id}/variants/${made.variants[1].id}` };
      },
    },
    // (v1.4) Media: uploads of product images need `commerce` (branding also needs `edit`: see the media spec).
    {
      method: 'POST',
      route: '/v1/user/stores/:id/media/uploads',
      expect: [201, 201, 403, 201, 404],
      request: async () => ({ path: `${base()}/media/uploads`, body: imageUpload(10) }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/media/uploads/:uploadId/complete',
      expect: [201, 201, 403, 201, 404],
      request: async () => {
        const bytes = await image(8, 8);
        const staged = await ok(
          t.post(`${base()}/media/uploads`, imageUpload(bytes.length), as('owner')),
          201,
        );
        const posted = await postUploadForm(staged, bytes, 'image/png');
        if (posted.status !== 204) throw new Error(`setup: form post ${posted.status}`);
        return { path: `${base()}/media/uploads/${staged.id}/complete` };
      },
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/media',
      expect: READ,
      request: async () => ({ path: `${base()}/media` }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/media/:mediaId',
      expect: READ,
      request: async () => ({ path: `${base()}/media/${media}` }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/media/:mediaId',
      expect: [204, 204, 403, 204, 404],
      request: async () => {
        const made = await uploadMedia(t, token.owner, store, await image(8, 8), imageUpload(0));
        return { path: `${base()}/media/${made.body.id}` };
      },
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/orders',
      expect: READ,
      request: async () => ({ path: `${base()}/orders` }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/orders/:orderId',
      expect: READ,
      request: async () => ({ path: `${base()}/orders/${order}` }),
    },
    // (v1.3, §15) Moving an order is `commerce`: owner, admin and staff; each caller gets an open order.
    {
      method: 'POST',
      route: '/v1/user/stores/:id/orders/:orderId/fulfil',
      expect: [200, 200, 403, 200, 404],
      request: async () => ({ path: `${base()}/orders/${await freshOrder()}/fulfil` }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/orders/:orderId/cancel',
      expect: [200, 200, 403, 200, 404],
      request: async () => ({
        path: `${base()}/orders/${await freshOrder()}/cancel`,
        body: { reason: 'Asked by the buyer' },
      }),
    },
    // (v1.4, §18) Marking an order paid is `commerce` too (a paid order answers 200, unchanged).
    {
      method: 'POST',
      route: '/v1/user/stores/:id/orders/:orderId/mark-paid',
      expect: [200, 200, 403, 200, 404],
      request: async () => ({ path: `${base()}/orders/${await freshOrder()}/mark-paid` }),
    },

    // Integrations — apps, public tokens, webhooks — listing included: owner, admin and developer.
    {
      method: 'POST',
      route: '/v1/user/stores/:id/public-tokens',
      expect: [201, 201, 201, 403, 404],
      request: async () => ({ path: `${base()}/public-tokens`, body: { name: unique('Web') } }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/public-tokens',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({ path: `${base()}/public-tokens` }),
    },
    {
      method: 'PUT',
      route: '/v1/user/stores/:id/public-tokens/:tokenId',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({
        path: `${base()}/public-tokens/${publicToken}`,
        body: { name: unique('Renamed'), allowedOrigins: ['https://shop.example'] },
      }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/public-tokens/:tokenId/rotate',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({ path: `${base()}/public-tokens/${publicToken}/rotate` }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/public-tokens/:tokenId',
      expect: [204, 204, 204, 403, 404],
      request: async () => {
        const made = await ok(t.post(`${base()}/public-tokens`, { name: unique('Gone') }, as('owner')), 201);
        return { path: `${base()}/public-tokens/${made.id}` };
      },
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/webhooks',
      expect: [201, 201, 201, 403, 404],
      request: async () => ({
        path: `${base()}/webhooks`,
        body: { url: `http://127.0.0.1:9/${unique('hook')}`, events: ['*'] },
      }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/webhooks',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({ path: `${base()}/webhooks` }),
    },
    {
      method: 'PUT',
      route: '/v1/user/stores/:id/webhooks/:webhookId',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({
        path: `${base()}/webhooks/${endpoint}`,
        body: { description: unique('Described') },
      }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/webhooks/:webhookId',
      expect: [204, 204, 204, 403, 404],
      request: async () => {
        const made = await ok(
          t.post(
            `${base()}/webhooks`,
            { url: `http://127.0.0.1:9/${unique('gone')}`, events: ['*'] },
            as('owner'),
          ),
          201,
        );
        return { path: `${base()}/webhooks/${made.id}` };
      },
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/installations',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({ path: `${base()}/installations` }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/:id/installations/:installationId',
      expect: [204, 204, 204, 403, 404],
      request: async () => {
        // A fresh installed app for each caller: the owner registers it and installs it by consenting.
        const registered = await ok(
          t.post(
            '/v1/user/apps',
            { name: unique('Installed'), redirectUris: ['https://app.example/cb'], scopes: ['store:read'] },
            as('owner'),
          ),
          201,
        );
        await ok(
          t.post(
            '/v1/user/oauth/consent',
            {
              clientId: registered.clientId,
              redirectUri: 'https://app.example/cb',
              scope: 'store:read',
              state: 'matrix',
              codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
              codeChallengeMethod: 'S256',
              storeId: store,
              decision: 'allow',
            },
            as('owner'),
          ),
          200,
        );
        const installed = await ok(t.get(`${base()}/installations`, as('owner')), 200);
        const mine = installed.find((i: { appId: string }) => i.appId === registered.id);
        return { path: `${base()}/installations/${mine.id}` };
      },
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/webhooks/:webhookId/rotate-secret',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({ path: `${base()}/webhooks/${endpoint}/rotate-secret` }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/webhooks/:webhookId/test',
      expect: [202, 202, 202, 403, 404],
      request: async () => ({ path: `${base()}/webhooks/${endpoint}/test` }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/:id/webhooks/:webhookId/deliveries',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({ path: `${base()}/webhooks/${endpoint}/deliveries` }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/:id/webhooks/:webhookId/deliveries/:deliveryId/retry',
      expect: [202, 202, 202, 403, 404],
      request: async () => ({ path: `${base()}/webhooks/${endpoint}/deliveries/${delivery}/retry` }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/oauth/apps',
      expect: [201, 201, 201, 403, 404],
      request: async () => ({
        path: '/v1/user/stores/oauth/apps',
        body: { storeId: store, name: unique('App') },
      }),
    },
    {
      method: 'GET',
      route: '/v1/user/stores/oauth/apps',
      expect: [200, 200, 200, 403, 404],
      request: async () => ({ path: `/v1/user/stores/oauth/apps?storeId=${store}` }),
    },
    {
      method: 'POST',
      route: '/v1/user/stores/oauth/apps/:appId/rotate-secret',
      expect: [200, 200, 200, 403, 404],
      notFound: 'app_not_found',
      request: async () => ({ path: `/v1/user/stores/oauth/apps/${app}/rotate-secret` }),
    },
    {
      method: 'DELETE',
      route: '/v1/user/stores/oauth/apps/:appId',
      expect: [204, 204, 204, 403, 404],
      notFound: 'app_not_found',
      request: async () => {
        const made = await ok(
          t.post('/v1/user/stores/oauth/apps', { storeId: store, name: unique('Gone') }, as('owner')),
          201,
        );
        return { path: `/v1/user/stores/oauth/apps/${made.id}` };
      },
    },
  ];

  beforeAll(async () => {
    t = await TestApp.start({ env: { WEBHOOK_ALLOW_LOCAL: 'true' } });
    sf = new StorefrontClient(t);
    for (const caller of CALLERS) {
      token[caller] = (await t.signIn(`${caller}@matrix.example`)).access_token;
      accountId[caller] = (await ok(t.get('/v1/auth/me', as(caller)), 200)).id;
    }
    // The outsider has a store of its own: being a member somewhere else opens nothing here.
    await createStore(t, token.outsider, 'Elsewhere');
    store = await teamStore();
    product = (await ok(t.post(`${base()}/products`, productBody('shared'), as('owner')), 201)).id;
    media = (await ok(uploadMedia(t, token.owner, store, await image(8, 8), imageUpload(0)), 201)).id;
    publicToken = (await ok(t.post(`${base()}/public-tokens`, { name: 'Shared' }, as('owner')), 201)).id;
    endpoint = (
      await ok(
        t.post(`${base()}/webhooks`, { url: 'http://127.0.0.1:9/shared', events: ['*'] }, as('owner')),
        201,
      )
    ).id;
    delivery = (await ok(t.post(`${base()}/webhooks/${endpoint}/test`, undefined, as('owner')), 202))
      .deliveryId;
    const created = await ok(
      t.post('/v1/user/stores/oauth/apps', { storeId: store, name: 'Shared' }, as('owner')),
      201,
    );
    app = created.id;
    appToken = await sf.appToken(created);
    const placed = await sf.data(
      appToken,
      `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`,
      { input: { customerEmail: 'buyer@example.com', lines: [{ productId: product, quantity: 1 }] } },
    );
    order = placed.orderCreate.id;
  });
  afterAll(() => t?.close());

  it('lists every route the application registers under /v1/user/stores, and only those', () => {
    const registered = registeredRoutes(t.app)
      .filter((r) => r.path.startsWith('/v1/user/stores'))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(ROWS.map((r) => `${r.method} ${r.route}`).sort()).toEqual(registered);
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', async (_name, row) => {
    const seen: (number | string)[][] = [];
    const wanted: (number | string)[][] = [];
    for (const [i, caller] of CALLERS.entries()) {
      const { path, body } = await row.request(caller);
      const res = await t.request(row.method, path, { token: token[caller], body });
      const code = res.status >= 400 ? (res.body?.code as string) : '';
      seen.push([caller, res.status, code]);
      const status = row.expect[i];
      wanted.push([
        caller,
        status,
        status === 403 ? 'insufficient_role' : status === 404 ? (row.notFound ?? 'store_not_found') : '',
      ]);
    }
    expect(seen).toEqual(wanted);
  });
});

function productBody(handle: string) {
  return { handle, title: `Product ${handle}`, price: '9.50', currencyCode: 'INR', inventory: 10 };
}
