import { TestApp } from '@app/testing/test-app';
import { getIntrospectionQuery } from 'graphql';
import { DataSource } from 'typeorm';
import { GRAPHQL, gqlError, recordSql, StorefrontClient } from '@app/testing';

/**
 * The storefront as an attacker tries it: list fields priced by their maximum length (the fan-out that
 * ran ~10,000 SQL queries is refused before any resolver), nested stores batched to one query per level,
 * lone surrogates in GET variables and in the document refused, and driver parameters kept out of logs.
 */

/** Counts the SQL statements the app sends while `work` runs. */
async function countSql<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const { result, statements } = await recordSql(work);
  return { result, queries: statements.length };
}

describe('storefront: expensive and malformed queries', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let sf: StorefrontClient;
  let app: string;
  let pub: string;

  beforeAll(async () => {
    t = await TestApp.start({
      env: { LOG_LEVEL: 'trace' },
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
    sf = new StorefrontClient(t);
    const owner = await sf.account('hardening@example.com');
    const storeId = await sf.store(owner, 'Hardening Shop');
    app = await sf.appTokenFor(owner, storeId);
    pub = (await sf.publicToken(owner, storeId)).token;
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const product = await sf.createProduct(app, {
        handle: `p-${i}`,
        title: `Product ${i}`,
        price: '2.50',
        currencyCode: 'USD',
        inventory: 1000,
      });
      ids.push(product.id);
    }
    for (let i = 0; i < 3; i++) {
      await sf.data(app, `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`, {
        input: {
          customerEmail: `buyer${i}@example.com`,
          lines: ids.slice(0, 5).map((productId) => ({ productId, quantity: 1 })),
        },
      });
    }
  });
  afterAll(() => t.close());

  const fanOut = `{ orders(first: 100) { edges { node { lines { product { store {
    products(first: 1) { edges { node { id } } } } } } } } } }`;

  it('refuses the order-lines fan-out with QUERY_TOO_COMPLEX before any resolver runs', async () => {
    const { result: res, queries } = await countSql(() => sf.gql(app, fanOut));
    expect(res.status).toBe(400);
    expect(gqlError(res).code).toBe('QUERY_TOO_COMPLEX');
    expect(res.body.errors[0].extensions.cost).toBeGreaterThan(5000);
    expect(res.body.data).toBeUndefined();
    // Only the per-request revocation read of the token; no resolver touched the database.
    expect(queries).toBeLessThanOrEqual(1);
  });

  it('refuses five aliased order lists that each stay under the limit', async () => {
    const one = (alias: string) =>
      `${alias}: orders(first: 10) { edges { node { lines { product { id title } } } } }`;
    const single = await sf.gql(app, `{ ${one('a')} }`);
    expect(single.status).toBe(200);
    const five = await sf.gql(app, `{ ${['a', 'b', 'c', 'd', 'e'].map(one).join(' ')} }`);
    expect(five.status).toBe(400);
    expect(gqlError(five).code).toBe('QUERY_TOO_COMPLEX');
  });

  it('keeps the standard introspection query working (free), and allows one __schema per operation', async () => {
    const res = await sf.gql(pub, getIntrospectionQuery());
    expect(res.status).toBe(200);
    expect(res.body.data.__schema.queryType.name).toBe('Query');
    expect(res.body.extensions.cost.requestedQueryCost).toBe(0);
    const twice = await sf.gql(pub, '{ a: __schema { types { name } } b: __schema { types { name } } }');
    expect(twice.status).toBe(400);
    expect(gqlError(twice).code).toBe('QUERY_TOO_COMPLEX');
  });

  it('loads nested stores’ products with one query per level, however many parents', async () => {
    const query = (first: number) =>
      `{ products(first: ${first}) { edges { node { id store { products(first: 2) { edges { node { id } } } } } } } }`;
    const few = await countSql(() => sf.gql(pub, query(2)));
    const many = await countSql(() => sf.gql(pub, query(20)));
    expect(few.result.status).toBe(200);
    expect(many.result.status).toBe(200);
    expect(many.result.body.data.products.edges).toHaveLength(20);
    expect(many.result.body.data.products.edges[19].node.store.products.edges).toHaveLength(2);
    // 20 parents cost what 2 do: the statement count does not grow with the number of parents.
    expect(many.queries).toBe(few.queries);
    // revocation read + top-level products + one store read + one page of nested products.
    expect(many.queries).toBeLessThanOrEqual(4);
  });

  it('refuses a lone surrogate in GET variables and in a document string, never reaching a resolver', async () => {
    const query = 'query($q: String) { products(query: $q) { edges { cursor } } }';
    const get = await t.get(
      `${GRAPHQL}?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"q":"\\ud800"}')}`,
      { token: pub, headers: { 'apollo-require-preflight': 'true' } },
    );
    expect(get.status).toBe(400);
    expect(gqlError(get).code).toBe('BAD_USER_INPUT');
    expect(gqlError(get).message).toMatch(/variables\.q/);
    const inDocument = await sf.gql(pub, '{ products(query: "\\ud800") { edges { cursor } } }');
    expect(inDocument.status).toBe(400);
    expect(['GRAPHQL_PARSE_FAILED', 'BAD_USER_INPUT']).toContain(gqlError(inDocument).code);
    // A proper pair is an ordinary character.
    const pair = await sf.gql(pub, query, { q: '😀' });
    expect(pair.status).toBe(200);
  });

  it('never logs driver parameters when a storefront or OAuth query fails', async () => {
    const marker = `leak-${Date.now()}`;
    const db = t.app.get(DataSource);
    // A check constraint makes the order insert fail with a QueryFailedError whose parameters carry the
    // customer's e-mail.
    await db.query(
      `ALTER TABLE orders ADD CONSTRAINT ck_test_no_marker CHECK (customer_email NOT LIKE '%leak-%')`,
    );
    logLines.length = 0;
    try {
      const product = (await sf.data(app, '{ products(first: 1) { edges { node { id } } } }')).products
        .edges[0].node.id;
      const res = await sf.gql(
        app,
        `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`,
        { input: { customerEmail: `${marker}@example.com`, lines: [{ productId: product, quantity: 1 }] } },
      );
      expect(gqlError(res).code).toBe('INTERNAL_SERVER_ERROR');
      expect(JSON.stringify(res.body)).not.toContain(marker);
    } finally {
      await db.query('ALTER TABLE orders DROP CONSTRAINT ck_test_no_marker');
    }
    // The OAuth path: the apps table gone for a moment, the token endpoint's query fails with the
    // client id among its parameters.
    await db.query('ALTER TABLE oauth_apps RENAME TO oauth_apps_away');
    try {
      const token = await t.post('/v1/auth/oauth/token', {
        grant_type: 'client_credentials',
        client_id: `sfc_${marker}`,
        client_secret: `sfs_${marker}`,
      });
      expect(token.status).toBe(500);
      expect(token.body.error).toBe('server_error');
    } finally {
      await db.query('ALTER TABLE oauth_apps_away RENAME TO oauth_apps');
    }
    const errors = logLines.filter((line) => /"level":"error"/.test(line));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(logLines.join('\n')).not.toContain(marker);
  });
});
