import { TestApp } from '@app/testing/test-app';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gqlError, StorefrontClient } from '@app/testing';

// Storefront GraphQL: depth, alias and cost limits refused before any resolver runs, the
// cost reported in extensions, introspection on, suggestions off — and the committed SDL in sync.

const SCHEMA_FILE = join(__dirname, '..', '..', 'libs', 'storefront', 'schema.gql');
const HEADER =
  '# The Storefront GraphQL schema, printed from the code-first schema the server builds in\n' +
  '# memory. Do not edit: regenerate with `UPDATE_SCHEMA=1 npm test -- test/storefront/limits.e2e-spec.ts`.\n\n';

describe('storefront GraphQL — limits and schema', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let app: string;
  let pub: string;

  const productCount = async () =>
    (await sf.data(app, '{ products(first: 100) { edges { cursor } } }')).products.edges.length;

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    const owner = await sf.account('limits@example.com');
    const storeId = await sf.store(owner, 'Limits Shop');
    app = await sf.appTokenFor(owner, storeId);
    pub = (await sf.publicToken(owner, storeId)).token;
    await sf.createProduct(app, {
      handle: 'one',
      title: 'One',
      price: '1.00',
      currencyCode: 'USD',
      inventory: 1,
    });
  });
  afterAll(() => t.close());

  it('reports the requested cost in extensions, as Shopify prices it', async () => {
    // Shopify's documented example: the connection 2, ten products 1 each, title 0.
    const res = await sf.gql(pub, '{ products(first: 10) { edges { node { title } } } }');
    expect(res.status).toBe(200);
    expect(res.body.data.products.edges).toHaveLength(1);
    expect(res.body.extensions).toEqual({ cost: { requestedQueryCost: 12, maximumAvailable: 5000 } });
    // scalars 0, the store object 1
    const store = await sf.gql(pub, '{ store { id name socialLinks } }');
    expect(store.body.extensions.cost.requestedQueryCost).toBe(1);
    // store 1 + products (2 + 5 × (node 1 + price 1)); cursor and pageInfo are the connection's own
    const nested = await sf.gql(
      pub,
      '{ store { name products(first: 5) { edges { cursor node { id price { amount } } } pageInfo { hasNextPage } } } }',
    );
    expect(nested.status).toBe(200);
    expect(nested.body.extensions.cost.requestedQueryCost).toBe(13);
    // 2 + 20 × (node 1 + total 1 + lines 100 × (line 1 + product 1)) = 4,042
    const orders = await sf.gql(
      app,
      '{ orders(first: 20) { edges { node { id total { amount } lines { quantity product { id } } } } } }',
    );
    expect(orders.status).toBe(200);
    expect(orders.body.extensions.cost).toEqual({ requestedQueryCost: 4042, maximumAvailable: 5000 });
  });

  it('reports extensions.cost on refusals too', async () => {
    // over the limit: the cost that was refused
    const complex = await sf.gql(
      app,
      '{ orders(first: 13) { edges { node { total { amount } lines { unitPrice { amount } lineTotal { amount } product { id } } } } } }',
    );
    expect(complex.status).toBe(400);
    expect(gqlError(complex).code).toBe('QUERY_TOO_COMPLEX');
    expect(complex.body.extensions).toEqual({ cost: { requestedQueryCost: 5228, maximumAvailable: 5000 } });
    // first over 100: refused with its cost as written
    const first = await sf.gql(pub, '{ products(first: 101) { edges { node { id } } } }');
    expect(gqlError(first).code).toBe('BAD_USER_INPUT');
    expect(first.body.extensions.cost).toEqual({ requestedQueryCost: 103, maximumAvailable: 5000 });
    // a document that does not parse requested nothing
    const broken = await sf.gql(pub, '{ store { id }');
    expect(gqlError(broken).code).toBe('GRAPHQL_PARSE_FAILED');
    expect(broken.body.extensions.cost).toEqual({ requestedQueryCost: 0, maximumAvailable: 5000 });
    // a field the token may not read: the answer carries the cost it asked for
    const forbidden = await sf.gql(pub, '{ orders(first: 1) { edges { node { id } } } }');
    expect(gqlError(forbidden).code).toBe('FORBIDDEN');
    expect(forbidden.body.extensions.cost).toEqual({ requestedQueryCost: 3, maximumAvailable: 5000 });
  });

  it('refuses a query deeper than 10 with QUERY_TOO_COMPLEX — before any resolver runs', async () => {
    const ten =
      '{ store { products(first: 1) { edges { node { store { products(first: 1) { edges { node { price { amount } } } } } } } } } }';
    expect((await sf.gql(pub, ten)).status).toBe(200);
    // depth 11: a mutation whose selection is too deep is refused, so the product is never created
    const before = await productCount();
    const res = await sf.gql(
      app,
      'mutation { productCreate(input: { handle: "deep", title: "Deep", price: "1.00", currencyCode: "USD", inventory: 1 }) { store { products(first: 1) { edges { node { store { products(first: 1) { edges { node { price { amount } } } } } } } } } } }',
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(gqlError(res)).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    expect(res.body.errors[0].extensions).toMatchObject({ depth: 11, maxDepth: 10 });
    expect(await productCount()).toBe(before);
  });

  it('counts depth through fragments and ignores introspection fields', async () => {
    const viaFragment = await sf.gql(
      pub,
      'query { ...Q } fragment Q on Query { store { products(first: 1) { edges { node { store { products(first: 1) { edges { node { price { ...M } } } } } } } } } } fragment M on Money { amount currencyCode }',
    );
    expect(viaFragment.status).toBe(200);
    const deeper = await sf.gql(
      pub,
      'query { product(handle: "one") { ...Q } } fragment Q on Product { store { products(first: 1) { edges { node { store { products(first: 1) { edges { node { price { amount } } } } } } } } } }',
    );
    expect(gqlError(deeper).code).toBe('QUERY_TOO_COMPLEX');
    const introspection = await sf.gql(
      pub,
      '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }',
    );
    expect(introspection.status).toBe(200);
  });

  it('allows 30 aliases and refuses 31', async () => {
    const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: name`).join(' ');
    const ok = await sf.gql(pub, `{ store { ${aliases(30)} } }`);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body.data.store)).toHaveLength(30);
    const res = await sf.gql(pub, `{ store { ${aliases(31)} } }`);
    expect(res.status).toBe(400);
    expect(gqlError(res).code).toBe('QUERY_TOO_COMPLEX');
    expect(res.body.data).toBeUndefined();
  });

  it('allows cost 5,000 and refuses 5,001 (objects 1, scalars 0, a connection 2 + first × its nodes)', async () => {
    // 2 + 98 × (node 1 + 50 × price 1) = 5,000; one more object (store) makes 5,001
    const prices = Array.from({ length: 50 }, () => 'price { amount }').join(' ');
    const atLimit = `products(first: 98) { edges { node { ${prices} } } }`;
    const ok = await sf.gql(pub, `{ ${atLimit} }`);
    expect(ok.status).toBe(200);
    expect(ok.body.extensions.cost.requestedQueryCost).toBe(5000);
    const res = await sf.gql(pub, `{ ${atLimit} store { id } }`);
    expect(res.status).toBe(400);
    expect(gqlError(res).code).toBe('QUERY_TOO_COMPLEX');
    expect(res.body.errors[0].extensions).toMatchObject({ cost: 5001, maxCost: 5000 });
    expect(res.body.extensions.cost.requestedQueryCost).toBe(5001);
    // nested connections multiply, also when first comes from a variable
    const nested = await sf.gql(
      pub,
      'query($n: Int) { products(first: $n) { edges { node { store { products(first: $n) { edges { node { id } } } } } } } }',
      { n: 100 },
    );
    expect(gqlError(nested).code).toBe('QUERY_TOO_COMPLEX');
    const small = await sf.gql(
      pub,
      'query($n: Int) { products(first: $n) { edges { node { store { products(first: $n) { edges { node { id } } } } } } } }',
      { n: 5 },
    );
    expect(small.status).toBe(200);
  });

  it('refuses a costly mutation before it runs', async () => {
    const before = await productCount();
    // 1 + store 1 + (2 + 100 × (node 1 + 60 × price 1)) = 6,104
    const fields = Array.from({ length: 60 }, () => 'price { amount }').join(' ');
    const res = await sf.gql(
      app,
      `mutation { productCreate(input: { handle: "costly", title: "Costly", price: "1.00", currencyCode: "USD", inventory: 1 }) { store { products(first: 100) { edges { node { ${fields} } } } } } }`,
    );
    expect(res.body.extensions.cost.requestedQueryCost).toBe(6104);
    expect(gqlError(res).code).toBe('QUERY_TOO_COMPLEX');
    expect(await productCount()).toBe(before);
  });

  it('serves the full introspection query to either token kind', async () => {
    for (const token of [pub, app]) {
      const res = await sf.gql(token, getIntrospectionQuery());
      expect(res.status).toBe(200);
      expect(res.body.data.__schema.queryType.name).toBe('Query');
    }
  });

  it('gives no field suggestions', async () => {
    const res = await sf.gql(pub, '{ prodcts { edges { cursor } } }');
    expect(gqlError(res).code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.text).not.toMatch(/did you mean/i);
    expect(res.text).not.toContain('products');
  });

  it('keeps the committed schema.gql in sync with the served schema', async () => {
    const printed = HEADER + printSchema(t.app.get(GraphQLSchemaHost).schema) + '\n';
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(SCHEMA_FILE, printed);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printed);
    // and what clients see through introspection is that very schema
    const introspection = await sf.data(pub, getIntrospectionQuery());
    expect(printSchema(buildClientSchema(introspection))).toBe(
      printSchema(t.app.get(GraphQLSchemaHost).schema),
    );
  });
});
