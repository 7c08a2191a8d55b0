import { TestApp } from '@app/testing/test-app';
import { DataSource } from 'typeorm';
import { OrderHoldExpiry } from '@app/storefront';
import { gqlError, serverUrl, StorefrontClient } from '@app/testing';

// (v1.4) Paid orders and stock holds that expire: orderCreate records `paid` unless told `pending`; a
// checkout's order starts `pending`; orderMarkPaid / POST …/mark-paid set it paid once (event order.paid,
// again: unchanged, no second event; cancelled: 409 order_status_conflict); a pending, still open order
// older than ORDER_HOLD_TTL is cancelled by the service on its own (payment_timeout, stock back,
// order.cancelled by the system) — exactly once across instances.

const ORDER = `id status source paymentStatus paidAt cancelReason total { amount } lines { quantity }`;
/** Long enough that no order of these tests runs out unless a test backdates it past the hold. */
const TTL = 60;

describe('shoppers — paid orders and stock holds', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let db: DataSource;
  let owner: string;
  let storeId: string;
  let app: string;
  let shopper: string;

  const product = (handle: string, inventory: number) =>
    sf.createProduct(app, { handle, title: handle, price: '3.00', inventory });
  const stock = async (id: string) =>
    (await db.query('SELECT inventory FROM products WHERE id = $1', [id]))[0].inventory;
  const place = async (productId: string, quantity: number, paymentStatus?: string) =>
    (
      await sf.data(app, `mutation($i: OrderCreateInput!) { orderCreate(input: $i) { ${ORDER} } }`, {
        i: { customerEmail: 'buyer@example.com', lines: [{ productId, quantity }], paymentStatus },
      })
    ).orderCreate;
  const checkout = async (productId: string, quantity: number) => {
    const cart = await sf.data(shopper, `mutation($i: CartInput) { cartCreate(input: $i) { id } }`, {
      i: { lines: [{ productId, quantity }], buyerEmail: 'shopper@example.com' },
    });
    return (
      await sf.data(shopper, `mutation($c: ID!) { checkoutComplete(cartId: $c) { ${ORDER} } }`, {
        c: cart.cartCreate.id,
      })
    ).checkoutComplete;
  };
  const markPaid = (orderId: string) =>
    t.post(`/v1/user/stores/${storeId}/orders/${orderId}/mark-paid`, undefined, { token: owner });
  const events = async (type: string) =>
    (await t.get(`/v1/user/stores/${storeId}/events?type=${type}&limit=100`, { token: owner })).body.data as {
      actor: { type: string };
      data: { id: string; cancelReason: string | null; paymentStatus: string };
    }[];
  /** Backdates an order, as if its hold had been running for `seconds` already. */
  const age = (orderId: string, seconds: number) =>
    db.query(`UPDATE orders SET created_at = now() - $2::int * interval '1 second' WHERE id = $1`, [
      orderId,
      seconds,
    ]);

  beforeAll(async () => {
    t = await TestApp.start({ env: { ORDER_HOLD_TTL: String(TTL) } });
    sf = new StorefrontClient(t);
    db = t.app.get(DataSource);
    owner = await sf.account('paid@example.com');
    storeId = await sf.store(owner, 'Paid Shop');
    app = await sf.appTokenFor(owner, storeId);
    shopper = (await sf.publicToken(owner, storeId, ['store:read', 'products:read', 'cart:write'])).token;
  });
  afterAll(() => t.close());

  it('orderCreate is paid unless told pending; a checkout order starts pending', async () => {
    const p = await product('kinds', 10);
    const paid = await place(p.id, 1);
    expect(paid).toMatchObject({ paymentStatus: 'paid', source: 'app' });
    expect(Date.parse(paid.paidAt)).toBeGreaterThan(Date.now() - 60_000);
    const pending = await place(p.id, 1, 'pending');
    expect(pending).toMatchObject({ paymentStatus: 'pending', paidAt: null });
    const bad = await sf.gql(app, `mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }`, {
      i: { customerEmail: 'b@example.com', lines: [{ productId: p.id, quantity: 1 }], paymentStatus: 'free' },
    });
    expect(gqlError(bad).code).toBe('BAD_USER_INPUT');
    const fromCart = await checkout(p.id, 2);
    expect(fromCart).toMatchObject({
      source: 'checkout',
      status: 'open',
      paymentStatus: 'pending',
      paidAt: null,
    });
    const rest = await t.get(`/v1/user/stores/${storeId}/orders/${fromCart.id}`, { token: owner });
    expect(rest.body).toMatchObject({ paymentStatus: 'pending', paidAt: null });
    // An order created paid has no order.paid event: order.created shows it.
    const created = await events('order.created');
    expect(created.find((e) => e.data.id === paid.id)?.data.paymentStatus).toBe('paid');
    expect((await events('order.paid')).map((e) => e.data.id)).not.toContain(paid.id);
  });

  it('marks a pending order paid once (REST and GraphQL), with one order.paid; a cancelled one is 409', async () => {
    const p = await product('mark', 10);
    const order = await checkout(p.id, 1);
    const res = await markPaid(order.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, paymentStatus: 'paid', status: 'open' });
    const again = await markPaid(order.id);
    expect(again.status).toBe(200);
    expect(again.body.paidAt).toBe(res.body.paidAt);
    const gql = await sf.data(app, `mutation($id: ID!) { orderMarkPaid(id: $id) { ${ORDER} } }`, {
      id: order.id,
    });
    expect(gql.orderMarkPaid).toMatchObject({ paymentStatus: 'paid' });
    const paidEvents = (await events('order.paid')).filter((e) => e.data.id === order.id);
    expect(paidEvents).toHaveLength(1);
    expect(paidEvents[0].actor.type).toBe('account');

    // Concurrent mark-paid calls: one event.
    const other = await checkout(p.id, 1);
    const all = await Promise.all([markPaid(other.id), markPaid(other.id), markPaid(other.id)]);
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await events('order.paid')).filter((e) => e.data.id === other.id)).toHaveLength(1);

    const cancelled = await checkout(p.id, 1);
    await t.post(`/v1/user/stores/${storeId}/orders/${cancelled.id}/cancel`, undefined, { token: owner });
    const refused = await markPaid(cancelled.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'order_status_conflict', orderStatus: 'cancelled' });
    const gqlRefused = await sf.gql(app, `mutation($id: ID!) { orderMarkPaid(id: $id) { id } }`, {
      id: cancelled.id,
    });
    expect(gqlError(gqlRefused).code).toBe('BAD_USER_INPUT');
    expect((await markPaid('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await markPaid('not-a-uuid')).status).toBe(404);
    // Fulfilling does not need payment; a fulfilled pending order can still be marked paid.
    const shipped = await checkout(p.id, 1);
    expect(
      (await t.post(`/v1/user/stores/${storeId}/orders/${shipped.id}/fulfil`, undefined, { token: owner }))
        .status,
    ).toBe(200);
    expect((await markPaid(shipped.id)).body).toMatchObject({ status: 'fulfilled', paymentStatus: 'paid' });
  });

  it('cancels an unpaid checkout order on its own after ORDER_HOLD_TTL, stock back, by the system', async () => {
    const p = await product('hold', 5);
    const held = await checkout(p.id, 5);
    await expect(checkout(p.id, 1)).rejects.toThrow(/OUT_OF_STOCK/);
    expect(await stock(p.id)).toBe(0);
    await age(held.id, TTL + 1);
    // Waits for the service's own periodic round to find it, not a fixed sleep: every few seconds on a
    // server; on the embedded database the round runs with the purge's (the first 60 s after the start,
    // then every 10 minutes: docs/storefront.md), so there it waits for that first round.
    const deadline = Date.now() + (serverUrl() === null ? 100_000 : 30_000);
    let order: { status: string; cancelReason: string | null } | undefined;
    while (Date.now() < deadline) {
      order = (await t.get(`/v1/user/stores/${storeId}/orders/${held.id}`, { token: owner })).body;
      if (order?.status === 'cancelled') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(order).toMatchObject({
      status: 'cancelled',
      cancelReason: 'payment_timeout',
      paymentStatus: 'pending',
    });
    expect(await stock(p.id)).toBe(5);
    const cancelled = (await events('order.cancelled')).filter((e) => e.data.id === held.id);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].actor).toEqual({ type: 'system', id: null, name: null });
    expect(cancelled[0].data.cancelReason).toBe('payment_timeout');
  }, 130_000);

  it('leaves paid, app-placed and young orders alone', async () => {
    const p = await product('keep', 10);
    const paid = await checkout(p.id, 1);
    await markPaid(paid.id);
    const appPaid = await place(p.id, 1);
    const young = await checkout(p.id, 1);
    await Promise.all([age(paid.id, 3600), age(appPaid.id, 3600)]);
    await t.app.get(OrderHoldExpiry).expireOnce();
    for (const id of [paid.id, appPaid.id, young.id]) {
      const order = (await t.get(`/v1/user/stores/${storeId}/orders/${id}`, { token: owner })).body;
      expect(order.status).toBe('open');
    }
  });

  it('exactly once across instances: two instances expiring at once cancel each order once', async () => {
    // Earlier cases' unpaid orders (a young one there is past the short TTL by now) go first, so that the
    // rounds below can only find these eight — a server's periodic round would have taken them already.
    await t.app.get(OrderHoldExpiry).expireOnce();
    const p = await product('race', 40);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await checkout(p.id, 5));
    expect(await stock(p.id)).toBe(0);
    await Promise.all(orders.map((o) => age(o.id, 3600)));
    const second = t.config.databaseUrl
      ? await TestApp.start({ databaseUrl: t.config.databaseUrl, env: { ORDER_HOLD_TTL: String(TTL) } })
      : t;
    try {
      const counts = await Promise.all([
        t.app.get(OrderHoldExpiry).expireOnce(),
        second.app.get(OrderHoldExpiry).expireOnce(),
        t.app.get(OrderHoldExpiry).expireOnce(),
      ]);
      // The periodic rounds may have taken some too; together every order is cancelled exactly once.
      expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(8);
    } finally {
      if (second !== t) await second.close();
    }
    expect(await stock(p.id)).toBe(40);
    const ids = new Set(orders.map((o) => o.id));
    const cancelled = (await events('order.cancelled')).filter((e) => ids.has(e.data.id));
    expect(cancelled).toHaveLength(8);
    expect(new Set(cancelled.map((e) => e.data.id)).size).toBe(8);
  });

  it('a mark-paid racing the expiry: either paid and open, or cancelled — never both', async () => {
    const p = await product('photo-finish', 10);
    const order = await checkout(p.id, 10);
    await age(order.id, 3600);
    const [paid] = await Promise.all([markPaid(order.id), t.app.get(OrderHoldExpiry).expireOnce()]);
    const now = (await t.get(`/v1/user/stores/${storeId}/orders/${order.id}`, { token: owner })).body;
    if (paid.status === 200) {
      expect(now).toMatchObject({ status: 'open', paymentStatus: 'paid' });
      expect(await stock(p.id)).toBe(0);
    } else {
      expect(paid.status).toBe(409);
      expect(now).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
      expect(await stock(p.id)).toBe(10);
    }
  });
});
