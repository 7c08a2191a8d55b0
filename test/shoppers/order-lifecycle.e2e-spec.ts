import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';
import { addMember, gqlError, StorefrontClient } from '@app/testing';

// Orders that move (contract §15): open → fulfilled | cancelled, over REST for members whose role allows
// it and over GraphQL for apps with orders:write; a cancel puts every line's stock back in the same
// transaction; any other move is 409 order_status_conflict (GraphQL BAD_USER_INPUT with the reason);
// concurrent moves of one order have exactly one winner; each move writes its event.

const ORDER = `id status source fulfilledAt cancelledAt cancelReason total { amount } lines { quantity product { id } }`;

describe('shoppers — the order lifecycle', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let db: DataSource;
  let owner: string;
  let storeId: string;
  let app: string;

  const product = (handle: string, inventory: number) =>
    sf.createProduct(app, { handle, title: handle, price: '3.00', currencyCode: 'USD', inventory });
  const stock = async (id: string) =>
    (await db.query('SELECT inventory FROM products WHERE id = $1', [id]))[0].inventory;
  const place = async (lines: { productId: string; quantity: number }[]) =>
    (
      await sf.data(app, `mutation($i: OrderCreateInput!) { orderCreate(input: $i) { ${ORDER} } }`, {
        i: { customerEmail: 'buyer@example.com', lines },
      })
    ).orderCreate;
  const fulfil = (orderId: string, token = owner, store = storeId) =>
    t.post(`/v1/user/stores/${store}/orders/${orderId}/fulfil`, undefined, { token });
  const cancel = (orderId: string, body?: unknown, token = owner) =>
    t.post(`/v1/user/stores/${storeId}/orders/${orderId}/cancel`, body, { token });
  const gqlFulfil = (token: string, id: string) =>
    sf.gql(token, `mutation($id: ID!) { orderFulfil(id: $id) { ${ORDER} } }`, { id });
  const gqlCancel = (token: string, id: string, reason?: string) =>
    sf.gql(token, `mutation($id: ID!, $r: String) { orderCancel(id: $id, reason: $r) { ${ORDER} } }`, {
      id,
      r: reason ?? null,
    });

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    db = t.app.get(DataSource);
    owner = await sf.account('lifecycle@example.com');
    storeId = await sf.store(owner, 'Lifecycle Shop');
    app = await sf.appTokenFor(owner, storeId);
  });
  afterAll(() => t.close());

  it('fulfils an open order over REST (200, the order), and refuses every other move with 409', async () => {
    const p = await product('rest-fulfil', 10);
    const order = await place([{ productId: p.id, quantity: 2 }]);
    expect(order).toMatchObject({ status: 'open', source: 'app', fulfilledAt: null, cancelledAt: null });
    const res = await fulfil(order.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      id: order.id,
      status: 'fulfilled',
      source: 'app',
      cancelledAt: null,
      cancelReason: null,
      lines: [{ productId: p.id, quantity: 2 }],
    });
    expect(Date.parse(res.body.fulfilledAt)).toBeGreaterThan(Date.now() - 60_000);
    for (const again of [await fulfil(order.id), await cancel(order.id)]) {
      expect(again.status).toBe(409);
      expect(again.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(again.body).toMatchObject({
        code: 'order_status_conflict',
        status: 409,
        reason: 'order_status_conflict',
        orderStatus: 'fulfilled',
      });
    }
    expect(await stock(p.id)).toBe(8);
  });

  it('cancels an open order over REST with a reason, putting every line’s stock back', async () => {
    const a = await product('rest-cancel-a', 10);
    const b = await product('rest-cancel-b', 5);
    const order = await place([
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 5 },
    ]);
    expect([await stock(a.id), await stock(b.id)]).toEqual([7, 0]);
    const res = await cancel(order.id, { reason: '  Buyer changed their mind  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Buyer changed their mind',
      fulfilledAt: null,
    });
    expect(Date.parse(res.body.cancelledAt)).toBeGreaterThan(Date.now() - 60_000);
    expect([await stock(a.id), await stock(b.id)]).toEqual([10, 5]);
    // no way back, no second restore
    expect((await fulfil(order.id)).status).toBe(409);
    expect((await cancel(order.id)).status).toBe(409);
    expect([await stock(a.id), await stock(b.id)]).toEqual([10, 5]);
    // without a body, or with an empty reason: no reason
    const other = await place([{ productId: a.id, quantity: 1 }]);
    expect((await cancel(other.id)).body).toMatchObject({ status: 'cancelled', cancelReason: null });
  });

  it('refuses bad input with 400 and unknown orders with 404, never a 5xx', async () => {
    const p = await product('rest-bad', 10);
    const order = await place([{ productId: p.id, quantity: 1 }]);
    const long = await cancel(order.id, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('validation_failed');
    expect((await cancel(order.id, { reason: 5 })).status).toBe(400);
    expect((await cancel(order.id, { why: 'typo' })).status).toBe(400);
    expect((await cancel(order.id, [1, 2])).status).toBe(400);
    for (const res of [
      await fulfil('00000000-0000-4000-8000-000000000000'),
      await fulfil('not-an-id'),
      await cancel('not-an-id'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('order_not_found');
    }
    // another store's order is not found through this store
    const elsewhere = await sf.store(owner, 'Elsewhere');
    expect((await fulfil(order.id, owner, elsewhere)).body.code).toBe('order_not_found');
    expect((await t.get(`/v1/user/stores/${storeId}/orders/${order.id}`, { token: owner })).body.status).toBe(
      'open',
    );
  });

  it('moves orders over GraphQL for apps with orders:write only', async () => {
    const p = await product('gql-moves', 10);
    const one = await place([{ productId: p.id, quantity: 4 }]);
    const two = await place([{ productId: p.id, quantity: 1 }]);
    const fulfilled = await gqlFulfil(app, one.id);
    expect(fulfilled.body.data.orderFulfil).toMatchObject({
      id: one.id,
      status: 'fulfilled',
      fulfilledAt: expect.any(String),
    });
    const cancelled = await gqlCancel(app, two.id, 'Fraud check failed');
    expect(cancelled.body.data.orderCancel).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Fraud check failed',
      cancelledAt: expect.any(String),
    });
    expect(await stock(p.id)).toBe(6);
    const conflict = await gqlCancel(app, one.id);
    expect(gqlError(conflict).code).toBe('BAD_USER_INPUT');
    expect(conflict.body.errors[0].extensions).toMatchObject({
      reason: 'order_status_conflict',
      orderStatus: 'fulfilled',
    });
    expect(gqlError(await gqlFulfil(app, '00000000-0000-4000-8000-000000000000')).code).toBe('NOT_FOUND');
    expect(gqlError(await gqlCancel(app, two.id, 'y'.repeat(501))).code).toBe('BAD_USER_INPUT');
    // a public token (even with cart:write) and an app without orders:write are refused
    const three = await place([{ productId: p.id, quantity: 1 }]);
    const shopper = (await sf.publicToken(owner, storeId, ['store:read', 'products:read', 'cart:write']))
      .token;
    const reader = await sf.appTokenFor(owner, storeId, ['orders:read', 'products:read']);
    for (const token of [shopper, reader]) {
      expect(gqlError(await gqlFulfil(token, three.id)).code).toBe('FORBIDDEN');
      expect(gqlError(await gqlCancel(token, three.id)).code).toBe('FORBIDDEN');
    }
    expect((await t.get(`/v1/user/stores/${storeId}/orders/${three.id}`, { token: owner })).body.status).toBe(
      'open',
    );
  });

  it('writes order.fulfilled and order.cancelled with the order after the change', async () => {
    const p = await product('evented', 10);
    const one = await place([{ productId: p.id, quantity: 1 }]);
    const two = await place([{ productId: p.id, quantity: 1 }]);
    const done = (await fulfil(one.id)).body;
    const gone = (await gqlCancel(app, two.id, 'Out of season')).body.data.orderCancel;
    const events = (await t.get(`/v1/user/stores/${storeId}/events?limit=2`, { token: owner })).body.data;
    const [cancelled, fulfilled] = events;
    expect(fulfilled).toMatchObject({ type: 'order.fulfilled', actor: { type: 'account' }, data: done });
    expect(cancelled).toMatchObject({
      type: 'order.cancelled',
      actor: { type: 'app' },
      data: { id: two.id, status: 'cancelled', cancelReason: 'Out of season', cancelledAt: gone.cancelledAt },
    });
    // a refused move leaves no event
    await fulfil(one.id);
    expect((await t.get(`/v1/user/stores/${storeId}/events?limit=1`, { token: owner })).body.data[0].id).toBe(
      cancelled.id,
    );
  });

  it('lets exactly one of a concurrent fulfil and cancel win, putting stock back only when the cancel won', async () => {
    const p = await product('race', 100);
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await place([{ productId: p.id, quantity: 2 }]));
    expect(await stock(p.id)).toBe(80);
    const results = await Promise.all(
      orders.map((o, i) =>
        Promise.all(
          i % 2
            ? [fulfil(o.id), cancel(o.id, { reason: 'race' })]
            : [cancel(o.id, { reason: 'race' }), fulfil(o.id)],
        ),
      ),
    );
    let cancels = 0;
    for (const pair of results) {
      const statuses = pair.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      if (pair.some((r) => r.status === 200 && r.body.status === 'cancelled')) cancels++;
    }
    expect(await stock(p.id)).toBe(80 + 2 * cancels);
    const rows = await db.query(
      `SELECT status, count(*)::int AS n FROM orders WHERE id = ANY($1) GROUP BY status`,
      [orders.map((o) => o.id)],
    );
    expect(rows.reduce((n: number, r: { n: number }) => n + r.n, 0)).toBe(10);
  });

  it('restores stock once however many cancels race', async () => {
    const p = await product('cancel-race', 10);
    const order = await place([{ productId: p.id, quantity: 4 }]);
    const results = await Promise.all(Array.from({ length: 6 }, () => cancel(order.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await stock(p.id)).toBe(10);
  });

  it('lets staff move orders and refuses a developer with 403 insufficient_role', async () => {
    const p = await product('roles', 10);
    const staff = { email: 'staff@lifecycle.example', token: '' };
    const developer = { email: 'dev@lifecycle.example', token: '' };
    staff.token = (await t.signIn(staff.email)).access_token;
    developer.token = (await t.signIn(developer.email)).access_token;
    await addMember(t, owner, storeId, staff, 'staff');
    await addMember(t, owner, storeId, developer, 'developer');
    const order = await place([{ productId: p.id, quantity: 1 }]);
    const refused = await fulfil(order.id, developer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('insufficient_role');
    expect((await cancel(order.id, undefined, developer.token)).status).toBe(403);
    // the developer still reads it
    expect(
      (await t.get(`/v1/user/stores/${storeId}/orders/${order.id}`, { token: developer.token })).status,
    ).toBe(200);
    expect((await fulfil(order.id, staff.token)).body.status).toBe('fulfilled');
  });

  it("publishes the moves in the OpenAPI document, with the order's new fields", async () => {
    const doc = (await t.get('/docs/openapi.json')).body;
    for (const move of ['fulfil', 'cancel']) {
      const op = doc.paths[`/v1/user/stores/{id}/orders/{orderId}/${move}`].post;
      expect(op.operationId).toBe(`OwnerOrdersController_${move}`);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '404', '409']));
      expect(op.security).toBeDefined();
    }
    const cancelBody = doc.paths['/v1/user/stores/{id}/orders/{orderId}/cancel'].post.requestBody;
    expect(JSON.stringify(cancelBody)).toContain('CancelOrderDto');
    expect(Object.keys(doc.components.schemas.OwnerOrderDto.properties)).toEqual(
      expect.arrayContaining(['source', 'fulfilledAt', 'cancelledAt', 'cancelReason']),
    );
  });
});
