import { TestApp } from './support/test-app';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gqlError, StorefrontClient } from './storefront-support';

// Storefront GraphQL: depth, alias and cost limits refused before any resolver runs, the
// cost reported in extensions, introspection on, suggestions off — and the committed SDL in sync.

const SCHEMA_FILE = join(__dirname, '..', 'libs', 'storefront', 'schema.gql');
const HEADER =
  '# The Storefront GraphQL schema, printed from the code-first schema the server builds in\n' +
  '# memory. Do not edit: regenerate with `UPDATE_SCHEMA=1 npm test -- test/storefront-limits.e2e-spec.ts`.\n\n';

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
    const owner = await sf.merchant('limits@example.com');
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

  it('reports the requested cost in extensions', async () => {
    const res = await sf.gql(pub, '{ products(first: 20) { edges { node { id title } } } }');
    expect(res.status).toBe(200);
    expect(res.body.extensions).toEqual({ cost: { requestedQueryCost: 81, maximumAvailable: 5000 } });
    const store = await sf.gql(pub, '{ store { id name } }');
    expect(store.body.extensions.cost.requestedQueryCost).toBe(3);
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

  it("allows cost 5,000 and refuses 5,001 (each field 1, a connection's selection × first)", async () => {
    // 1 + 100 × (edges 1 + node (1 + n fields)): n = 47 → 4,901; n = 48 → 5,001
    const fields = (n: number) => Array.from({ length: n }, () => 'id').join(' ');
    const ok = await sf.gql(pub, `{ products(first: 100) { edges { node { ${fields(47)} } } } }`);
    expect(ok.status).toBe(200);
    expect(ok.body.extensions.cost.requestedQueryCost).toBe(4901);
    const res = await sf.gql(pub, `{ products(first: 100) { edges { node { ${fields(48)} } } } }`);
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
    const fields = Array.from({ length: 60 }, () => 'id').join(' ');
    const res = await sf.gql(
      app,
      `mutation { productCreate(input: { handle: "costly", title: "Costly", price: "1.00", currencyCode: "USD", inventory: 1 }) { store { products(first: 100) { edges { node { ${fields} } } } } } }`,
    );
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
