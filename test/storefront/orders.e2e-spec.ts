import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';
import { gqlError, recordSql, StorefrontClient } from '@app/testing';

// Storefront GraphQL: orderCreate prices lines from the catalogue and takes the stock in one
// transaction (OUT_OF_STOCK changes nothing; concurrent orders never oversell); orders are read with
// their lines and products without N+1 queries.

const ORDER = `id status customerEmail createdAt total { amount currencyCode }
  lines { quantity unitPrice { amount currencyCode } lineTotal { amount currencyCode } product { id handle } }`;

describe('storefront GraphQL — orders', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let db: DataSource;
  let owner: string;
  let storeId: string;
  let app: string;

  /** A product in US dollars, titled as its handle unless given a title, by `token` (the app's). */
  const product = (input: Record<string, unknown>, token = app) =>
    sf.createProduct(token, { title: String(input.handle), currencyCode: 'USD', ...input });
  const order = (
    token: string,
    lines: { productId: string; quantity: number }[],
    customerEmail = 'buyer@example.com',
  ) =>
    sf.gql(token, `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { ${ORDER} } }`, {
      input: { customerEmail, lines },
    });
  const stock = async (id: string) =>
    (await db.query('SELECT inventory FROM products WHERE id = $1', [id]))[0].inventory;
  const orderCount = async (store = storeId) =>
    (await db.query('SELECT count(*)::int AS n FROM orders WHERE store_id = $1', [store]))[0].n;

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    db = t.app.get(DataSource);
    owner = await sf.account('orders@example.com');
    storeId = await sf.store(owner, 'Order Shop');
    app = await sf.appTokenFor(owner, storeId);
  });
  afterAll(() => t.close());

  it('prices every line from the catalogue and takes the stock', async () => {
    const shirt = await product({ handle: 'shirt', price: '499.00', inventory: 10 });
    const socks = await product({ handle: 'socks', price: '10.50', inventory: 5 });
    const res = await order(app, [
      { productId: shirt.id, quantity: 2 },
      { productId: socks.id, quantity: 3 },
    ]);
    expect(res.status).toBe(200);
    const o = res.body.data.orderCreate;
    expect(o).toEqual({
      id: expect.any(String),
      status: 'open',
      customerEmail: 'buyer@example.com',
      createdAt: expect.any(String),
      total: { amount: '1029.50', currencyCode: 'USD' },
      lines: [
        {
          quantity: 2,
          unitPrice: { amount: '499.00', currencyCode: 'USD' },
          lineTotal: { amount: '998.00', currencyCode: 'USD' },
          product: { id: shirt.id, handle: 'shirt' },
        },
        {
          quantity: 3,
          unitPrice: { amount: '10.50', currencyCode: 'USD' },
          lineTotal: { amount: '31.50', currencyCode: 'USD' },
          product: { id: socks.id, handle: 'socks' },
        },
      ],
    });
    expect(await stock(shirt.id)).toBe(8);
    expect(await stock(socks.id)).toBe(2);
    // read back the same, through order(id)
    expect(
      (await sf.data(app, `query($id: ID!) { order(id: $id) { ${ORDER} } }`, { id: o.id })).order,
    ).toEqual(o);
    const [row] = await db.query('SELECT total_minor, currency_code FROM orders WHERE id = $1', [o.id]);
    expect(row).toEqual({ total_minor: '102950', currency_code: 'USD' });
  });

  it('never lets a client set a price, and keeps the price an order was placed at', async () => {
    const hat = await product({ handle: 'hat', price: '25.00', inventory: 5 });
    const withPrice = await sf.gql(
      app,
      `mutation { orderCreate(input: { customerEmail: "a@example.com", lines: [{ productId: "${hat.id}", quantity: 1, unitPrice: "0.01" }] }) { id } }`,
    );
    expect(withPrice.status).toBe(400);
    expect(gqlError(withPrice).code).toBe('GRAPHQL_VALIDATION_FAILED');
    const withTotal = await sf.gql(
      app,
      `mutation { orderCreate(input: { customerEmail: "a@example.com", total: "0.01", lines: [{ productId: "${hat.id}", quantity: 1 }] }) { id } }`,
    );
    expect(withTotal.status).toBe(400);
    expect(await stock(hat.id)).toBe(5);
    const placed = (await order(app, [{ productId: hat.id, quantity: 2 }])).body.data.orderCreate;
    expect(placed.total.amount).toBe('50.00');
    await sf.gql(app, `mutation { productUpdate(id: "${hat.id}", input: { price: "99.00" }) { id } }`);
    const again = (
      await sf.data(
        app,
        `{ order(id: "${placed.id}") { total { amount } lines { unitPrice { amount } product { price { amount } } } } }`,
      )
    ).order;
    expect(again).toEqual({
      total: { amount: '50.00' },
      lines: [{ unitPrice: { amount: '25.00' }, product: { price: { amount: '99.00' } } }],
    });
  });

  it('fails the whole order with OUT_OF_STOCK when any line lacks stock, changing nothing', async () => {
    const a = await product({ handle: 'plenty', price: '1.00', inventory: 50 });
    const b = await product({ handle: 'scarce', price: '2.00', inventory: 2 });
    const before = await orderCount();
    const res = await order(app, [
      { productId: a.id, quantity: 5 },
      { productId: b.id, quantity: 3 },
    ]);
    expect(gqlError(res).code).toBe('OUT_OF_STOCK');
    expect(res.body.errors[0].extensions.productId).toBe(b.id);
    expect(res.body.data).toBeNull();
    expect(await stock(a.id)).toBe(50);
    expect(await stock(b.id)).toBe(2);
    expect(await orderCount()).toBe(before);
    // exactly the stock left is fine, and leaves 0
    expect((await order(app, [{ productId: b.id, quantity: 2 }])).body.data.orderCreate.total.amount).toBe(
      '4.00',
    );
    expect(await stock(b.id)).toBe(0);
    expect(gqlError(await order(app, [{ productId: b.id, quantity: 1 }])).code).toBe('OUT_OF_STOCK');
  });

  it('merges lines naming the same product, and checks their sum against the stock', async () => {
    const p = await product({ handle: 'merge-me', price: '3.00', inventory: 4 });
    const merged = (
      await order(app, [
        { productId: p.id, quantity: 1 },
        { productId: p.id, quantity: 2 },
      ])
    ).body.data.orderCreate;
    expect(merged.lines).toEqual([
      expect.objectContaining({ quantity: 3, lineTotal: { amount: '9.00', currencyCode: 'USD' } }),
    ]);
    expect(await stock(p.id)).toBe(1);
    expect(
      gqlError(
        await order(app, [
          { productId: p.id, quantity: 1 },
          { productId: p.id, quantity: 1 },
        ]),
      ).code,
    ).toBe('OUT_OF_STOCK');
    expect(await stock(p.id)).toBe(1);
  });

  it('refuses bad orders with BAD_USER_INPUT or NOT_FOUND, changing nothing', async () => {
    const usd = await product({ handle: 'usd-thing', price: '1.00', inventory: 9 });
    const eur = await product({ handle: 'eur-thing', price: '1.00', currencyCode: 'EUR', inventory: 9 });
    const gone = await product({ handle: 'gone-thing', price: '1.00', inventory: 9 });
    await sf.gql(app, `mutation { productDelete(id: "${gone.id}") }`);
    const before = await orderCount();
    const cases: [unknown[], string, string?][] = [
      [
        [
          { productId: usd.id, quantity: 1 },
          { productId: eur.id, quantity: 1 },
        ],
        'BAD_USER_INPUT',
      ],
      [[{ productId: usd.id, quantity: 0 }], 'BAD_USER_INPUT'],
      [[{ productId: usd.id, quantity: -1 }], 'BAD_USER_INPUT'],
      [[{ productId: usd.id, quantity: 10_001 }], 'BAD_USER_INPUT'],
      [[], 'BAD_USER_INPUT'],
      [[{ productId: usd.id, quantity: 1 }], 'BAD_USER_INPUT', 'not-an-email'],
      [Array.from({ length: 101 }, () => ({ productId: usd.id, quantity: 1 })), 'BAD_USER_INPUT'],
      [
        [
          { productId: usd.id, quantity: 1 },
          { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
        'NOT_FOUND',
      ],
      [[{ productId: 'not-a-uuid', quantity: 1 }], 'NOT_FOUND'],
      [
        [
          { productId: usd.id, quantity: 1 },
          { productId: gone.id, quantity: 1 },
        ],
        'NOT_FOUND',
      ],
    ];
    for (const [lines, code, email] of cases) {
      const res = await order(app, lines as { productId: string; quantity: number }[], email);
      expect({ lines: (lines as unknown[]).length, code: gqlError(res).code }).toEqual({
        lines: (lines as unknown[]).length,
        code,
      });
    }
    expect(await stock(usd.id)).toBe(9);
    expect(await stock(eur.id)).toBe(9);
    expect(await orderCount()).toBe(before);
  });

  it("keeps stores apart: another store's product is NOT_FOUND, its orders invisible", async () => {
    const otherStore = await sf.store(owner, 'Other Shop');
    const otherApp = await sf.appTokenFor(owner, otherStore);
    const mine = await product({ handle: 'only-mine', price: '5.00', inventory: 3 });
    const res = await order(otherApp, [{ productId: mine.id, quantity: 1 }]);
    expect(gqlError(res).code).toBe('NOT_FOUND');
    expect(await stock(mine.id)).toBe(3);
    expect(await orderCount(otherStore)).toBe(0);
    const placed = (await order(app, [{ productId: mine.id, quantity: 1 }])).body.data.orderCreate;
    expect((await sf.data(otherApp, `{ order(id: "${placed.id}") { id } }`)).order).toBeNull();
    expect((await sf.data(otherApp, '{ orders { edges { node { id } } } }')).orders.edges).toEqual([]);
    expect((await sf.data(app, `{ order(id: "not-a-uuid") { id } }`)).order).toBeNull();
  });

  it('never oversells: 30 parallel single-unit orders against stock 10 → 10 orders, stock 0', async () => {
    const storeC = await sf.store(owner, 'Rush Shop');
    const appC = await sf.appTokenFor(owner, storeC);
    const hot = await product({ handle: 'hot', title: 'Hot item', price: '9.99', inventory: 10 }, appC);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        order(appC, [{ productId: hot.id, quantity: 1 }], `rush${i}@example.com`),
      ),
    );
    const codes = results.map((r) => (r.body.errors ? r.body.errors[0].extensions.code : 'ok'));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(codes.filter((c) => c === 'OUT_OF_STOCK')).toHaveLength(20);
    expect(await stock(hot.id)).toBe(0);
    expect(await orderCount(storeC)).toBe(10);
    const [lines] = await db.query(
      'SELECT sum(quantity)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.store_id = $1',
      [storeC],
    );
    expect(lines.n).toBe(10);
  });

  it('never deadlocks or oversells when parallel orders take the same products in opposite orders', async () => {
    const storeD = await sf.store(owner, 'Cross Shop');
    const appD = await sf.appTokenFor(owner, storeD);
    const x = await product({ handle: 'x', title: 'X', price: '1.00', inventory: 6 }, appD);
    const y = await product({ handle: 'y', title: 'Y', price: '1.00', inventory: 6 }, appD);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        order(
          appD,
          i % 2
            ? [
                { productId: x.id, quantity: 1 },
                { productId: y.id, quantity: 1 },
              ]
            : [
                { productId: y.id, quantity: 1 },
                { productId: x.id, quantity: 1 },
              ],
        ),
      ),
    );
    const codes = results.map((r) => (r.body.errors ? r.body.errors[0].extensions.code : 'ok'));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(6);
    expect(codes.filter((c) => c !== 'ok' && c !== 'OUT_OF_STOCK')).toEqual([]);
    expect([await stock(x.id), await stock(y.id)]).toEqual([0, 0]);
  });

  describe('reading orders', () => {
    let storeE: string;
    let appE: string;
    let placed: string[];

    beforeAll(async () => {
      storeE = await sf.store(owner, 'Busy Shop');
      appE = await sf.appTokenFor(owner, storeE);
      const products = [];
      for (let i = 0; i < 4; i++) {
        products.push(
          await product({ handle: `p${i}`, title: `P${i}`, price: '2.00', inventory: 1000 }, appE),
        );
      }
      placed = [];
      for (let i = 0; i < 23; i++) {
        const res = await order(appE, [
          { productId: products[i % 4].id, quantity: 1 },
          { productId: products[(i + 1) % 4].id, quantity: 2 },
        ]);
        placed.push(res.body.data.orderCreate.id);
      }
      // (v1.4) a product deleted later: the lines that bought it answer product null and keep their title
      await sf.gql(appE, `mutation { productDelete(id: "${products[0].id}") }`);
    });

    it('pages orders oldest first with first/after', async () => {
      const q =
        'query($a: String) { orders(first: 10, after: $a) { edges { node { id } } pageInfo { hasNextPage endCursor } } }';
      const seen: string[] = [];
      const flags: boolean[] = [];
      let after: string | null = null;
      do {
        const data: any = await sf.data(appE, q, { a: after });
        seen.push(...data.orders.edges.map((e: any) => e.node.id));
        flags.push(data.orders.pageInfo.hasNextPage);
        after = data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null;
      } while (after);
      expect(flags).toEqual([true, true, false]);
      expect(seen).toEqual(placed);
    });

    // 12 orders, with `lines` priced at its maximum length (100): 2 + 12 × (1 + 1 + 100 × 2) = 2,426
    // (docs/storefront.md, how a query is priced).
    it('loads 12 orders with their lines and products in a bounded number of SQL queries (no N+1)', async () => {
      const q = `query($n: Int) { orders(first: $n) { edges { node { id total { amount } lines { title quantity product { id title } } } } } }`;
      // recordSql leaves out the webhook delivery loop's claims, which poll on their own timer.
      const count = async (n: number) => {
        const { statements } = await recordSql(async () => {
          const data = await sf.data(appE, q, { n });
          expect(data.orders.edges).toHaveLength(n);
          // the first order bought products[0] and products[1]
          expect(data.orders.edges[0].node.lines.map((l: any) => l.title)).toEqual(['P0', 'P1']);
          for (const edge of data.orders.edges) {
            expect(edge.node.lines).toHaveLength(2);
            for (const line of edge.node.lines) {
              if (line.title === 'P0') expect(line.product).toBeNull();
              else expect(line.product.title).toBe(line.title);
            }
          }
        });
        return statements.length;
      };
      const few = await count(2);
      const many = await count(12);
      // token revocation read + orders page + all lines + all products, whatever the number of orders
      expect(many).toBe(few);
      expect(many).toBeLessThanOrEqual(6);
      console.log(`SQL queries for orders(first: 12) with lines and products: ${many}`);
    });
  });
});
