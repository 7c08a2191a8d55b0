import { TestApp, TestResponse } from '@app/testing/test-app';
import jwt from 'jsonwebtoken';
import { GRAPHQL, gqlError, StorefrontClient } from '@app/testing';

// Storefront GraphQL: who may call it (HTTP-level 401/403 in GraphQL form), what each scope
// and token kind may do, revocation on the very next request, CORS, batching and CSRF.

const ORIGIN = 'https://shop.example';

function expectHttpRefusal(res: TestResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  // Exactly the contract's shape: no data, one error with a message and a code.
  expect(Object.keys(res.body)).toEqual(['errors']);
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0]).toEqual({ message: expect.any(String), extensions: { code } });
}

describe('storefront GraphQL — access', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let storeId: string;
  let appToken: string;
  let publicToken: string;
  let productId: string;

  beforeAll(async () => {
    t = await TestApp.start({ env: { CORS_ORIGINS: ORIGIN } });
    sf = new StorefrontClient(t);
    owner = await sf.account('owner@example.com');
    storeId = await sf.store(owner, 'Access Shop');
    appToken = await sf.appTokenFor(owner, storeId);
    publicToken = (await sf.publicToken(owner, storeId)).token;
    productId = (
      await sf.createProduct(appToken, {
        handle: 'mug',
        title: 'Mug',
        price: '12.00',
        currencyCode: 'EUR',
        inventory: 3,
      })
    ).id;
  });
  afterAll(() => t.close());

  describe('authentication at the HTTP level', () => {
    it('answers 401 UNAUTHENTICATED without a token, in GraphQL form', async () => {
      const res = await sf.gql(undefined, '{ store { id } }');
      expectHttpRefusal(res, 401, 'UNAUTHENTICATED');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    });

    it('answers 401 for malformed, forged, expired and unknown tokens', async () => {
      const forged = jwt.sign({ typ: 'app', store_id: storeId, scope: 'store:read' }, 'x'.repeat(32), {
        algorithm: 'HS256',
        subject: '00000000-0000-4000-8000-000000000000',
        issuer: t.config.publicUrl,
        expiresIn: 60,
        jwtid: '00000000-0000-4000-8000-000000000001',
      });
      const expired = jwt.sign({ typ: 'app', store_id: storeId, scope: 'store:read' }, t.config.jwtSecret, {
        algorithm: 'HS256',
        subject: '00000000-0000-4000-8000-000000000000',
        issuer: t.config.publicUrl,
        expiresIn: -10,
        jwtid: '00000000-0000-4000-8000-000000000002',
      });
      for (const token of ['garbage', forged, expired, 'sfp_' + 'A'.repeat(43), appToken.slice(0, -2)]) {
        const res = await sf.gql(token, '{ store { id } }');
        expectHttpRefusal(res, 401, 'UNAUTHENTICATED');
        expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      }
      const notBearer = await t.post(
        GRAPHQL,
        { query: '{ store { id } }' },
        { headers: { authorization: `Basic ${appToken}` } },
      );
      expectHttpRefusal(notBearer, 401, 'UNAUTHENTICATED');
    });

    it('refuses a token in the query string even alongside a header', async () => {
      const res = await t.post(
        `${GRAPHQL}?access_token=${appToken}`,
        { query: '{ store { id } }' },
        { token: appToken },
      );
      expectHttpRefusal(res, 401, 'UNAUTHENTICATED');
    });

    it('answers 403 FORBIDDEN to an account token', async () => {
      expectHttpRefusal(await sf.gql(owner, '{ store { id } }'), 403, 'FORBIDDEN');
      expectHttpRefusal(await sf.gql(owner, 'mutation { productDelete(id: "x") }'), 403, 'FORBIDDEN');
    });

    it('runs nothing for a refused request', async () => {
      const res = await sf.gql(undefined, `mutation { productDelete(id: "${productId}") }`);
      expect(res.status).toBe(401);
      expect((await sf.data(appToken, `{ product(id: "${productId}") { id } }`)).product).toEqual({
        id: productId,
      });
    });
  });

  describe('token kinds and scopes', () => {
    const READS: Record<string, string> = {
      store: '{ store { id name } }',
      products: '{ products { edges { node { id } } } }',
      product: `{ product(handle: "mug") { id } }`,
      orders: '{ orders { edges { node { id } } } }',
      order: '{ order(id: "00000000-0000-4000-8000-000000000000") { id } }',
    };
    const WRITES: Record<string, string> = {
      productCreate:
        'mutation { productCreate(input: { handle: "x", title: "X", price: "1.00", currencyCode: "EUR", inventory: 1 }) { id } }',
      productUpdate: `mutation { productUpdate(id: "PID", input: { title: "Changed" }) { id } }`,
      productDelete: `mutation { productDelete(id: "PID") }`,
      orderCreate: `mutation { orderCreate(input: { customerEmail: "c@example.com", lines: [{ productId: "PID", quantity: 1 }] }) { id } }`,
    };
    const outcome = async (token: string, query: string) => {
      const res = await sf.gql(token, query.replace('PID', productId));
      expect(res.status).toBe(200);
      return res.body.errors ? res.body.errors[0].extensions.code : 'ok';
    };

    it('lets a public token read the store and its products, nothing else', async () => {
      expect(await outcome(publicToken, READS.store)).toBe('ok');
      expect(await outcome(publicToken, READS.products)).toBe('ok');
      expect(await outcome(publicToken, READS.product)).toBe('ok');
      expect(
        await outcome(
          publicToken,
          '{ store { products(first: 5) { edges { node { handle store { name } } } } } }',
        ),
      ).toBe('ok');
      expect(await outcome(publicToken, READS.orders)).toBe('FORBIDDEN');
      expect(await outcome(publicToken, READS.order)).toBe('FORBIDDEN');
      for (const mutation of Object.values(WRITES))
        expect(await outcome(publicToken, mutation)).toBe('FORBIDDEN');
      // nothing was written
      const product = (await sf.data(appToken, `{ product(id: "${productId}") { title inventory } }`))
        .product;
      expect(product).toEqual({ title: 'Mug', inventory: 3 });
    });

    it('holds a public token to its own scopes', async () => {
      const storeOnly = (await sf.publicToken(owner, storeId, ['store:read'])).token;
      expect(await outcome(storeOnly, READS.store)).toBe('ok');
      expect(await outcome(storeOnly, READS.products)).toBe('FORBIDDEN');
      expect(await outcome(storeOnly, '{ store { products { edges { cursor } } } }')).toBe('FORBIDDEN');
      const productsOnly = (await sf.publicToken(owner, storeId, ['products:read'])).token;
      expect(await outcome(productsOnly, READS.products)).toBe('ok');
      expect(await outcome(productsOnly, READS.store)).toBe('FORBIDDEN');
      expect(await outcome(productsOnly, '{ product(handle: "mug") { store { id } } }')).toBe('FORBIDDEN');
    });

    it('gives an app exactly what each scope allows', async () => {
      const expected: Record<string, Record<string, string>> = {
        'store:read': {
          store: 'ok',
          products: 'FORBIDDEN',
          product: 'FORBIDDEN',
          orders: 'FORBIDDEN',
          order: 'FORBIDDEN',
        },
        'products:read': {
          store: 'FORBIDDEN',
          products: 'ok',
          product: 'ok',
          orders: 'FORBIDDEN',
          order: 'FORBIDDEN',
        },
        'orders:read': {
          store: 'FORBIDDEN',
          products: 'FORBIDDEN',
          product: 'FORBIDDEN',
          orders: 'ok',
          order: 'ok',
        },
      };
      for (const [scope, reads] of Object.entries(expected)) {
        const token = await sf.appTokenFor(owner, storeId, [scope]);
        for (const [name, query] of Object.entries(reads)) {
          expect({ scope, name, outcome: await outcome(token, READS[name]) }).toEqual({
            scope,
            name,
            outcome: query,
          });
        }
        for (const mutation of Object.keys(WRITES)) {
          expect({ scope, mutation, outcome: await outcome(token, WRITES[mutation]) }).toEqual({
            scope,
            mutation,
            outcome: 'FORBIDDEN',
          });
        }
      }
      const writer = await sf.appTokenFor(owner, storeId, ['products:write']);
      expect(await outcome(writer, READS.products)).toBe('FORBIDDEN');
      expect(await outcome(writer, WRITES.productUpdate)).toBe('ok');
      expect(await outcome(writer, WRITES.orderCreate)).toBe('FORBIDDEN');
      const orderer = await sf.appTokenFor(owner, storeId, ['orders:write']);
      expect(await outcome(orderer, WRITES.orderCreate)).toBe('ok');
      expect(await outcome(orderer, READS.orders)).toBe('FORBIDDEN');
      expect(await outcome(orderer, WRITES.productCreate)).toBe('FORBIDDEN');
      // an order line's product is product data: it needs products:read
      const lineProduct = WRITES.orderCreate.replace('{ id }', '{ id lines { product { id } } }');
      expect(await outcome(orderer, lineProduct)).toBe('FORBIDDEN');
    });

    it('honours a token narrowed at the token endpoint', async () => {
      const app = await sf.app(owner, storeId);
      const narrowed = await sf.appToken(app, 'products:read');
      expect(await outcome(narrowed, READS.products)).toBe('ok');
      expect(await outcome(narrowed, READS.store)).toBe('FORBIDDEN');
      expect(await outcome(narrowed, WRITES.productCreate)).toBe('FORBIDDEN');
    });

    it('reports a FORBIDDEN field with its path (a non-null root field nulls data)', async () => {
      const token = await sf.appTokenFor(owner, storeId, ['products:read']);
      const res = await sf.gql(token, '{ products { edges { node { id } } } store { id } }');
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull(); // store is non-null: its error nulls the whole data
      expect(gqlError(res).code).toBe('FORBIDDEN');
      expect(res.body.errors[0].path).toEqual(['store']);
    });
  });

  describe('scopes declared on the fields, checked by the guard', () => {
    it('refuses a resolved field for each parent with its own words and path', async () => {
      const productsOnly = (await sf.publicToken(owner, storeId, ['products:read'])).token;
      const res = await sf.gql(productsOnly, '{ product(handle: "mug") { id store { id } } }');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ product: null }); // Product.store is non-null: its product is nulled
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0]).toEqual({
        message: 'This token lacks the store:read scope.',
        locations: [{ line: 1, column: 31 }],
        path: ['product', 'store'],
        extensions: { code: 'FORBIDDEN' },
      });
    });

    it('tells a public token why it may not write, in the words of its kind', async () => {
      const res = await sf.gql(publicToken, 'mutation { productDelete(id: "x") }');
      expect(gqlError(res)).toMatchObject({ code: 'FORBIDDEN' });
      expect(res.body.errors[0].message).toBe('Public tokens cannot change the catalogue; use an app token.');
      const orders = await sf.gql(publicToken, '{ orders { edges { cursor } } }');
      expect(orders.body.errors[0].message).toBe(
        'Public tokens cannot read or place orders; use an app token.',
      );
    });

    it('checks the scope before the input: invalid input without the scope is FORBIDDEN, with it BAD_USER_INPUT', async () => {
      const bad =
        'mutation { productCreate(input: { handle: "Not A Handle", title: "", price: "-1", inventory: -1 }) { id } }';
      const reader = await sf.appTokenFor(owner, storeId, ['products:read']);
      expect(gqlError(await sf.gql(reader, bad)).code).toBe('FORBIDDEN');
      expect(gqlError(await sf.gql(publicToken, bad)).code).toBe('FORBIDDEN');
      const writer = await sf.appTokenFor(owner, storeId, ['products:write']);
      expect(gqlError(await sf.gql(writer, bad)).code).toBe('BAD_USER_INPUT');
    });

    it('describes each field with the scope it checks', async () => {
      const res = await sf.gql(
        publicToken,
        '{ __schema { queryType { fields { name description } } mutationType { fields { name description } } } }',
      );
      const fields = [
        ...res.body.data.__schema.queryType.fields,
        ...res.body.data.__schema.mutationType.fields,
      ];
      // Every root field names its scope, exactly once (derived from the declaration, never typed twice).
      for (const { name, description } of fields as { name: string; description: string }[]) {
        expect({ name, scopes: description.match(/Scope: /g)?.length }).toEqual({ name, scopes: 1 });
      }
    });
  });

  describe('revocation is a read on every request', () => {
    it('refuses a revoked app token on the very next request', async () => {
      const app = await sf.app(owner, storeId);
      const token = await sf.appToken(app);
      expect((await sf.gql(token, '{ store { id } }')).status).toBe(200);
      const revoked = await t.post('/v1/auth/oauth/revoke', {
        token,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      });
      expect(revoked.status).toBe(200);
      expectHttpRefusal(await sf.gql(token, '{ store { id } }'), 401, 'UNAUTHENTICATED');
    });

    it('refuses the tokens of a rotated secret and of a deleted app on the very next request', async () => {
      const app = await sf.app(owner, storeId);
      const token = await sf.appToken(app);
      expect((await sf.gql(token, '{ store { id } }')).status).toBe(200);
      const rotated = await t.post(`/v1/user/stores/oauth/apps/${app.id}/rotate-secret`, undefined, {
        token: owner,
      });
      expect(rotated.status).toBe(200);
      expectHttpRefusal(await sf.gql(token, '{ store { id } }'), 401, 'UNAUTHENTICATED');
      const fresh = await sf.appToken({ clientId: app.clientId, clientSecret: rotated.body.clientSecret });
      expect((await sf.gql(fresh, '{ store { id } }')).status).toBe(200);
      expect((await t.delete(`/v1/user/stores/oauth/apps/${app.id}`, { token: owner })).status).toBe(204);
      expectHttpRefusal(await sf.gql(fresh, '{ store { id } }'), 401, 'UNAUTHENTICATED');
    });

    it('refuses a rotated or deleted public token on the very next request', async () => {
      const issued = await sf.publicToken(owner, storeId);
      expect((await sf.gql(issued.token, '{ store { id } }')).status).toBe(200);
      const rotated = await t.post(
        `/v1/user/stores/${storeId}/public-tokens/${issued.id}/rotate`,
        undefined,
        { token: owner },
      );
      expect(rotated.status).toBe(200);
      expectHttpRefusal(await sf.gql(issued.token, '{ store { id } }'), 401, 'UNAUTHENTICATED');
      expect((await sf.gql(rotated.body.token, '{ store { id } }')).status).toBe(200);
      expect(
        (await t.delete(`/v1/user/stores/${storeId}/public-tokens/${issued.id}`, { token: owner })).status,
      ).toBe(204);
      expectHttpRefusal(await sf.gql(rotated.body.token, '{ store { id } }'), 401, 'UNAUTHENTICATED');
    });

    it('refuses every token of a deleted store, and its catalogue is gone', async () => {
      const doomed = await sf.store(owner, 'Doomed Shop');
      const app = await sf.appTokenFor(owner, doomed);
      const pub = (await sf.publicToken(owner, doomed)).token;
      await sf.createProduct(app, {
        handle: 'gone',
        title: 'Gone',
        price: '1.00',
        currencyCode: 'USD',
        inventory: 1,
      });
      expect(
        (await sf.gql(pub, '{ products { edges { node { id } } } }')).body.data.products.edges,
      ).toHaveLength(1);
      expect((await t.delete(`/v1/user/stores/${doomed}`, { token: owner })).status).toBe(204);
      expectHttpRefusal(await sf.gql(app, '{ store { id } }'), 401, 'UNAUTHENTICATED');
      expectHttpRefusal(await sf.gql(pub, '{ products { edges { node { id } } } }'), 401, 'UNAUTHENTICATED');
      const rows = await t.app
        .get(require('typeorm').DataSource)
        .query('SELECT count(*)::int AS n FROM products WHERE store_id = $1', [doomed]);
      expect(rows[0].n).toBe(0);
    });
  });

  describe('HTTP transport', () => {
    it('answers a CORS preflight from an allowed origin with Authorization allowed', async () => {
      const res = await t.request('OPTIONS', GRAPHQL, {
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    });

    it('sends CORS headers on answers and refusals to an allowed origin, none to others', async () => {
      const ok = await sf.gql(publicToken, '{ store { name } }', undefined, { headers: { origin: ORIGIN } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const refused = await sf.gql(undefined, '{ store { name } }', undefined, {
        headers: { origin: ORIGIN },
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(refused.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
      const foreign = await sf.gql(publicToken, '{ store { name } }', undefined, {
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('serves queries over GET (the bearer header is the CSRF protection) but never mutations', async () => {
      const q = encodeURIComponent('{ store { name } }');
      // The Authorization header cannot be sent cross-site without a CORS preflight, so it counts as one.
      const plain = await t.get(`${GRAPHQL}?query=${q}`, { token: publicToken });
      expect(plain.status).toBe(200);
      expect(plain.body.data.store.name).toBe('Access Shop');
      const withVariables = await t.get(
        `${GRAPHQL}?query=${encodeURIComponent('query($f: Int) { products(first: $f) { edges { cursor } } }')}` +
          `&variables=${encodeURIComponent('{"f":1}')}`,
        { token: publicToken },
      );
      expect(withVariables.status).toBe(200);
      expect(withVariables.body.data.products.edges).toHaveLength(1);
      // Without the header there is no caller at all: 401 before GraphQL.
      const anonymous = await t.get(`${GRAPHQL}?query=${q}`);
      expect(anonymous.status).toBe(401);
      const get = await t.get(`${GRAPHQL}?query=${q}`, {
        token: publicToken,
        headers: { 'apollo-require-preflight': 'true' },
      });
      expect(get.status).toBe(200);
      expect(get.body.data.store.name).toBe('Access Shop');
      const m = encodeURIComponent(`mutation { productDelete(id: "${productId}") }`);
      const mutation = await t.get(`${GRAPHQL}?query=${m}`, {
        token: appToken,
        headers: { 'apollo-require-preflight': 'true' },
      });
      expect(mutation.status).toBe(405);
      expect((await sf.data(appToken, `{ product(id: "${productId}") { id } }`)).product).not.toBeNull();
    });

    it('refuses batched (array) requests', async () => {
      const res = await t.post(GRAPHQL, [{ query: '{ store { id } }' }, { query: '{ store { name } }' }], {
        token: appToken,
      });
      expect(res.status).toBe(400);
      expect(res.text).not.toContain(storeId);
    });

    it('answers malformed bodies with 400, never 500', async () => {
      const broken = await t.post(GRAPHQL, undefined, {
        token: appToken,
        rawBody: '{"query": "{ store { id } "',
      });
      expect(broken.status).toBe(400);
      const empty = await t.post(GRAPHQL, undefined, { token: appToken, rawBody: '' });
      expect(empty.status).toBe(400);
      const notAQuery = await t.post(GRAPHQL, { query: 42 }, { token: appToken });
      expect(notAQuery.status).toBe(400);
      const parse = await sf.gql(appToken, '{ store { id ');
      expect(parse.status).toBe(400);
      expect(gqlError(parse).code).toBe('GRAPHQL_PARSE_FAILED');
    });

    it('answers request errors 200 to clients that accept only application/json, 400 otherwise', async () => {
      const cases = [
        { query: '{ store { id ' }, // does not parse
        { query: '{ nope }' }, // does not validate
        { query: 'query($f: Int) { products(first: $f) { edges { cursor } } }', variables: { f: 'x' } }, // coercion
      ];
      for (const body of cases) {
        const legacy = await t.post(GRAPHQL, body, {
          token: appToken,
          headers: { accept: 'application/json' },
        });
        expect(legacy.status).toBe(200);
        expect(legacy.headers.get('content-type')).toMatch(/^application\/json/);
        expect(legacy.body.errors.length).toBeGreaterThan(0);
        expect(legacy.body.data).toBeUndefined();
        const modern = await t.post(GRAPHQL, body, {
          token: appToken,
          headers: { accept: 'application/graphql-response+json' },
        });
        expect(modern.status).toBe(400);
        expect((await t.post(GRAPHQL, body, { token: appToken })).status).toBe(400);
      }
      // Other statuses are not touched: no token is still 401 under application/json.
      const anonymous = await t.post(
        GRAPHQL,
        { query: '{ store { id } }' },
        { headers: { accept: 'application/json' } },
      );
      expect(anonymous.status).toBe(401);
    });

    it('never shows a stack trace', async () => {
      const res = await sf.gql(appToken, '{ product(id: "x", handle: "y") { id } }');
      expect(gqlError(res).code).toBe('BAD_USER_INPUT');
      expect(res.text).not.toMatch(/stacktrace|\.ts:\d+|at \w+ \(/);
    });
  });
});
