import { AccountClient, AppClient, SessionEvent, StorefrontClient } from '@app/sdk';
import { otpFrom } from '@app/testing';
import { GoogleProvider } from '@app/testing/google-provider';
import { RedirectClient } from '@app/testing/redirect-client';
import { TestApp } from '@app/testing/test-app';

/**
 * Every public method of AppClient, AccountClient and StorefrontClient, called with its defaults (no page
 * size, no options) against the running server, as a newcomer would: each works, each result object
 * carries the server's request id, and no GraphQL query the SDK builds by default comes near the query
 * cost limit (`orders.list()` included: each order brings up to 100 priced lines).
 */

const UUID = /^[0-9a-f-]{36}$/;
const GRAPHQL = '/v1/storefront/graphql';

/** A fetch that keeps the `extensions.cost` of every GraphQL answer. */
function costRecorder() {
  const costs: { query: string; requested: number; maximum: number }[] = [];
  const impl: typeof fetch = async (input, init = {}) => {
    const response = await fetch(input, init);
    if (new URL(String(input)).pathname === GRAPHQL) {
      const body = (await response.clone().json()) as {
        extensions?: { cost?: { requestedQueryCost: number; maximumAvailable: number } };
      };
      const cost = body.extensions?.cost;
      const query = (JSON.parse(String(init.body)) as { query: string }).query;
      if (cost) costs.push({ query, requested: cost.requestedQueryCost, maximum: cost.maximumAvailable });
    }
    return response;
  };
  return { impl, costs };
}

/** Each result object has the server's request id, not enumerable (absent from its JSON). */
function traced(value: unknown): void {
  expect(value).not.toBeNull();
  expect((value as { requestId?: string }).requestId).toMatch(UUID);
  expect(Object.keys(value as object)).not.toContain('requestId');
}

describe('SDK: every list method across its documented page sizes (1–100)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ env: { AUTH_RATE_LIMIT: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('orders.list({ first: 50 }) and products.list({ first: 100 }) answer their pages, within the query cost limit', async () => {
    const account = new AccountClient({ baseUrl: t.baseUrl });
    await account.login('pages@example.com');
    await account.verify('pages@example.com', otpFrom(await t.mail.waitFor('pages@example.com')));
    const store = await account.stores.create({ name: 'Pages', description: 'Many orders' });
    const app = await account.apps.create({ storeId: store.id, name: 'Pager' });
    const recorder = costRecorder();
    const client = new AppClient({
      baseUrl: t.baseUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      fetch: recorder.impl,
    });
    const product = await client.products.create({
      handle: 'tea',
      title: 'Tea',
      price: '1.00',
      currencyCode: 'EUR',
      inventory: 1000,
    });
    const placed: string[] = [];
    for (let i = 0; i < 30; i++) {
      const order = await client.orders.create({
        customerEmail: `buyer${i}@example.com`,
        lines: [{ productId: product.id, quantity: 1 }],
      });
      placed.push(order.id);
    }
    // All 30 in one page of 50 (oldest first, as the connection pages), however many requests that took.
    const fifty = await client.orders.list({ first: 50 });
    traced(fifty);
    expect(fifty.edges.map((e) => e.node.id)).toEqual(placed);
    expect(fifty.pageInfo.hasNextPage).toBe(false);
    // A page of 25 of 30: 25 orders, then the other 5 after its cursor, none twice.
    const first25 = await client.orders.list({ first: 25 });
    expect(first25.edges).toHaveLength(25);
    expect(first25.pageInfo.hasNextPage).toBe(true);
    const rest = await client.orders.list({ first: 25, after: first25.pageInfo.endCursor });
    expect([...first25.edges, ...rest.edges].map((e) => e.node.id)).toEqual(placed);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    // Every size from 1 to 100 is a page, never QUERY_TOO_COMPLEX.
    for (const first of [1, 12, 13, 100]) {
      const page = await client.orders.list({ first });
      expect(page.edges).toHaveLength(Math.min(first, 30));
    }
    const iterated: string[] = [];
    for await (const o of client.orders.iterate({ first: 40 })) iterated.push(o.id);
    expect(iterated).toEqual(placed);
    expect((await client.products.list({ first: 100 })).edges).toHaveLength(1);
    const storefront = new StorefrontClient({
      baseUrl: t.baseUrl,
      publicToken: (await account.publicTokens.create(store.id, { name: 'Web' })).token,
    });
    expect((await storefront.products.list({ first: 100 })).edges).toHaveLength(1);
    // No request the SDK sent came near the cost limit.
    expect(recorder.costs.filter((c) => c.requested > c.maximum)).toEqual([]);
    expect(recorder.costs.some((c) => /query Orders/.test(c.query))).toBe(true);
  });
});

describe('SDK: every public method with its defaults, against the server', () => {
  let t: TestApp;
  let google: GoogleProvider;
  beforeAll(async () => {
    google = await GoogleProvider.start();
    t = await TestApp.start({ env: { ...google.env, AUTH_RATE_LIMIT: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
    await google?.stop();
  });

  it('AccountClient, AppClient and StorefrontClient: every method works with its defaults', async () => {
    const recorder = costRecorder();
    const events: SessionEvent[] = [];

    // ── AccountClient ───────────────────────────────────────────────────────────────────────────
    const account = new AccountClient({ baseUrl: t.baseUrl });
    account.onChange((event) => events.push(event));
    traced(await account.providers());
    traced(await account.login('defaults@example.com'));
    const session = await account.verify(
      'defaults@example.com',
      otpFrom(await t.mail.waitFor('defaults@example.com')),
    );
    traced(session);
    expect((await account.session())?.sessionId).toBe(session.sessionId);
    traced(await account.me());
    const refreshed = await account.refresh();
    traced(refreshed);
    expect(refreshed.sessionId).toBe(session.sessionId);

    const store = await account.stores.create({ name: 'Defaults shop', description: 'Everything' });
    traced(store);
    traced(
      await account.stores.stage2(store.id, {
        faviconUrl: 'https://cdn.example.com/f.png',
        logoBlackWhiteUrl: 'https://cdn.example.com/bw.png',
        logoColorUrl: 'https://cdn.example.com/c.png',
      }),
    );
    traced(
      await account.stores.stage3(store.id, {
        mobile: '+919876543210',
        supportEmail: 'help@example.com',
        region: 'South',
        address: { line1: '1 Main St', city: 'Chennai', state: 'TN', postalCode: '600001', country: 'IN' },
      }),
    );
    traced(await account.stores.stage4(store.id, { socialLinks: [] }));
    const completed = await account.stores.complete(store.id);
    traced(completed);
    expect(completed.status).toBe('active');
    traced(await account.stores.update(store.id, { name: 'Defaults' }));
    const got = await account.stores.get(store.id);
    traced(got);
    expect(got.name).toBe('Defaults');
    const stores = await account.stores.list();
    traced(stores);
    expect(stores.map((s) => s.id)).toEqual([store.id]);

    const app = await account.apps.create({ storeId: store.id, name: 'Backend' });
    traced(app);
    traced(await account.apps.list(store.id));
    const rotated = await account.apps.rotateSecret(app.id);
    traced(rotated);
    const pub = await account.publicTokens.create(store.id, { name: 'Web' });
    traced(pub);
    traced(await account.publicTokens.list(store.id));
    const pubRotated = await account.publicTokens.rotate(store.id, pub.id);
    traced(pubRotated);

    // ── AppClient ───────────────────────────────────────────────────────────────────────────────
    const client = new AppClient({
      baseUrl: t.baseUrl,
      clientId: app.clientId,
      clientSecret: rotated.clientSecret,
      fetch: recorder.impl,
    });
    expect(await client.getAccessToken()).toMatch(/\S/);
    const appStore = await client.store();
    traced(appStore);
    expect(appStore.id).toBe(store.id);
    const data = await client.graphql<{ store: { id: string } }>('{ store { id } }');
    traced(data);
    expect(data.store.id).toBe(store.id);
    const mug = await client.products.create({
      handle: 'mug',
      title: 'Mug',
      price: '9.50',
      currencyCode: 'EUR',
      inventory: 40,
    });
    traced(mug);
    const cup = await client.products.create({
      handle: 'cup',
      title: 'Cup',
      price: '4.00',
      currencyCode: 'EUR',
      inventory: 40,
    });
    traced(await client.products.update(mug.id, { title: 'Big mug' }));
    const page = await client.products.list();
    traced(page);
    expect(page.edges.map((e) => e.node.title).sort()).toEqual(['Big mug', 'Cup']);
    const byId = await client.products.get({ id: mug.id });
    traced(byId);
    expect(byId?.title).toBe('Big mug');
    traced(await client.products.get({ handle: 'cup' }));
    const all: string[] = [];
    for await (const p of client.products.iterate()) all.push(p.handle);
    expect(all.sort()).toEqual(['cup', 'mug']);

    const order = await client.orders.create({
      customerEmail: 'buyer@example.com',
      lines: [
        { productId: mug.id, quantity: 2 },
        { productId: cup.id, quantity: 1 },
      ],
    });
    traced(order);
    expect(order.total.amount).toBe('23.00');
    const orders = await client.orders.list();
    traced(orders);
    expect(orders.edges.map((e) => e.node.id)).toEqual([order.id]);
    expect(orders.edges[0].node.lines).toHaveLength(2);
    const one = await client.orders.get(order.id);
    traced(one);
    expect(one?.customerEmail).toBe('buyer@example.com');
    const iterated: string[] = [];
    for await (const o of client.orders.iterate()) iterated.push(o.id);
    expect(iterated).toEqual([order.id]);
    const deleted = await client.products.delete(cup.id);
    traced(deleted);
    expect(deleted.id).toBe(cup.id);
    traced(await client.revoke());
    traced(await client.store()); // a new token after the revocation

    // Every query the SDK built by default fits the cost limit with room to spare.
    expect(recorder.costs.length).toBeGreaterThanOrEqual(10);
    const ordersList = recorder.costs.find((c) => /query Orders/.test(c.query));
    expect(ordersList).toBeDefined();
    for (const cost of recorder.costs) {
      expect({ query: cost.query, ok: cost.requested <= cost.maximum * 0.85 }).toEqual({
        query: cost.query,
        ok: true,
      });
    }

    // ── StorefrontClient ────────────────────────────────────────────────────────────────────────
    const storefront = new StorefrontClient({ baseUrl: t.baseUrl, publicToken: pubRotated.token });
    const sfStore = await storefront.store();
    traced(sfStore);
    expect(sfStore.name).toBe('Defaults');
    traced(await storefront.graphql('{ store { name } }'));
    const sfPage = await storefront.products.list();
    traced(sfPage);
    expect(sfPage.edges.map((e) => e.node.handle)).toEqual(['mug']);
    traced(await storefront.products.get({ handle: 'mug' }));
    const sfAll: string[] = [];
    for await (const p of storefront.products.iterate()) sfAll.push(p.handle);
    expect(sfAll).toEqual(['mug']);

    // ── AccountClient: the owner's catalogue, orders and events ─────────────────────────────────
    const tea = await account.products.create(store.id, {
      handle: 'tea',
      title: 'Tea',
      price: '3.00',
      currencyCode: 'EUR',
      inventory: 7,
    });
    traced(tea);
    expect(tea.price).toEqual({ amount: '3.00', currencyCode: 'EUR' });
    const teaUpdated = await account.products.update(store.id, tea.id, { title: 'Green tea' });
    traced(teaUpdated);
    expect(teaUpdated.title).toBe('Green tea');
    const teaRead = await account.products.get(store.id, tea.id);
    traced(teaRead);
    expect(teaRead).toEqual(teaUpdated);
    const ownerPage = await account.products.list(store.id);
    traced(ownerPage);
    expect(ownerPage.data.map((p) => p.handle)).toEqual(['tea', 'mug']);
    expect(ownerPage.nextCursor).toBeNull();
    const ownerAll: string[] = [];
    for await (const p of account.products.iterate(store.id)) {
      traced(p);
      ownerAll.push(p.handle);
    }
    expect(ownerAll).toEqual(['tea', 'mug']);
    traced(await account.products.delete(store.id, tea.id));
    const ownerOrders = await account.orders.list(store.id);
    traced(ownerOrders);
    expect(ownerOrders.data.map((o) => o.id)).toEqual([order.id]);
    const ownerOrder = await account.orders.get(store.id, order.id);
    traced(ownerOrder);
    expect(ownerOrder.lines.map((l) => l.productId)).toEqual([mug.id, cup.id]);
    const ownerIterated: string[] = [];
    for await (const o of account.orders.iterate(store.id)) ownerIterated.push(o.id);
    expect(ownerIterated).toEqual([order.id]);
    const activity = await account.events.list(store.id);
    traced(activity);
    expect(activity.data[0]).toMatchObject({ type: 'product.deleted', actor: { type: 'account' } });

    // ── AccountClient: the rest (deletes, sessions, social sign-in, sign-out) ──────────────────
    traced(await account.publicTokens.delete(store.id, pub.id));
    traced(await account.apps.delete(app.id));
    const origin = new URL(t.config.publicUrl).origin;
    const social = new AccountClient({ baseUrl: t.config.publicUrl });
    const { url } = await social.socialSignIn('google', { redirectUri: `${origin}/console/auth/callback` });
    google.next = { sub: 'defaults-google', email: 'defaults@example.com', email_verified: true };
    const hops = await new RedirectClient().follow(url, (next) => next.startsWith(`${origin}/console`));
    const code = new URL(hops[hops.length - 1].location!).searchParams.get('login_code')!;
    const socialSession = await social.completeSocialSignIn(code);
    traced(socialSession);
    const sessions = await account.sessions.list();
    traced(sessions);
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s) => !s.current)!;
    expect(other.id).toBe(socialSession.sessionId);
    traced(await account.sessions.revoke(other.id));
    traced(await account.stores.delete(store.id));
    traced(await account.logout());
    expect(await account.session()).toBeNull();

    const again = new AccountClient({ baseUrl: t.baseUrl });
    await again.login('defaults@example.com');
    await again.verify('defaults@example.com', otpFrom(await t.mail.waitFor('defaults@example.com')));
    traced(await again.logoutAll());
    expect(await again.session()).toBeNull();
    expect(events).toEqual(['signed_in', 'refreshed', 'signed_out']);
  });
});
