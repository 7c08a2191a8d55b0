import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';
import { gqlError, StorefrontClient } from '@app/testing';

// Storefront GraphQL: products — CRUD and validation, money, handles, isolation between
// stores, keyset pagination and search.

const PRODUCT = `id handle title description price { amount currencyCode } inventory createdAt updatedAt`;

describe('storefront GraphQL — catalogue', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let storeA: string;
  let storeB: string;
  let appA: string;
  let appB: string;
  let publicA: string;

  const create = (token: string, input: Record<string, unknown>) =>
    sf.gql(token, `mutation($input: ProductCreateInput!) { productCreate(input: $input) { ${PRODUCT} } }`, {
      input,
    });
  const update = (token: string, id: string, input: Record<string, unknown>) =>
    sf.gql(
      token,
      `mutation($id: ID!, $input: ProductUpdateInput!) { productUpdate(id: $id, input: $input) { ${PRODUCT} } }`,
      { id, input },
    );
  const remove = (token: string, id: string) =>
    sf.gql(token, 'mutation($id: ID!) { productDelete(id: $id) }', { id });
  const byId = async (token: string, id: string) =>
    (await sf.data(token, `query($id: ID) { product(id: $id) { ${PRODUCT} } }`, { id })).product;
  const valid = {
    handle: 'linen-shirt',
    title: 'Linen shirt',
    description: 'Breezy.',
    price: '499.00',
    currencyCode: 'INR',
    inventory: 7,
  };

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    owner = await sf.account('catalogue@example.com');
    storeA = await sf.store(owner, 'Shop A');
    storeB = await sf.store(owner, 'Shop B');
    appA = await sf.appTokenFor(owner, storeA);
    appB = await sf.appTokenFor(owner, storeB);
    publicA = (await sf.publicToken(owner, storeA)).token;
  });
  afterAll(() => t.close());

  describe('create, read, update, delete', () => {
    it('creates a product and reads it back by id and by handle, money as a decimal string', async () => {
      const res = await create(appA, valid);
      expect(res.status).toBe(200);
      const p = res.body.data.productCreate;
      expect(p).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        handle: 'linen-shirt',
        title: 'Linen shirt',
        description: 'Breezy.',
        price: { amount: '499.00', currencyCode: 'INR' },
        inventory: 7,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updatedAt: expect.any(String),
      });
      expect(await byId(publicA, p.id)).toEqual(p);
      expect((await sf.data(publicA, '{ product(handle: "linen-shirt") { id } }')).product).toEqual({
        id: p.id,
      });
      // stored as integer minor units
      const [row] = await t.app
        .get(DataSource)
        .query('SELECT price_minor, currency_code FROM products WHERE id = $1', [p.id]);
      expect(row).toEqual({ price_minor: '49900', currency_code: 'INR' });
    });

    it('formats each currency with its own digits', async () => {
      const cases = [
        { price: '500', currencyCode: 'JPY', amount: '500' },
        { price: '1.5', currencyCode: 'KWD', amount: '1.500' },
        { price: '0', currencyCode: 'USD', amount: '0.00' },
        { price: '19.9', currencyCode: 'EUR', amount: '19.90' },
      ];
      for (const [i, c] of cases.entries()) {
        const res = await create(appA, {
          ...valid,
          handle: `money-${i}`,
          price: c.price,
          currencyCode: c.currencyCode,
        });
        expect(res.body.data?.productCreate.price).toEqual({
          amount: c.amount,
          currencyCode: c.currencyCode,
        });
      }
    });

    it('updates some fields and leaves the others', async () => {
      const p = (await create(appA, { ...valid, handle: 'to-update' })).body.data.productCreate;
      const res = await update(appA, p.id, { title: '  Linen shirt, blue  ', price: '525.50', inventory: 0 });
      const u = res.body.data.productUpdate;
      expect(u).toMatchObject({
        id: p.id,
        handle: 'to-update',
        title: 'Linen shirt, blue',
        description: 'Breezy.',
        inventory: 0,
      });
      expect(u.price).toEqual({ amount: '525.50', currencyCode: 'INR' });
      expect(new Date(u.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(p.updatedAt).getTime());
      const cleared = (await update(appA, p.id, { description: null })).body.data.productUpdate;
      expect(cleared.description).toBeNull();
      const moved = (await update(appA, p.id, { price: '12', currencyCode: 'USD' })).body.data.productUpdate;
      expect(moved.price).toEqual({ amount: '12.00', currencyCode: 'USD' });
      expect(await byId(appA, p.id)).toEqual(moved);
    });

    it('deletes a product: gone from reads, its handle free again, a second delete NOT_FOUND', async () => {
      const p = (await create(appA, { ...valid, handle: 'to-delete' })).body.data.productCreate;
      const res = await remove(appA, p.id);
      expect(res.body).toMatchObject({ data: { productDelete: p.id } });
      expect(await byId(appA, p.id)).toBeNull();
      expect((await sf.data(appA, '{ product(handle: "to-delete") { id } }')).product).toBeNull();
      expect(gqlError(await remove(appA, p.id)).code).toBe('NOT_FOUND');
      expect(gqlError(await update(appA, p.id, { title: 'Back' })).code).toBe('NOT_FOUND');
      const again = await create(appA, { ...valid, handle: 'to-delete' });
      expect(again.body.data.productCreate.id).not.toBe(p.id);
    });
  });

  describe('validation', () => {
    const refused = async (input: Record<string, unknown>, field?: string) => {
      const res = await create(appA, {
        ...valid,
        handle: `v-${Math.random().toString(36).slice(2, 10)}`,
        ...input,
      });
      const error = gqlError(res);
      expect({ input, code: error.code }).toEqual({ input, code: 'BAD_USER_INPUT' });
      expect(res.body.data).toBeNull();
      if (field)
        expect(res.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toContain(field);
      return res;
    };

    it('refuses negative, malformed and over-precise prices', async () => {
      await refused({ price: '-1.00' }, 'price');
      await refused({ price: '-0' }, 'price');
      await refused({ price: '1.001' }, 'price');
      await refused({ price: '1e3' }, 'price');
      await refused({ price: '1,000.00' }, 'price');
      await refused({ price: '' }, 'price');
      await refused({ price: '100.5', currencyCode: 'JPY' }, 'price');
      await refused({ price: '1.0001', currencyCode: 'KWD' }, 'price');
      await refused({ price: '99999999999.00', currencyCode: 'USD' }, 'price');
      const res = await refused({ price: '1.001', currencyCode: 'USD' });
      expect(res.body.errors[0].message).toContain('at most 2 decimals');
    });

    it('refuses unknown and non-canonical currency codes', async () => {
      for (const currencyCode of ['XYZ', 'usd', 'US', 'USDD', 'XAU', ''])
        await refused({ currencyCode }, 'currencyCode');
    });

    it('refuses negative stock, bad handles and empty titles', async () => {
      await refused({ inventory: -1 }, 'inventory');
      await refused({ inventory: 1_000_000_001 }, 'inventory');
      for (const handle of [
        'Has Caps',
        'has space',
        '-lead',
        'trail-',
        'dou--ble',
        '',
        'ü',
        'x'.repeat(101),
      ]) {
        await refused({ handle }, 'handle');
      }
      await refused({ title: '   ' }, 'title');
      await refused({ title: 'x'.repeat(256) }, 'title');
      await refused({ description: 'x'.repeat(5001) }, 'description');
    });

    it('refuses nulls for required fields and a currency change without a price on update', async () => {
      const p = (await create(appA, { ...valid, handle: 'upd-validation' })).body.data.productCreate;
      for (const input of [
        { title: null },
        { handle: null },
        { price: null },
        { inventory: null },
        { inventory: -5 },
        { price: '-1' },
        { currencyCode: 'USD' },
        { price: '1', currencyCode: 'NOPE' },
      ]) {
        const res = await update(appA, p.id, input);
        expect({ input, code: gqlError(res).code }).toEqual({ input, code: 'BAD_USER_INPUT' });
      }
      expect(await byId(appA, p.id)).toEqual(p);
    });

    it('refuses fields the schema does not have and wrong types before running anything', async () => {
      const res = await sf.gql(
        appA,
        'mutation { productCreate(input: { handle: "h", title: "T", price: "1.00", currencyCode: "USD", inventory: 1, stock: 3 }) { id } }',
      );
      expect(res.status).toBe(400);
      expect(gqlError(res).code).toBe('GRAPHQL_VALIDATION_FAILED');
      const typed = await create(appA, { ...valid, handle: 'typed', inventory: 'many' });
      expect(typed.status).toBe(400);
      expect(gqlError(typed).code).toBe('BAD_USER_INPUT');
      expect((await sf.data(appA, '{ product(handle: "typed") { id } }')).product).toBeNull();
    });

    it('asks for exactly one of id and handle, and treats a malformed id as absent', async () => {
      expect(gqlError(await sf.gql(appA, '{ product { id } }')).code).toBe('BAD_USER_INPUT');
      expect(
        gqlError(
          await sf.gql(appA, '{ product(id: "00000000-0000-4000-8000-000000000000", handle: "x") { id } }'),
        ).code,
      ).toBe('BAD_USER_INPUT');
      expect((await sf.data(appA, '{ product(id: "not-a-uuid") { id } }')).product).toBeNull();
      expect(gqlError(await update(appA, 'not-a-uuid', { title: 'x' })).code).toBe('NOT_FOUND');
      expect(gqlError(await remove(appA, 'not-a-uuid')).code).toBe('NOT_FOUND');
    });
  });

  describe('handles and stores', () => {
    it('keeps handles unique per store, and lets two stores share one', async () => {
      const first = await create(appA, { ...valid, handle: 'shared-handle' });
      expect(first.body.data.productCreate.handle).toBe('shared-handle');
      const dup = await create(appA, { ...valid, handle: 'shared-handle', title: 'Other' });
      expect(gqlError(dup).code).toBe('BAD_USER_INPUT');
      expect(dup.body.errors[0].extensions.fields).toEqual([
        { field: 'handle', message: expect.any(String) },
      ]);
      const other = await create(appB, { ...valid, handle: 'shared-handle' });
      expect(other.body.data.productCreate.handle).toBe('shared-handle');
      const second = (await create(appA, { ...valid, handle: 'second-handle' })).body.data.productCreate;
      expect(gqlError(await update(appA, second.id, { handle: 'shared-handle' })).code).toBe(
        'BAD_USER_INPUT',
      );
      expect((await byId(appA, second.id)).handle).toBe('second-handle');
    });

    it("isolates stores: another store's product is null to read and NOT_FOUND to write", async () => {
      const mine = (await create(appA, { ...valid, handle: 'isolated' })).body.data.productCreate;
      expect(await byId(appB, mine.id)).toBeNull();
      expect((await sf.data(appB, '{ product(handle: "isolated") { id } }')).product).toBeNull();
      expect(gqlError(await update(appB, mine.id, { title: 'Hijacked', inventory: 0 })).code).toBe(
        'NOT_FOUND',
      );
      expect(gqlError(await remove(appB, mine.id)).code).toBe('NOT_FOUND');
      const listB = await sf.data(
        appB,
        '{ products(first: 100) { edges { node { id } } } store { id products(first: 100) { edges { node { id } } } } }',
      );
      const idsB = listB.products.edges.map((e: any) => e.node.id);
      expect(idsB).not.toContain(mine.id);
      expect(listB.store.id).toBe(storeB);
      expect(listB.store.products.edges.map((e: any) => e.node.id)).toEqual(idsB);
      expect(await byId(appA, mine.id)).toEqual(mine);
    });

    it("reads the token's store with its public fields", async () => {
      const data = await sf.data(
        publicA,
        '{ store { id name description status faviconUrl logoBlackWhiteUrl logoColorUrl supportEmail socialLinks } }',
      );
      expect(data.store).toEqual({
        id: storeA,
        name: 'Shop A',
        description: 'Shop A sells things',
        status: 'onboarding',
        faviconUrl: null,
        logoBlackWhiteUrl: null,
        logoColorUrl: null,
        supportEmail: null,
        socialLinks: [],
      });
    });
  });

  describe('pagination and search', () => {
    let paged: StorefrontClient;
    let token: string;
    let created: string[];

    beforeAll(async () => {
      const storeId = await sf.store(owner, 'Paged Shop');
      token = await sf.appTokenFor(owner, storeId);
      paged = sf;
      created = [];
      for (let i = 0; i < 45; i++) {
        const p = await paged.createProduct(token, {
          handle: `item-${i}`,
          title: `Item ${i}`,
          price: `${i}.00`,
          currencyCode: 'USD',
          inventory: i,
        });
        created.push(p.id);
      }
    });

    const page = async (query: string, variables: Record<string, unknown>) => {
      const res = await sf.gql(token, query, variables);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };

    it('walks 45 products with first: 20 — 20, 20, 5, every product once, in creation order', async () => {
      const q =
        'query($after: String) { products(first: 20, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }';
      const seen: string[] = [];
      const flags: boolean[] = [];
      const sizes: number[] = [];
      let after: string | null = null;
      do {
        const { products } = await page(q, { after });
        sizes.push(products.edges.length);
        flags.push(products.pageInfo.hasNextPage);
        seen.push(...products.edges.map((e: any) => e.node.id));
        expect(products.pageInfo.endCursor).toBe(products.edges[products.edges.length - 1].cursor);
        after = products.pageInfo.hasNextPage ? products.pageInfo.endCursor : null;
      } while (after);
      expect(sizes).toEqual([20, 20, 5]);
      expect(flags).toEqual([true, true, false]);
      expect(new Set(seen).size).toBe(45);
      expect(seen).toEqual(created);
    });

    it('pages Store.products the same way', async () => {
      const q =
        'query($after: String) { store { products(first: 20, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } } }';
      const one = (await page(q, { after: null })).store.products;
      const two = (await page(q, { after: one.pageInfo.endCursor })).store.products;
      const three = (await page(q, { after: two.pageInfo.endCursor })).store.products;
      expect([one, two, three].map((p) => p.pageInfo.hasNextPage)).toEqual([true, true, false]);
      expect([...one.edges, ...two.edges, ...three.edges].map((e: any) => e.node.id)).toEqual(created);
    });

    it('defaults to 20, takes first: 0, and refuses first over 100 or below 0', async () => {
      const d = await page('{ products { edges { node { id } } pageInfo { hasNextPage } } }', {});
      expect(d.products.edges).toHaveLength(20);
      const zero = await page(
        '{ products(first: 0) { edges { node { id } } pageInfo { hasNextPage endCursor } } }',
        {},
      );
      expect(zero.products).toEqual({ edges: [], pageInfo: { hasNextPage: true, endCursor: null } });
      const hundred = await page(
        '{ products(first: 100) { edges { node { id } } pageInfo { hasNextPage } } }',
        {},
      );
      expect(hundred.products.edges).toHaveLength(45);
      expect(hundred.products.pageInfo.hasNextPage).toBe(false);
      for (const [query, variables] of [
        ['{ products(first: 1000) { edges { node { id } } } }', undefined],
        ['{ products(first: 101) { edges { node { id } } } }', undefined],
        ['{ products(first: -1) { edges { node { id } } } }', undefined],
        ['query($n: Int) { products(first: $n) { edges { node { id } } } }', { n: 1000 }],
        ['{ store { products(first: 1000) { edges { node { id } } } } }', undefined],
      ] as const) {
        const res = await sf.gql(token, query, variables as Record<string, unknown> | undefined);
        expect(res.status).toBe(400);
        expect(res.body.data).toBeUndefined();
        expect(gqlError(res).code).toBe('BAD_USER_INPUT');
      }
    });

    it('refuses cursors it did not issue', async () => {
      for (const after of [
        'garbage',
        Buffer.from('["p","2020-01-01T00:00:00.000000Z","nope"]').toString('base64url'),
        Buffer.from('["o","2020-01-01T00:00:00.000000Z","00000000-0000-4000-8000-000000000000"]').toString(
          'base64url',
        ),
      ]) {
        const res = await sf.gql(token, 'query($a: String) { products(after: $a) { edges { cursor } } }', {
          a: after,
        });
        expect(gqlError(res).code).toBe('BAD_USER_INPUT');
      }
    });

    it('breaks ties in created_at by id, so rows inserted together page exactly once', async () => {
      const storeId = await sf.store(owner, 'Bulk Shop');
      const bulkToken = await sf.appTokenFor(owner, storeId);
      await t.app.get(DataSource).query(
        `INSERT INTO products (store_id, handle, title, price_minor, currency_code, inventory, created_at)
         SELECT $1, 'bulk-' || g, 'Bulk ' || g, 100, 'USD', 1, '2026-01-01T00:00:00.123456Z' FROM generate_series(1, 7) g`,
        [storeId],
      );
      const seen: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 4; i++) {
        const res: any = await sf.gql(
          bulkToken,
          'query($a: String) { products(first: 2, after: $a) { edges { node { id } } pageInfo { hasNextPage endCursor } } }',
          { a: after },
        );
        seen.push(...res.body.data.products.edges.map((e: any) => e.node.id));
        after = res.body.data.products.pageInfo.endCursor;
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
      expect([...seen].sort()).toEqual(seen);
    });

    it('searches title and handle case-insensitively, wildcards taken literally, and pages the matches', async () => {
      await sf.createProduct(token, {
        handle: 'cotton-tee',
        title: '100% Cotton tee',
        price: '1.00',
        currencyCode: 'USD',
        inventory: 1,
      });
      await sf.createProduct(token, {
        handle: 'blend',
        title: 'cotton_blend',
        price: '1.00',
        currencyCode: 'USD',
        inventory: 1,
      });
      const titles = async (query: string) =>
        (
          await page('query($q: String) { products(first: 100, query: $q) { edges { node { title } } } }', {
            q: query,
          })
        ).products.edges.map((e: any) => e.node.title);
      expect(await titles('COTTON')).toEqual(['100% Cotton tee', 'cotton_blend']);
      expect(await titles('%')).toEqual(['100% Cotton tee']);
      expect(await titles('_')).toEqual(['cotton_blend']);
      expect(await titles('cotton-tee')).toEqual(['100% Cotton tee']);
      expect(await titles('item-4')).toEqual([
        'Item 4',
        ...Array.from({ length: 5 }, (_, i) => `Item ${40 + i}`),
      ]);
      expect(await titles('nothing-like-this')).toEqual([]);
      // paging the matches: "Item 1" and "Item 10" … "Item 19" match "item 1"
      const one = (
        await page(
          'query($q: String) { products(first: 4, query: $q) { edges { node { title } } pageInfo { hasNextPage endCursor } } }',
          { q: 'Item 1' },
        )
      ).products;
      const two = (
        await page(
          'query($q: String, $a: String) { products(first: 100, query: $q, after: $a) { edges { node { title } } pageInfo { hasNextPage } } }',
          { q: 'Item 1', a: one.pageInfo.endCursor },
        )
      ).products;
      expect([...one.edges, ...two.edges].map((e: any) => e.node.title)).toEqual([
        'Item 1',
        ...Array.from({ length: 10 }, (_, i) => `Item ${10 + i}`),
      ]);
      expect([one.pageInfo.hasNextPage, two.pageInfo.hasNextPage]).toEqual([true, false]);
      expect(
        gqlError(
          await sf.gql(token, 'query($q: String) { products(query: $q) { edges { cursor } } }', {
            q: 'x'.repeat(101),
          }),
        ).code,
      ).toBe('BAD_USER_INPUT');
    });
  });
});
