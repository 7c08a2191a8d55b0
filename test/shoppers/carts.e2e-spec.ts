import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';
import { ExpiredRowsPurge } from '@app/database';
import { freePort, gqlError, StorefrontClient } from '@app/testing';

// Carts and checkout for shoppers (contract §15), over HTTP with real public tokens: the cart:write scope,
// catalogue prices, merging, limits, checkout's PRICE_CHANGED / OUT_OF_STOCK (nothing changes), stock
// never oversold under concurrency — two lines or two carts for one product included — idempotency by
// cart and by Idempotency-Key, the TTL, and the events a checkout writes.

const CART = `id status buyerEmail totalQuantity createdAt updatedAt expiresAt
  subtotal { amount currencyCode }
  lines { quantity available unavailableReason inSubtotal unitPrice { amount currencyCode } lineTotal { amount currencyCode } product { id handle } }
  order { id status source }`;
const ORDER = `id status source customerEmail total { amount currencyCode }
  lines { quantity unitPrice { amount } product { id } }`;

type Line = { productId: string; quantity: number };

describe('shoppers — carts and checkout', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let db: DataSource;
  let owner: string;
  let storeId: string;
  let app: string;
  /** A storefront's token: the reads and cart:write. */
  let shopper: { id: string; token: string };

  const product = (input: Record<string, unknown>) =>
    sf.createProduct(app, { title: String(input.handle), currencyCode: 'USD', ...input });
  const stock = async (id: string) =>
    (await db.query('SELECT inventory FROM products WHERE id = $1', [id]))[0].inventory;
  const orderCount = async () =>
    (await db.query('SELECT count(*)::int AS n FROM orders WHERE store_id = $1', [storeId]))[0].n;

  const create = (
    token: string,
    input?: { lines?: Line[]; buyerEmail?: string },
    headers?: Record<string, string>,
  ) =>
    sf.gql(
      token,
      `mutation($input: CartInput) { cartCreate(input: $input) { ${CART} } }`,
      { input },
      { headers },
    );
  const add = (token: string, cartId: string, lines: Line[], headers?: Record<string, string>) =>
    sf.gql(
      token,
      `mutation($c: ID!, $l: [CartLineInput!]!) { cartLinesAdd(cartId: $c, lines: $l) { ${CART} } }`,
      { c: cartId, l: lines },
      { headers },
    );
  const update = (token: string, cartId: string, lines: Line[]) =>
    sf.gql(
      token,
      `mutation($c: ID!, $l: [CartLineInput!]!) { cartLinesUpdate(cartId: $c, lines: $l) { ${CART} } }`,
      {
        c: cartId,
        l: lines,
      },
    );
  const remove = (token: string, cartId: string, productIds: string[]) =>
    sf.gql(
      token,
      `mutation($c: ID!, $p: [ID!]!) { cartLinesRemove(cartId: $c, productIds: $p) { ${CART} } }`,
      {
        c: cartId,
        p: productIds,
      },
    );
  const buyer = (token: string, cartId: string, email: string) =>
    sf.gql(
      token,
      `mutation($c: ID!, $e: String!) { cartBuyerUpdate(cartId: $c, buyerEmail: $e) { ${CART} } }`,
      {
        c: cartId,
        e: email,
      },
    );
  const checkout = (
    token: string,
    cartId: string,
    expectedTotal?: string,
    headers?: Record<string, string>,
  ) =>
    sf.gql(
      token,
      `mutation($c: ID!, $t: String) { checkoutComplete(cartId: $c, expectedTotal: $t) { ${ORDER} } }`,
      { c: cartId, t: expectedTotal ?? null },
      { headers },
    );
  const read = async (token: string, cartId: string) =>
    (await sf.data(token, `query($id: ID!) { cart(id: $id) { ${CART} } }`, { id: cartId })).cart;
  /** A cart of the shopper with these lines and a buyer: its id. */
  const filled = async (lines: Line[], token = shopper.token) => {
    const res = await create(token, { lines, buyerEmail: 'shopper@example.com' });
    if (res.body.errors) throw new Error(res.text);
    return res.body.data.cartCreate.id as string;
  };

  beforeAll(async () => {
    t = await TestApp.start({ env: { STOREFRONT_WRITE_RATE_LIMIT: '100000' } });
    sf = new StorefrontClient(t);
    db = t.app.get(DataSource);
    owner = await sf.account('carts@example.com');
    storeId = await sf.store(owner, 'Cart Shop');
    app = await sf.appTokenFor(owner, storeId);
    shopper = await sf.publicToken(owner, storeId, ['store:read', 'products:read', 'cart:write']);
  });
  afterAll(() => t.close());

  describe('the cart:write scope', () => {
    it('is asked for at creation, never in the default', async () => {
      const plain = await t.post(
        `/v1/user/stores/${storeId}/public-tokens`,
        { name: 'Plain' },
        { token: owner },
      );
      expect(plain.body.scopes).toEqual(['store:read', 'products:read']);
      const carts = await t.post(
        `/v1/user/stores/${storeId}/public-tokens`,
        { name: 'Carts', scopes: ['cart:write', 'products:read'] },
        { token: owner },
      );
      expect(carts.status).toBe(201);
      expect(carts.body.scopes).toEqual(['products:read', 'cart:write']);
      // apps work on carts with orders:write; cart:write is a public token's scope only
      const appWithCart = await t.post(
        '/v1/user/stores/oauth/apps',
        { storeId, name: 'No', scopes: ['cart:write'] },
        { token: owner },
      );
      expect(appWithCart.status).toBe(400);
    });

    it('refuses carts to a token without it, and opens neither the catalogue nor orders', async () => {
      const reader = (await sf.publicToken(owner, storeId)).token;
      for (const res of [
        await create(reader),
        await sf.gql(reader, `{ cart(id: "00000000-0000-4000-8000-000000000000") { id } }`),
      ]) {
        expect(gqlError(res).code).toBe('FORBIDDEN');
      }
      const cartOnly = (await sf.publicToken(owner, storeId, ['cart:write'])).token;
      const tea = await product({ handle: 'scope-tea', price: '4.00', inventory: 5 });
      const made = await sf.gql(
        cartOnly,
        `mutation($i: CartInput) { cartCreate(input: $i) { id subtotal { amount } lines { quantity } } }`,
        { i: { lines: [{ productId: tea.id, quantity: 1 }] } },
      );
      expect(made.body.errors).toBeUndefined();
      expect(made.body.data.cartCreate.subtotal.amount).toBe('4.00');
      // what a line's product is takes products:read; so does the catalogue; orders stay apps only
      const withProduct = await sf.gql(
        cartOnly,
        `query($id: ID!) { cart(id: $id) { lines { product { title } } } }`,
        {
          id: made.body.data.cartCreate.id,
        },
      );
      expect(gqlError(withProduct).code).toBe('FORBIDDEN');
      expect(gqlError(await sf.gql(cartOnly, `{ products { edges { node { id } } } }`)).code).toBe(
        'FORBIDDEN',
      );
      expect(gqlError(await sf.gql(cartOnly, `{ store { id } }`)).code).toBe('FORBIDDEN');
      expect(gqlError(await sf.gql(shopper.token, `{ orders { edges { node { id } } } }`)).code).toBe(
        'FORBIDDEN',
      );
      expect(
        gqlError(await sf.gql(shopper.token, `{ order(id: "00000000-0000-4000-8000-000000000000") { id } }`))
          .code,
      ).toBe('FORBIDDEN');
      expect(gqlError(await sf.gql(shopper.token, `mutation { productDelete(id: "${tea.id}") }`)).code).toBe(
        'FORBIDDEN',
      );
    });

    it('lets an app with orders:write run carts, and refuses one without', async () => {
      const tea = await product({ handle: 'app-cart-tea', price: '1.00', inventory: 5 });
      const res = await create(app, { lines: [{ productId: tea.id, quantity: 2 }] });
      expect(res.body.data.cartCreate.totalQuantity).toBe(2);
      const reader = await sf.appTokenFor(owner, storeId, ['products:read', 'orders:read']);
      expect(gqlError(await create(reader)).code).toBe('FORBIDDEN');
    });
  });

  it('fills a cart at catalogue prices, merging lines per product, and checks it out end to end', async () => {
    const shirt = await product({ handle: 'e2e-shirt', price: '10.00', inventory: 20 });
    const socks = await product({ handle: 'e2e-socks', price: '2.50', inventory: 20 });
    const cap = await product({ handle: 'e2e-cap', price: '7.00', inventory: 20 });
    const made = await create(shopper.token, {
      lines: [
        { productId: shirt.id, quantity: 2 },
        { productId: socks.id, quantity: 1 },
        { productId: shirt.id, quantity: 1 },
      ],
    });
    expect(made.status).toBe(200);
    const cart = made.body.data.cartCreate;
    expect(cart.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cart).toMatchObject({
      status: 'open',
      buyerEmail: null,
      totalQuantity: 4,
      subtotal: { amount: '32.50', currencyCode: 'USD' },
      order: null,
      lines: [
        {
          quantity: 3,
          available: true,
          unitPrice: { amount: '10.00', currencyCode: 'USD' },
          lineTotal: { amount: '30.00', currencyCode: 'USD' },
          product: { id: shirt.id, handle: 'e2e-shirt' },
        },
        {
          quantity: 1,
          available: true,
          lineTotal: { amount: '2.50', currencyCode: 'USD' },
          product: { id: socks.id },
        },
      ],
    });
    expect(Date.parse(cart.expiresAt) - Date.parse(cart.updatedAt)).toBe(864_000_000);

    // adding a product already there adds to its line; a new one goes last
    let now = (
      await add(shopper.token, cart.id, [
        { productId: cap.id, quantity: 1 },
        { productId: socks.id, quantity: 2 },
      ])
    ).body.data.cartLinesAdd;
    expect(
      now.lines.map((l: { product: { id: string }; quantity: number }) => [l.product.id, l.quantity]),
    ).toEqual([
      [shirt.id, 3],
      [socks.id, 3],
      [cap.id, 1],
    ]);
    // set quantities; 0 removes
    now = (
      await update(shopper.token, cart.id, [
        { productId: shirt.id, quantity: 1 },
        { productId: socks.id, quantity: 0 },
      ])
    ).body.data.cartLinesUpdate;
    expect(now.lines.map((l: { quantity: number }) => l.quantity)).toEqual([1, 1]);
    now = (await remove(shopper.token, cart.id, [cap.id])).body.data.cartLinesRemove;
    expect(now.lines).toHaveLength(1);
    now = (await add(shopper.token, cart.id, [{ productId: socks.id, quantity: 4 }])).body.data.cartLinesAdd;
    expect(now.subtotal).toEqual({ amount: '20.00', currencyCode: 'USD' });

    // checkout needs a buyer
    const early = await checkout(shopper.token, cart.id);
    expect(gqlError(early).code).toBe('BAD_USER_INPUT');
    now = (await buyer(shopper.token, cart.id, '  buyer@example.com ')).body.data.cartBuyerUpdate;
    expect(now.buyerEmail).toBe('buyer@example.com');

    const before = await orderCount();
    // "20" equals "20.00": compared as amounts
    const done = await checkout(shopper.token, cart.id, '20');
    expect(done.body.errors).toBeUndefined();
    const order = done.body.data.checkoutComplete;
    expect(order).toMatchObject({
      status: 'open',
      source: 'checkout',
      customerEmail: 'buyer@example.com',
      total: { amount: '20.00', currencyCode: 'USD' },
      lines: [
        { quantity: 1, unitPrice: { amount: '10.00' }, product: { id: shirt.id } },
        { quantity: 4, unitPrice: { amount: '2.50' }, product: { id: socks.id } },
      ],
    });
    expect(await orderCount()).toBe(before + 1);
    expect(await stock(shirt.id)).toBe(19);
    expect(await stock(socks.id)).toBe(16);
    expect(await stock(cap.id)).toBe(20);

    // the cart is completed and names its order; a public token reads the order only there
    const completed = await read(shopper.token, cart.id);
    expect(completed.status).toBe('completed');
    expect(completed.order).toEqual({ id: order.id, status: 'open', source: 'checkout' });
    // completing again answers the same order and takes nothing
    const again = await checkout(shopper.token, cart.id);
    expect(again.body.data.checkoutComplete.id).toBe(order.id);
    expect(await orderCount()).toBe(before + 1);
    expect(await stock(socks.id)).toBe(16);
    // a completed cart cannot change
    for (const res of [
      await add(shopper.token, cart.id, [{ productId: cap.id, quantity: 1 }]),
      await update(shopper.token, cart.id, [{ productId: shirt.id, quantity: 2 }]),
      await remove(shopper.token, cart.id, [shirt.id]),
      await buyer(shopper.token, cart.id, 'other@example.com'),
    ]) {
      expect(gqlError(res).code).toBe('CART_COMPLETED');
    }

    // order.created, by the public token (its id and name), in the store's events
    const events = await t.get(`/v1/user/stores/${storeId}/events?type=order.created&limit=1`, {
      token: owner,
    });
    expect(events.body.data[0]).toMatchObject({
      type: 'order.created',
      actor: { type: 'public_token', id: shopper.id, name: 'Browser' },
      data: { id: order.id, source: 'checkout', status: 'open', customerEmail: 'buyer@example.com' },
    });
    // and the members see it over REST
    const rest = await t.get(`/v1/user/stores/${storeId}/orders/${order.id}`, { token: owner });
    expect(rest.body).toMatchObject({
      source: 'checkout',
      status: 'open',
      fulfilledAt: null,
      cancelledAt: null,
    });
  });

  it('shows the catalogue price now, and fails checkout with PRICE_CHANGED when the total moved, changing nothing', async () => {
    const lamp = await product({ handle: 'price-lamp', price: '25.00', inventory: 5 });
    const cartId = await filled([{ productId: lamp.id, quantity: 2 }]);
    expect((await read(shopper.token, cartId)).subtotal.amount).toBe('50.00');
    await sf.data(app, `mutation { productUpdate(id: "${lamp.id}", input: { price: "30.00" }) { id } }`);
    const shown = await read(shopper.token, cartId);
    expect(shown.subtotal.amount).toBe('60.00');
    expect(shown.lines[0].unitPrice.amount).toBe('30.00');
    const before = await orderCount();
    const res = await checkout(shopper.token, cartId, '50.00');
    expect(gqlError(res).code).toBe('PRICE_CHANGED');
    expect(res.body.errors[0].extensions.total).toEqual({ amount: '60.00', currencyCode: 'USD' });
    expect(res.body.data).toBeNull();
    expect(await stock(lamp.id)).toBe(5);
    expect(await orderCount()).toBe(before);
    expect((await read(shopper.token, cartId)).status).toBe('open');
    // "60.000" and "060" are the same amount
    const ok = await checkout(shopper.token, cartId, '060.000');
    expect(ok.body.data.checkoutComplete.total.amount).toBe('60.00');
    expect(await stock(lamp.id)).toBe(3);
  });

  it('fails checkout with OUT_OF_STOCK naming every short product, changing nothing', async () => {
    const plenty = await product({ handle: 'oos-plenty', price: '1.00', inventory: 50 });
    const scarce = await product({ handle: 'oos-scarce', price: '2.00', inventory: 2 });
    const rare = await product({ handle: 'oos-rare', price: '3.00', inventory: 1 });
    const cartId = await filled([
      { productId: plenty.id, quantity: 5 },
      { productId: scarce.id, quantity: 3 },
      { productId: rare.id, quantity: 2 },
    ]);
    const shown = await read(shopper.token, cartId);
    expect(shown.lines.map((l: { available: boolean }) => l.available)).toEqual([true, false, false]);
    // an out-of-stock line says so and still counts in the subtotal: checkout refuses the cart, it never
    // charges less than the subtotal by leaving a line out
    expect(shown.lines.map((l: { unavailableReason: string | null }) => l.unavailableReason)).toEqual([
      null,
      'out_of_stock',
      'out_of_stock',
    ]);
    expect(shown.lines.every((l: { inSubtotal: boolean }) => l.inSubtotal)).toBe(true);
    expect(shown.subtotal).toEqual({ amount: '17.00', currencyCode: 'USD' });
    const before = await orderCount();
    const res = await checkout(shopper.token, cartId);
    expect(gqlError(res).code).toBe('OUT_OF_STOCK');
    expect([...res.body.errors[0].extensions.productIds].sort()).toEqual([scarce.id, rare.id].sort());
    expect([await stock(plenty.id), await stock(scarce.id), await stock(rare.id)]).toEqual([50, 2, 1]);
    expect(await orderCount()).toBe(before);
    expect((await read(shopper.token, cartId)).status).toBe('open');
    // a deleted product leaves the cart (it can be neither shown nor bought)
    await sf.data(app, `mutation { productDelete(id: "${rare.id}") }`);
    await update(shopper.token, cartId, [{ productId: scarce.id, quantity: 2 }]);
    const fine = await checkout(shopper.token, cartId);
    expect(fine.body.data.checkoutComplete.lines).toHaveLength(2);
    expect(await stock(scarce.id)).toBe(0);
  });

  it('never oversells: 30 concurrent checkouts against a stock of 10 make exactly 10 orders', async () => {
    const hot = await product({ handle: 'hot-item', price: '5.00', inventory: 10 });
    const carts = await Promise.all(
      Array.from({ length: 30 }, () => filled([{ productId: hot.id, quantity: 1 }])),
    );
    const before = await orderCount();
    const results = await Promise.all(carts.map((id) => checkout(shopper.token, id)));
    const codes = results.map((r) => (r.body.errors ? r.body.errors[0].extensions.code : 'ok'));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(codes.filter((c) => c === 'OUT_OF_STOCK')).toHaveLength(20);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await stock(hot.id)).toBe(0);
    expect(await orderCount()).toBe(before + 10);
    const completed = await db.query(
      `SELECT count(*)::int AS n FROM carts WHERE id = ANY($1) AND status = 'completed'`,
      [carts],
    );
    expect(completed[0].n).toBe(10);
  });

  it('checks two lines, and two carts, for one product against the stock together', async () => {
    const pot = await product({ handle: 'shared-pot', price: '8.00', inventory: 3 });
    // two lines naming the product merge into one line of 4: more than the 3 in stock
    const merged = await filled([
      { productId: pot.id, quantity: 2 },
      { productId: pot.id, quantity: 2 },
    ]);
    expect((await read(shopper.token, merged)).lines).toHaveLength(1);
    expect(gqlError(await checkout(shopper.token, merged)).code).toBe('OUT_OF_STOCK');
    // adding the product again adds to its line, and the sum is what checkout takes
    const grown = await filled([{ productId: pot.id, quantity: 1 }]);
    await add(shopper.token, grown, [{ productId: pot.id, quantity: 1 }]);
    // two carts of 2 against 3: exactly one of them, whatever the interleaving
    const other = await filled([{ productId: pot.id, quantity: 2 }]);
    const both = await Promise.all([checkout(shopper.token, grown), checkout(shopper.token, other)]);
    expect(both.filter((r) => !r.body.errors)).toHaveLength(1);
    expect(both.filter((r) => r.body.errors?.[0].extensions.code === 'OUT_OF_STOCK')).toHaveLength(1);
    expect(await stock(pot.id)).toBe(1);
  });

  it('completes a cart once when its checkout runs many times at once', async () => {
    const mug = await product({ handle: 'once-mug', price: '6.00', inventory: 10 });
    const cartId = await filled([{ productId: mug.id, quantity: 2 }]);
    const before = await orderCount();
    const results = await Promise.all(Array.from({ length: 5 }, () => checkout(shopper.token, cartId)));
    const ids = new Set(results.map((r) => r.body.data?.checkoutComplete?.id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
    expect(await orderCount()).toBe(before + 1);
    expect(await stock(mug.id)).toBe(8);
  });

  it('replays a cart write or a checkout sent again with the same Idempotency-Key', async () => {
    const pen = await product({ handle: 'key-pen', price: '1.50', inventory: 10 });
    const cartId = await filled([{ productId: pen.id, quantity: 1 }]);
    const key = { 'idempotency-key': `add-${cartId}` };
    const first = await add(shopper.token, cartId, [{ productId: pen.id, quantity: 2 }], key);
    const second = await add(shopper.token, cartId, [{ productId: pen.id, quantity: 2 }], key);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await read(shopper.token, cartId)).lines[0].quantity).toBe(3);
    // the same key with another request is refused
    const reused = await add(shopper.token, cartId, [{ productId: pen.id, quantity: 5 }], key);
    expect(reused.status).toBe(422);
    const done = { 'idempotency-key': `checkout-${cartId}` };
    const a = await checkout(shopper.token, cartId, undefined, done);
    const b = await checkout(shopper.token, cartId, undefined, done);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(b.body.data.checkoutComplete.id).toBe(a.body.data.checkoutComplete.id);
    expect(await stock(pen.id)).toBe(7);
  });

  it('keeps one currency per cart', async () => {
    const usd = await product({ handle: 'cur-usd', price: '1.00', inventory: 5 });
    const eur = await product({ handle: 'cur-eur', price: '1.00', currencyCode: 'EUR', inventory: 5 });
    const cartId = await filled([{ productId: usd.id, quantity: 1 }]);
    for (const res of [
      await add(shopper.token, cartId, [{ productId: eur.id, quantity: 1 }]),
      await create(shopper.token, {
        lines: [
          { productId: usd.id, quantity: 1 },
          { productId: eur.id, quantity: 1 },
        ],
      }),
    ]) {
      expect(gqlError(res).code).toBe('BAD_USER_INPUT');
      expect(res.body.errors[0].extensions.reason).toBe('currency_mismatch');
    }
    // an emptied cart takes any currency; an empty one shows no currency
    await remove(shopper.token, cartId, [usd.id]);
    expect((await read(shopper.token, cartId)).subtotal).toEqual({ amount: '0.00', currencyCode: 'XXX' });
    const swapped = await add(shopper.token, cartId, [{ productId: eur.id, quantity: 1 }]);
    expect(swapped.body.data.cartLinesAdd.subtotal).toEqual({ amount: '1.00', currencyCode: 'EUR' });
    // a product moved to another currency after it was added: shown at its price, left out of the subtotal,
    // said to be the reason — and checkout refuses it for that reason
    const moved = await product({ handle: 'cur-moved', price: '4.00', currencyCode: 'EUR', inventory: 5 });
    await add(shopper.token, cartId, [{ productId: moved.id, quantity: 2 }]);
    await sf.data(
      app,
      `mutation { productUpdate(id: "${moved.id}", input: { currencyCode: "USD", price: "4.00" }) { id } }`,
    );
    const shown = await read(shopper.token, cartId);
    expect(shown.subtotal).toEqual({ amount: '1.00', currencyCode: 'EUR' });
    expect(shown.lines[1]).toMatchObject({
      available: false,
      unavailableReason: 'currency_mismatch',
      inSubtotal: false,
      lineTotal: { amount: '8.00', currencyCode: 'USD' },
    });
    await buyer(shopper.token, cartId, 'shopper@example.com');
    const refused = await checkout(shopper.token, cartId);
    expect(gqlError(refused).code).toBe('BAD_USER_INPUT');
    expect(refused.body.errors[0].extensions.reason).toBe('currency_mismatch');
  });

  it('answers bad input with BAD_USER_INPUT or NOT_FOUND, never a 5xx', async () => {
    const tea = await product({ handle: 'bad-tea', price: '1.00', inventory: 5 });
    const cartId = await filled([{ productId: tea.id, quantity: 998 }]);
    const many = Array.from({ length: 101 }, () => ({ productId: tea.id, quantity: 1 }));
    const cases: [ReturnType<typeof create>, string][] = [
      [create(shopper.token, { lines: [{ productId: tea.id, quantity: 0 }] }), 'BAD_USER_INPUT'],
      [create(shopper.token, { lines: [{ productId: tea.id, quantity: 1000 }] }), 'BAD_USER_INPUT'],
      [create(shopper.token, { lines: [{ productId: tea.id, quantity: -1 }] }), 'BAD_USER_INPUT'],
      [create(shopper.token, { lines: many }), 'BAD_USER_INPUT'],
      [create(shopper.token, { buyerEmail: 'not an address' }), 'BAD_USER_INPUT'],
      [create(shopper.token, { lines: [{ productId: 'nope', quantity: 1 }] }), 'NOT_FOUND'],
      [
        create(shopper.token, {
          lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        }),
        'NOT_FOUND',
      ],
      // merged past 999
      [add(shopper.token, cartId, [{ productId: tea.id, quantity: 2 }]), 'BAD_USER_INPUT'],
      [update(shopper.token, cartId, [{ productId: tea.id, quantity: 1000 }]), 'BAD_USER_INPUT'],
      [add(shopper.token, cartId, [{ productId: tea.id, quantity: 0 }]), 'BAD_USER_INPUT'],
      [buyer(shopper.token, cartId, 'x'.repeat(300) + '@example.com'), 'BAD_USER_INPUT'],
      [checkout(shopper.token, cartId, 'ten dollars'), 'BAD_USER_INPUT'],
      [checkout(shopper.token, cartId, '-5'), 'BAD_USER_INPUT'],
      [add(shopper.token, 'not-a-cart', [{ productId: tea.id, quantity: 1 }]), 'NOT_FOUND'],
      [checkout(shopper.token, '00000000-0000-4000-8000-000000000000'), 'NOT_FOUND'],
      [
        sf.gql(
          shopper.token,
          `mutation { cartCreate(input: { lines: [{ productId: "x", quantity: 1, price: "0.01" }] }) { id } }`,
        ),
        'GRAPHQL_VALIDATION_FAILED',
      ],
      [
        sf.gql(
          shopper.token,
          `mutation { cartLinesAdd(cartId: "x", lines: [{ productId: "y", quantity: 1.5 }]) { id } }`,
        ),
        'GRAPHQL_VALIDATION_FAILED',
      ],
    ];
    for (const [pending, code] of cases) {
      const res = await pending;
      expect(res.status).toBeLessThan(500);
      expect(gqlError(res).code).toBe(code);
    }
    // an empty cart cannot be checked out
    const empty = (await create(shopper.token, { buyerEmail: 'e@example.com' })).body.data.cartCreate.id;
    expect(gqlError(await checkout(shopper.token, empty)).code).toBe('BAD_USER_INPUT');
    expect(await read(shopper.token, 'nope')).toBeNull();
    expect((await read(shopper.token, cartId)).lines[0].quantity).toBe(998);
  });

  it("answers another store's cart as missing", async () => {
    const other = await sf.store(owner, 'Other Shop');
    const otherToken = (await sf.publicToken(owner, other, ['cart:write'])).token;
    const tea = await product({ handle: 'mine-tea', price: '1.00', inventory: 5 });
    const cartId = await filled([{ productId: tea.id, quantity: 1 }]);
    expect(
      (await sf.data(otherToken, `query($id: ID!) { cart(id: $id) { id } }`, { id: cartId })).cart,
    ).toBeNull();
    expect(gqlError(await buyer(otherToken, cartId, 'a@example.com')).code).toBe('NOT_FOUND');
    expect(gqlError(await checkout(otherToken, cartId)).code).toBe('NOT_FOUND');
    // nor can its products go into a cart of this store
    const theirs = await sf.createProduct(await sf.appTokenFor(owner, other), {
      handle: 'theirs',
      title: 'Theirs',
      price: '1.00',
      currencyCode: 'USD',
      inventory: 5,
    });
    expect(gqlError(await add(shopper.token, cartId, [{ productId: theirs.id, quantity: 1 }])).code).toBe(
      'NOT_FOUND',
    );
  });

  it('forgets a cart CART_TTL seconds after its last change; reading it does not extend it', async () => {
    const tea = await product({ handle: 'ttl-tea', price: '1.00', inventory: 5 });
    const cartId = await filled([{ productId: tea.id, quantity: 1 }]);
    const first = await read(shopper.token, cartId);
    await new Promise((r) => setTimeout(r, 20));
    const second = await read(shopper.token, cartId);
    expect(second.updatedAt).toBe(first.updatedAt);
    expect(second.expiresAt).toBe(first.expiresAt);
    // nine days old: alive, and a change starts its ten days again
    await db.query(`UPDATE carts SET updated_at = now() - interval '9 days' WHERE id = $1`, [cartId]);
    const changed = (await add(shopper.token, cartId, [{ productId: tea.id, quantity: 1 }])).body.data
      .cartLinesAdd;
    expect(Date.parse(changed.expiresAt) - Date.now()).toBeGreaterThan(863_000_000);
    // ten days and a second untouched: gone, for reads, writes and checkout alike
    await db.query(`UPDATE carts SET updated_at = now() - interval '864001 seconds' WHERE id = $1`, [cartId]);
    expect(await read(shopper.token, cartId)).toBeNull();
    expect(gqlError(await add(shopper.token, cartId, [{ productId: tea.id, quantity: 1 }])).code).toBe(
      'NOT_FOUND',
    );
    expect(gqlError(await checkout(shopper.token, cartId)).code).toBe('NOT_FOUND');
    expect(await stock(tea.id)).toBe(5);
    // the purge deletes it (with its lines) a day after it expired, and nothing younger
    const young = await filled([{ productId: tea.id, quantity: 1 }]);
    await db.query(`UPDATE carts SET updated_at = now() - interval '11 days 1 second' WHERE id = $1`, [
      cartId,
    ]);
    const report = await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(report.deleted.carts).toBeGreaterThanOrEqual(1);
    expect((await db.query('SELECT count(*)::int AS n FROM carts WHERE id = $1', [cartId]))[0].n).toBe(0);
    expect(
      (await db.query('SELECT count(*)::int AS n FROM cart_lines WHERE cart_id = $1', [cartId]))[0].n,
    ).toBe(0);
    expect((await read(shopper.token, young)).id).toBe(young);
  });
});

describe('shoppers — the write limit and a short CART_TTL', () => {
  let t: TestApp;
  let sf: StorefrontClient;

  beforeAll(async () => {
    t = await TestApp.start({ env: { STOREFRONT_WRITE_RATE_LIMIT: '3', CART_TTL: '2' } });
    sf = new StorefrontClient(t);
  });
  afterAll(() => t.close());

  it('limits cart writes per address and token with RATE_LIMITED and retryAfter; reads are not counted', async () => {
    const owner = await sf.account('limits@example.com');
    const storeId = await sf.store(owner, 'Limit Shop');
    const one = (await sf.publicToken(owner, storeId, ['cart:write'])).token;
    const two = (await sf.publicToken(owner, storeId, ['cart:write'])).token;
    const make = (token: string) => sf.gql(token, `mutation { cartCreate { id } }`);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await make(one));
    expect(made.every((r) => r.body.data?.cartCreate?.id)).toBe(true);
    const cartId = made[0].body.data.cartCreate.id;
    for (let i = 0; i < 5; i++) {
      expect(
        (await sf.gql(one, `query($id: ID!) { cart(id: $id) { id } }`, { id: cartId })).body.errors,
      ).toBeUndefined();
    }
    const limited = await make(one);
    expect(gqlError(limited).code).toBe('RATE_LIMITED');
    const retryAfter = limited.body.errors[0].extensions.retryAfter;
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    const checkout = await sf.gql(one, `mutation($c: ID!) { checkoutComplete(cartId: $c) { id } }`, {
      c: cartId,
    });
    expect(gqlError(checkout).code).toBe('RATE_LIMITED');
    // another token from the same address has its own budget
    expect((await make(two)).body.data.cartCreate.id).toEqual(expect.any(String));
  });

  it('honours CART_TTL in seconds', async () => {
    const owner = await sf.account('ttl@example.com');
    const storeId = await sf.store(owner, 'TTL Shop');
    const token = (await sf.publicToken(owner, storeId, ['cart:write'])).token;
    const cart = (await sf.data(token, `mutation { cartCreate { id updatedAt expiresAt } }`)).cartCreate;
    expect(Date.parse(cart.expiresAt) - Date.parse(cart.updatedAt)).toBe(2000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(
      (await sf.data(token, `query($id: ID!) { cart(id: $id) { id } }`, { id: cart.id })).cart,
    ).toBeNull();
  });
});

describe('shoppers — the write limit shares the /v1/auth counters and their Redis failure policy', () => {
  const redisUrl = process.env.TEST_REDIS_URL;

  /** A store and a cart:write token on `t`: the token and a cart-create call. */
  async function shop(t: TestApp, email: string) {
    const sf = new StorefrontClient(t);
    const owner = await sf.account(email);
    const storeId = await sf.store(owner, 'Redis Shop');
    const token = (await sf.publicToken(owner, storeId, ['cart:write'])).token;
    return {
      token,
      make: (on: TestApp = t) => new StorefrontClient(on).gql(token, `mutation { cartCreate { id } }`),
    };
  }

  (redisUrl ? it : it.skip)('counts one budget across instances through Redis', async () => {
    const t = await TestApp.start({ env: { STOREFRONT_WRITE_RATE_LIMIT: '4', REDIS_URL: redisUrl! } });
    const second = await TestApp.start({
      databaseUrl: t.config.databaseUrl ?? undefined,
      // the same keys, so the token hashes and verifies alike on both instances
      env: {
        STOREFRONT_WRITE_RATE_LIMIT: '4',
        REDIS_URL: redisUrl!,
        OTP_PEPPER: t.config.otpPepper,
        JWT_SECRET: t.config.jwtSecret,
      },
    });
    try {
      const { make } = await shop(t, 'redis-shared@example.com');
      const answers = [await make(t), await make(second), await make(t), await make(second), await make(t)];
      const codes = answers.map((r) => (r.body.errors ? r.body.errors[0].extensions.code : 'ok'));
      expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'RATE_LIMITED']);
    } finally {
      await second.close();
      await t.close();
    }
  });

  it('with Redis gone, counts in the instance: cart writes go on, limited, never a 5xx', async () => {
    const t = await TestApp.start({
      env: { STOREFRONT_WRITE_RATE_LIMIT: '3', REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
    });
    try {
      const { make } = await shop(t, 'redis-gone@example.com');
      const started = Date.now();
      const answers = [await make(), await make(), await make(), await make()];
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(answers.map((r) => (r.body.errors ? r.body.errors[0].extensions.code : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
        'RATE_LIMITED',
      ]);
      // each write waited at most Redis's 500 ms command timeout
      expect(Date.now() - started).toBeLessThan(4 * 1000);
    } finally {
      await t.close();
    }
  });
});
