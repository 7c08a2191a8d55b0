import { StorefrontClient } from '@app/testing';
import { TestApp, TestResponse } from '@app/testing/test-app';

// The catalogue and orders for the store's owner over REST (/v1/user/stores/:id/products, /orders): the
// storefront's rules and representation, newest first, another account's store or another store's ids
// are 404, only account tokens, and every write is one event with the account as its actor.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// (v1.4) with its images, which the REST product carries too
const PRODUCT =
  'id handle title description price { amount currencyCode } inventory images { id url altText width height } createdAt updatedAt';

describe('owner catalogue and orders (REST)', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let ownerId: string;
  let stranger: string;
  let storeId: string;
  let otherStoreId: string;

  const products = (path = '', _owner = owner, store = storeId) => `/v1/user/stores/${store}/products${path}`;
  const create = (body: Record<string, unknown>, token = owner, store = storeId): Promise<TestResponse> =>
    t.post(`/v1/user/stores/${store}/products`, body, { token });
  const tea = { handle: 'tea', title: 'Tea', price: '12499.00', currencyCode: 'INR', inventory: 5 };

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    owner = await sf.account('owner-catalogue@example.com');
    ownerId = (await t.get('/v1/auth/me', { token: owner })).body.id;
    stranger = await sf.account('owner-catalogue-stranger@example.com');
    storeId = await sf.store(owner, 'Owner shop');
    otherStoreId = await sf.store(owner, 'Second shop');
  });
  afterAll(() => t?.close());

  it('creates, reads, updates and deletes a product, as the storefront shows it', async () => {
    const created = await create({ ...tea, description: 'Assam' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(UUID),
      handle: 'tea',
      title: 'Tea',
      description: 'Assam',
      price: { amount: '12499.00', currencyCode: 'INR' },
      inventory: 5,
      images: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // (v1.4) a product without options: no options, its default variant
      options: [],
      variants: [
        {
          id: expect.stringMatching(UUID),
          title: 'Default Title',
          sku: null,
          price: { amount: '12499.00', currencyCode: 'INR' },
          compareAtPrice: null,
          inventory: 5,
          available: true,
          selectedOptions: [],
          imageId: null,
          image: null,
          position: 0,
        },
      ],
    });
    expect(created.headers.get('cache-control')).toBe('no-store');
    const id = created.body.id;

    const read = await t.get(products(`/${id}`), { token: owner });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    // The storefront sees the same product through a public token.
    const pub = await sf.publicToken(owner, storeId);
    const seen = await sf.data(pub.token, `query($id: ID) { product(id: $id) { ${PRODUCT} } }`, { id });
    const { options: _options, variants: _variants, ...shown } = created.body;
    expect(seen.product).toEqual(shown);

    const updated = await t.put(products(`/${id}`), { title: 'Green tea', price: '99.50' }, { token: owner });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      handle: 'tea',
      title: 'Green tea',
      description: 'Assam',
      price: { amount: '99.50', currencyCode: 'INR' },
      inventory: 5,
    });
    const cleared = await t.put(products(`/${id}`), { description: null, inventory: 0 }, { token: owner });
    expect(cleared.body).toMatchObject({ description: null, inventory: 0, title: 'Green tea' });

    const removed = await t.delete(products(`/${id}`), { token: owner });
    expect(removed.status).toBe(204);
    expect((await t.get(products(`/${id}`), { token: owner })).body.code).toBe('product_not_found');
    expect((await t.delete(products(`/${id}`), { token: owner })).body.code).toBe('product_not_found');
    const gone = await sf.data(pub.token, `query($id: ID) { product(id: $id) { id } }`, { id });
    expect(gone.product).toBeNull();
    // The handle is free again.
    const again = await create(tea);
    expect(again.status).toBe(201);
    await t.delete(products(`/${again.body.id}`), { token: owner });
  });

  it('validates like the storefront: 400 validation_failed with the field, 409 handle_taken', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...tea, handle: 'Bad Handle' }, 'handle'],
      [{ ...tea, handle: 'x'.repeat(101) }, 'handle'],
      [{ ...tea, title: '   ' }, 'title'],
      [{ ...tea, price: '-1' }, 'price'],
      [{ ...tea, price: '1.234' }, 'price'],
      [{ ...tea, price: 12 }, 'price'],
      [{ ...tea, currencyCode: 'XYZ' }, 'currencyCode'],
      [{ ...tea, currencyCode: 'JPY', price: '500.5' }, 'price'],
      [{ ...tea, inventory: -1 }, 'inventory'],
      [{ ...tea, inventory: 1.5 }, 'inventory'],
      [{ ...tea, colour: 'red' }, 'colour'],
      [{ title: 'No handle', price: '1.00', currencyCode: 'USD', inventory: 1 }, 'handle'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({
        body,
        status: 400,
        code: 'validation_failed',
      });
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }

    const first = await create({ ...tea, handle: 'unique-one' });
    const second = await create({ ...tea, handle: 'unique-two' });
    const taken = await create({ ...tea, handle: 'unique-one' });
    expect([taken.status, taken.body.code]).toEqual([409, 'handle_taken']);
    const renamed = await t.put(products(`/${second.body.id}`), { handle: 'unique-one' }, { token: owner });
    expect([renamed.status, renamed.body.code]).toEqual([409, 'handle_taken']);
    const currencyAlone = await t.put(
      products(`/${first.body.id}`),
      { currencyCode: 'USD' },
      { token: owner },
    );
    expect([currencyAlone.status, currencyAlone.body.code]).toEqual([400, 'validation_failed']);
    const nullTitle = await t.put(products(`/${first.body.id}`), { title: null }, { token: owner });
    expect([nullTitle.status, nullTitle.body.code]).toEqual([400, 'validation_failed']);
    // The same handle in another store is fine: handles are unique per store.
    expect((await create({ ...tea, handle: 'unique-one' }, owner, otherStoreId)).status).toBe(201);
    for (const p of [first, second]) await t.delete(products(`/${p.body.id}`), { token: owner });

    for (const q of ['?limit=0', '?limit=101', '?limit=ten', `?query=${'q'.repeat(101)}`, '?after=nope']) {
      const res = await t.get(products(q), { token: owner });
      expect({ q, status: res.status, code: res.body.code }).toEqual({
        q,
        status: 400,
        code: 'validation_failed',
      });
    }
    const orders = await t.get(`/v1/user/stores/${storeId}/orders?limit=0`, { token: owner });
    expect([orders.status, orders.body.code]).toEqual([400, 'validation_failed']);
  });

  it('answers only the store’s owner: other accounts 404, other stores’ ids 404, app/public tokens 403, none 401', async () => {
    const mine = await create({ ...tea, handle: 'isolated' });
    const elsewhere = await create({ ...tea, handle: 'elsewhere' }, owner, otherStoreId);
    const appToken = await sf.appTokenFor(owner, storeId);
    const pub = await sf.publicToken(owner, storeId);
    const order = (
      await sf.data(appToken, `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`, {
        input: { customerEmail: 'buyer@example.com', lines: [{ productId: mine.body.id, quantity: 1 }] },
      })
    ).orderCreate;

    const routes: [string, string, unknown?][] = [
      ['GET', products()],
      ['POST', products(), { ...tea, handle: 'intruder' }],
      ['GET', products(`/${mine.body.id}`)],
      ['PUT', products(`/${mine.body.id}`), { title: 'Mine now' }],
      ['DELETE', products(`/${mine.body.id}`)],
      ['GET', `/v1/user/stores/${storeId}/orders`],
      ['GET', `/v1/user/stores/${storeId}/orders/${order.id}`],
    ];
    const call = (method: string, path: string, body: unknown, token?: string) =>
      t.request(method as 'GET', path, { body, token });
    /** The route's status and problem code, labelled with the route so a failure says which. */
    const expectAnswer = (method: string, path: string, res: TestResponse, status: number, code: string) =>
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({
        method,
        path,
        status,
        code,
      });
    for (const [method, path, body] of routes) {
      const foreign = await call(method, path, body, stranger);
      expectAnswer(method, path, foreign, 404, 'store_not_found');
      for (const token of [appToken, pub.token]) {
        const res = await call(method, path, body, token);
        expectAnswer(method, path, res, 403, 'insufficient_scope');
      }
      const anonymous = await call(method, path, body, undefined);
      expectAnswer(method, path, anonymous, 401, 'unauthenticated');
    }
    // Nothing changed.
    expect((await t.get(products(`/${mine.body.id}`), { token: owner })).body.title).toBe('Tea');

    // Another store's product or order through this store's path: not found, and untouched.
    const cross: [string, string, unknown?][] = [
      ['GET', products(`/${elsewhere.body.id}`)],
      ['PUT', products(`/${elsewhere.body.id}`), { title: 'Moved' }],
      ['DELETE', products(`/${elsewhere.body.id}`)],
      ['GET', products('/not-a-uuid')],
    ];
    for (const [method, path, body] of cross) {
      const res = await call(method, path, body, owner);
      expectAnswer(method, path, res, 404, 'product_not_found');
    }
    const otherOrder = await t.get(`/v1/user/stores/${otherStoreId}/orders/${order.id}`, { token: owner });
    expect([otherOrder.status, otherOrder.body.code]).toEqual([404, 'order_not_found']);
    const badOrder = await t.get(`/v1/user/stores/${storeId}/orders/nope`, { token: owner });
    expect([badOrder.status, badOrder.body.code]).toEqual([404, 'order_not_found']);
    expect(
      (await t.get(products(`/${elsewhere.body.id}`, owner, otherStoreId), { token: owner })).body.title,
    ).toBe('Tea');
    const missingStore = await t.get(products('', owner, '00000000-0000-4000-8000-000000000000'), {
      token: owner,
    });
    expect([missingStore.status, missingStore.body.code]).toEqual([404, 'store_not_found']);
  });

  it('lists newest first in pages, and searches titles and handles', async () => {
    const shop = await sf.store(owner, 'Paged shop');
    const made: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await create(
        {
          handle: `item-${i}`,
          title: i % 2 ? `Odd ${i}` : `Even ${i}`,
          price: '1.00',
          currencyCode: 'USD',
          inventory: i,
        },
        owner,
        shop,
      );
      made.push(res.body.id);
    }
    const newest = [...made].reverse();
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res: TestResponse = await t.get(
        products(`?limit=2${after ? `&after=${after}` : ''}`, owner, shop),
        { token: owner },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((p: { id: string }) => p.id));
      after = res.body.nextCursor;
      pages++;
    } while (after);
    expect(seen).toEqual(newest);
    expect(pages).toBe(3);

    const all = await t.get(products('', owner, shop), { token: owner });
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual(newest);
    expect(all.body.nextCursor).toBeNull();

    const odd = await t.get(products('?query=odd', owner, shop), { token: owner });
    expect(odd.body.data.map((p: { title: string }) => p.title)).toEqual(['Odd 5', 'Odd 3', 'Odd 1']);
    const byHandle = await t.get(products('?query=ITEM-4', owner, shop), { token: owner });
    expect(byHandle.body.data.map((p: { id: string }) => p.id)).toEqual([made[3]]);
    const literal = await t.get(products(`?query=${encodeURIComponent('%')}`, owner, shop), { token: owner });
    expect(literal.body.data).toEqual([]);
    const oddPage = await t.get(products('?query=odd&limit=2', owner, shop), { token: owner });
    const oddNext = await t.get(
      products(`?query=odd&limit=2&after=${oddPage.body.nextCursor}`, owner, shop),
      {
        token: owner,
      },
    );
    expect(oddNext.body.data.map((p: { title: string }) => p.title)).toEqual(['Odd 1']);
    expect(oddNext.body.nextCursor).toBeNull();
  });

  it('shows orders placed by an app through GraphQL, newest first, lines with productId', async () => {
    const shop = await sf.store(owner, 'Order shop');
    const appToken = await sf.appTokenFor(owner, shop);
    const a = await create({ ...tea, handle: 'a', price: '10.00', inventory: 50 }, owner, shop);
    const b = await create({ ...tea, handle: 'b', price: '2.50', inventory: 50 }, owner, shop);
    const place = async (lines: { productId: string; quantity: number }[]) =>
      (
        await sf.data(
          appToken,
          `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id createdAt } }`,
          { input: { customerEmail: 'buyer@example.com', lines } },
        )
      ).orderCreate;
    const first = await place([
      { productId: a.body.id, quantity: 2 },
      { productId: b.body.id, quantity: 3 },
    ]);
    const second = await place([{ productId: b.body.id, quantity: 1 }]);
    const third = await place([{ productId: a.body.id, quantity: 1 }]);

    const list = await t.get(`/v1/user/stores/${shop}/orders`, { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { id: string }) => o.id)).toEqual([third.id, second.id, first.id]);
    expect(list.body.nextCursor).toBeNull();
    const one = await t.get(`/v1/user/stores/${shop}/orders/${first.id}`, { token: owner });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      id: first.id,
      status: 'open',
      source: 'app',
      customerEmail: 'buyer@example.com',
      fulfilledAt: null,
      cancelledAt: null,
      cancelReason: null,
      lines: [
        {
          productId: a.body.id,
          // (v1.4) the variant ordered, the title and SKU as sold
          variantId: a.body.variants[0].id,
          title: a.body.title,
          sku: null,
          quantity: 2,
          unitPrice: { amount: '10.00', currencyCode: 'INR' },
          lineTotal: { amount: '20.00', currencyCode: 'INR' },
        },
        {
          productId: b.body.id,
          variantId: b.body.variants[0].id,
          title: b.body.title,
          sku: null,
          quantity: 3,
          unitPrice: { amount: '2.50', currencyCode: 'INR' },
          lineTotal: { amount: '7.50', currencyCode: 'INR' },
        },
      ],
      total: { amount: '27.50', currencyCode: 'INR' },
      createdAt: first.createdAt,
      // (v1.4) an app's orderCreate records a paid order
      paymentStatus: 'paid',
      paidAt: expect.any(String),
    });
    expect(list.body.data[2]).toEqual(one.body);

    const page1 = await t.get(`/v1/user/stores/${shop}/orders?limit=2`, { token: owner });
    expect(page1.body.data.map((o: { id: string }) => o.id)).toEqual([third.id, second.id]);
    const page2 = await t.get(`/v1/user/stores/${shop}/orders?limit=2&after=${page1.body.nextCursor}`, {
      token: owner,
    });
    expect(page2.body.data.map((o: { id: string }) => o.id)).toEqual([first.id]);
    expect(page2.body.nextCursor).toBeNull();
    // A products cursor is not an orders cursor.
    const productCursor = (await t.get(products('?limit=1', owner, shop), { token: owner })).body.nextCursor;
    const mixed = await t.get(`/v1/user/stores/${shop}/orders?after=${productCursor}`, { token: owner });
    expect([mixed.status, mixed.body.code]).toEqual([400, 'validation_failed']);
    // The stock the orders took shows in the owner's catalogue.
    expect((await t.get(products(`/${a.body.id}`, owner, shop), { token: owner })).body.inventory).toBe(47);
  });

  it('emits one event per write, with the account as the actor; a refused write emits none', async () => {
    const shop = await sf.store(owner, 'Evented catalogue');
    const events = async () =>
      (await t.get(`/v1/user/stores/${shop}/events?limit=100`, { token: owner })).body.data as {
        type: string;
        actor: unknown;
        data: Record<string, unknown>;
      }[];
    const before = (await events()).length;
    const made = await create(tea, owner, shop);
    expect((await create(tea, owner, shop)).status).toBe(409);
    expect((await create({ ...tea, handle: 'x', price: 'free' }, owner, shop)).status).toBe(400);
    const updated = await t.put(
      products(`/${made.body.id}`, owner, shop),
      { inventory: 9 },
      { token: owner },
    );
    await t.delete(products(`/${made.body.id}`, owner, shop), { token: owner });
    const after = await events();
    const account = { type: 'account', id: ownerId, name: null };
    expect(after.length - before).toBe(3);
    expect(after.slice(0, 3)).toEqual([
      expect.objectContaining({ type: 'product.deleted', actor: account, data: { id: made.body.id } }),
      expect.objectContaining({ type: 'product.updated', actor: account, data: updated.body }),
      expect.objectContaining({ type: 'product.created', actor: account, data: made.body }),
    ]);
  });
});
