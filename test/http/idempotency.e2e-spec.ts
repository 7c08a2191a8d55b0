import { TcpProxy, GRAPHQL, StorefrontClient } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { DataSource } from 'typeorm';

/**
 * Idempotency-Key on store creation (onboarding stage 1) and on Storefront mutations: one effect however
 * often, and however concurrently, a request is retried; replays say so; keys never cross callers.
 */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** A GraphQL operation (no variables) sent with an Idempotency-Key. */
  const gqlWithKey = (token: string, query: string, key: string) =>
    sf.gql(token, query, undefined, { headers: { 'idempotency-key': key } });
  /** A product with 100 in stock, priced in USD; its id. */
  const product = async (token: string, handle: string, title: string, price: string) =>
    (await sf.createProduct(token, { handle, title, price, currencyCode: 'USD', inventory: 100 })).id;
  const storeCount = async (token: string) => (await t.get('/v1/user/stores/@me', { token })).body.length;
  const stage1 = (
    token: string,
    key: string | undefined,
    body: unknown = { name: 'Shop', description: 'd' },
  ) =>
    t.post('/v1/user/stores/onboarding/stage1', body, {
      token,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  describe('on POST /v1/user/stores/onboarding/stage1', () => {
    it('creates one store for the same key twice; the retry is a replay with the same status and body', async () => {
      const token = await sf.account('idem-twice@example.com');
      const first = await stage1(token, 'create-shop-1');
      const second = await stage1(token, 'create-shop-1');
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await storeCount(token)).toBe(1);
      // Key order in the body does not make it another request.
      const reordered = await stage1(token, 'create-shop-1', { description: 'd', name: 'Shop' });
      expect(reordered.status).toBe(201);
      expect(reordered.body.id).toBe(first.body.id);
      // Without a key, every request is its own.
      await stage1(token, undefined);
      expect(await storeCount(token)).toBe(2);
    });

    it('runs 10 concurrent requests with one key once: the others are 409 in use or the replay', async () => {
      const token = await sf.account('idem-race@example.com');
      const results = await Promise.all(Array.from({ length: 10 }, () => stage1(token, 'race-key')));
      const created = results.filter((r) => r.status === 201);
      const inUse = results.filter((r) => r.status === 409);
      expect(created.length + inUse.length).toBe(10);
      expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
      for (const r of inUse) {
        expect(r.body.code).toBe('idempotency_key_in_use');
        expect(r.headers.get('retry-after')).toBe('1');
      }
      expect(await storeCount(token)).toBe(1);
      // Once the first has finished, a retry is the replay.
      const later = await stage1(token, 'race-key');
      expect(later.headers.get('idempotent-replayed')).toBe('true');
      expect(later.body.id).toBe(created[0].body.id);
    });

    it('refuses the same key with another body with 422 idempotency_key_reused', async () => {
      const token = await sf.account('idem-reuse@example.com');
      expect((await stage1(token, 'k-reuse')).status).toBe(201);
      const other = await stage1(token, 'k-reuse', { name: 'Other shop', description: 'd' });
      expect(other.status).toBe(422);
      expect(other.body.code).toBe('idempotency_key_reused');
      expect(await storeCount(token)).toBe(1);
    });

    it('keeps keys of different accounts apart: each gets its own store', async () => {
      const a = await sf.account('idem-a@example.com');
      const b = await sf.account('idem-b@example.com');
      const ra = await stage1(a, 'shared-key');
      const rb = await stage1(b, 'shared-key');
      expect(ra.status).toBe(201);
      expect(rb.status).toBe(201);
      expect(rb.headers.get('idempotent-replayed')).toBeNull();
      expect(rb.body.id).not.toBe(ra.body.id);
      expect((await t.get(`/v1/user/stores/${ra.body.id}`, { token: b })).status).toBe(404);
    });

    it.each([
      ['empty', ''],
      ['256 characters', 'k'.repeat(256)],
      ['a space', 'two words'],
      ['non-ASCII', 'clé'],
    ])('refuses a %s key with 400 naming the header', async (_name, key) => {
      const token = await sf.account(`idem-bad-${key.length}-${Date.now()}@example.com`);
      const res = await t.request('POST', '/v1/user/stores/onboarding/stage1', {
        token,
        body: { name: 'Shop', description: 'd' },
        headers: { 'idempotency-key': key },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors[0].field).toBe('Idempotency-Key');
      expect(await storeCount(token)).toBe(0);
    });

    it('keeps no refusal: a 401 with a key leaves the key free for the same account', async () => {
      const token = await sf.account('idem-refused@example.com');
      const refused = await stage1(`${token}x`, 'refused-key');
      expect(refused.status).toBe(401);
      const good = await stage1(token, 'refused-key');
      expect(good.status).toBe(201);
      expect(good.headers.get('idempotent-replayed')).toBeNull();
      expect(await storeCount(token)).toBe(1);
    });

    it('does not keep a failed answer: a corrected retry with the same key runs', async () => {
      const token = await sf.account('idem-fix@example.com');
      const bad = await stage1(token, 'fix-key', { name: '', description: 'd' });
      expect(bad.status).toBe(400);
      const good = await stage1(token, 'fix-key');
      expect(good.status).toBe(201);
      expect(good.headers.get('idempotent-replayed')).toBeNull();
    });
  });

  describe('on Storefront mutations', () => {
    let app: string;
    let productId: string;
    const order = (key?: string) =>
      sf.gql(
        app,
        `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id total { amount } } }`,
        { input: { customerEmail: 'buyer@example.com', lines: [{ productId, quantity: 1 }] } },
        { headers: key ? { 'idempotency-key': key } : {} },
      );
    const stock = async () =>
      (
        (await db.query(`SELECT inventory FROM products WHERE id = $1`, [productId])) as {
          inventory: number;
        }[]
      )[0].inventory;
    const orders = async () =>
      ((await db.query(`SELECT count(*)::int AS n FROM orders`)) as { n: number }[])[0].n;

    beforeAll(async () => {
      const owner = await sf.account('idem-shop@example.com');
      const storeId = await sf.store(owner, 'Idem shop');
      app = await sf.appTokenFor(owner, storeId);
      productId = await product(app, 'mug', 'Mug', '5.00');
    });

    it('places one order for the same key twice; the retry replays the result', async () => {
      const [ordersBefore, stockBefore] = [await orders(), await stock()];
      const first = await order('order-1');
      const second = await order('order-1');
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual(first.body.data);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await orders()).toBe(ordersBefore + 1);
      expect(await stock()).toBe(stockBefore - 1);
    });

    it('answers another mutation with the same key with 422, and bad keys with 400', async () => {
      expect((await order('order-2')).status).toBe(200);
      const other = await gqlWithKey(
        app,
        `mutation { productUpdate(id: "${productId}", input: { title: "Big mug" }) { id } }`,
        'order-2',
      );
      expect(other.status).toBe(422);
      expect(other.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
      const bad = await order('bad key');
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });

    it('ignores the header on queries', async () => {
      const q = await gqlWithKey(app, '{ store { id } }', 'order-1');
      expect(q.status).toBe(200);
      expect(q.headers.get('idempotent-replayed')).toBeNull();
      expect(q.body.data.store.id).toBeDefined();
    });

    it('places exactly one order when the connection drops mid-request and the client retries', async () => {
      const [ordersBefore, stockBefore] = [await orders(), await stock()];
      const { hostname, port } = new URL(t.baseUrl);
      const proxy = await new TcpProxy(hostname, Number(port)).start();
      const body = JSON.stringify({
        query: `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`,
        variables: { input: { customerEmail: 'cut@example.com', lines: [{ productId, quantity: 1 }] } },
      });
      // Hold the product's row lock (on the embedded database: its one connection) so the order cannot
      // finish; send the request; once it has reached the server, cut the connection; then let go.
      const blocker = db.createQueryRunner();
      await blocker.connect();
      await blocker.startTransaction();
      await blocker.query(`SELECT id FROM products WHERE id = $1 FOR UPDATE`, [productId]);
      const cut = await new Promise<string>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port: proxy.port,
          method: 'POST',
          path: GRAPHQL,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${app}`,
            'idempotency-key': 'cut-order',
          },
        });
        req.on('response', () => resolve('answered'));
        req.on('error', (error) => resolve(`error: ${(error as NodeJS.ErrnoException).code}`));
        req.end(body, () => void cutWhenReceived());
        // On a server the claim row shows the request is inside the mutation (blocked on the lock). The
        // embedded database's one connection is held, so there it is cut after a pause instead: the
        // server then drops the request before it runs, which must not cost an order either.
        const cutWhenReceived = async () => {
          for (let i = 0; t.config.databaseUrl && i < 100; i++) {
            const [{ n }] = (await db.query(
              `SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'cut-order'`,
            )) as { n: number }[];
            if (n > 0) break;
            await new Promise((r) => setTimeout(r, 20));
          }
          if (!t.config.databaseUrl) await new Promise((r) => setTimeout(r, 300));
          await proxy.stop();
        };
      });
      await blocker.commitTransaction();
      await blocker.release();
      expect(cut).toMatch(/^error/);
      // The client retries with the same key until it gets an answer that is not "still running".
      let retry;
      for (let i = 0; i < 50; i++) {
        retry = await t.request('POST', GRAPHQL, {
          token: app,
          rawBody: body,
          headers: { 'idempotency-key': 'cut-order' },
        });
        if (retry.status !== 409) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(retry!.status).toBe(200);
      expect(retry!.body.data.orderCreate.id).toBeDefined();
      expect(await orders()).toBe(ordersBefore + 1);
      expect(await stock()).toBe(stockBefore - 1);
      // On a server the first run went through while its client was gone: the retry was its replay.
      if (t.config.databaseUrl) expect(retry!.headers.get('idempotent-replayed')).toBe('true');
    });
  });
  describe('bound to the caller with its permissions, and to the operation as it resolved', () => {
    let client: { clientId: string; clientSecret: string };
    let full: string;
    /** A token of the same app with fewer scopes: no orders. */
    let narrow: string;
    let productId: string;
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    /** A persisted query (APQ): by hash alone, or with its text (which registers it). */
    const persisted = (token: string, query: string, key?: string, withText = false) =>
      t.post(
        GRAPHQL,
        {
          ...(withText ? { query } : {}),
          extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } },
        },
        { token, headers: key ? { 'idempotency-key': key } : {} },
      );
    const title = async () =>
      ((await db.query(`SELECT title FROM products WHERE id = $1`, [productId])) as { title: string }[])[0]
        .title;
    const orderCreate = (token: string, key: string) =>
      sf.gql(
        token,
        `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id customerEmail total { amount } } }`,
        { input: { customerEmail: 'scoped@example.com', lines: [{ productId, quantity: 1 }] } },
        { headers: { 'idempotency-key': key } },
      );
    const ordersOf = async (email: string) =>
      (
        (await db.query(`SELECT count(*)::int AS n FROM orders WHERE customer_email = $1`, [email])) as {
          n: number;
        }[]
      )[0].n;

    beforeAll(async () => {
      const owner = await sf.account('idem-bound@example.com');
      const storeId = await sf.store(owner, 'Bound shop');
      client = await sf.app(owner, storeId);
      full = await sf.appToken(client);
      narrow = await sf.appToken(client, 'products:read products:write');
      productId = await product(full, 'lamp', 'Lamp', '9.00');
    });

    it('tells two persisted mutations sent by hash apart: the second is 422, not a replay of the first', async () => {
      const a = `mutation { productUpdate(id: "${productId}", input: { title: "Title A" }) { id title } }`;
      const b = `mutation { productUpdate(id: "${productId}", input: { title: "Title B" }) { id title } }`;
      // Register both texts (each runs once, without a key).
      expect((await persisted(full, a, undefined, true)).status).toBe(200);
      expect((await persisted(full, b, undefined, true)).status).toBe(200);
      expect(await title()).toBe('Title B');
      const first = await persisted(full, a, 'apq-key');
      expect(first.status).toBe(200);
      expect(first.body.data.productUpdate.title).toBe('Title A');
      // B by its hash with A's key: not A's answer replayed (B silently dropped), but 422.
      const second = await persisted(full, b, 'apq-key');
      expect(second.headers.get('idempotent-replayed')).toBeNull();
      expect(second.status).toBe(422);
      expect(second.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await title()).toBe('Title A');
      // With a key of its own, B runs.
      const own = await persisted(full, b, 'apq-key-b');
      expect(own.status).toBe(200);
      expect(own.body.data.productUpdate.title).toBe('Title B');
      expect(await title()).toBe('Title B');
      // A again, by hash or as text: the same resolved operation, so the replay — nothing runs.
      for (const withText of [false, true]) {
        const again = await persisted(full, a, 'apq-key', withText);
        expect(again.status).toBe(200);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.body.data).toEqual(first.body.data);
      }
      const asText = await gqlWithKey(full, a, 'apq-key');
      expect(asText.headers.get('idempotent-replayed')).toBe('true');
      expect(await title()).toBe('Title B');
    });

    it('replays to a token of the app with the same scopes, never to one with fewer', async () => {
      const first = await orderCreate(full, 'scoped-order');
      expect(first.status).toBe(200);
      expect(first.body.data.orderCreate.customerEmail).toBe('scoped@example.com');
      // A token with fewer scopes (no orders:write, no orders:read) gets no replay of the order: it is
      // refused as if the key were new to it.
      const narrower = await orderCreate(narrow, 'scoped-order');
      expect(narrower.headers.get('idempotent-replayed')).toBeNull();
      expect(narrower.body.data).toBeNull();
      expect(narrower.body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(narrower.text).not.toContain(first.body.data.orderCreate.id);
      // A new token of the app with the same scopes is the same caller: it gets the replay.
      const sameScopes = await orderCreate(await sf.appToken(client), 'scoped-order');
      expect(sameScopes.headers.get('idempotent-replayed')).toBe('true');
      expect(sameScopes.body.data).toEqual(first.body.data);
      expect(await ordersOf('scoped@example.com')).toBe(1);
    });

    it('keeps no refusal: after a 401 or a FORBIDDEN answer the key is free', async () => {
      // FORBIDDEN (the token lacks orders:write): not kept, so the same request is refused afresh…
      const refused = await orderCreate(narrow, 'refused-then-used');
      expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
      const again = await orderCreate(narrow, 'refused-then-used');
      expect(again.body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(again.headers.get('idempotent-replayed')).toBeNull();
      // …and another mutation the token may make runs with that key (no 422, no replay).
      const rename = await gqlWithKey(
        narrow,
        `mutation { productUpdate(id: "${productId}", input: { title: "Renamed" }) { title } }`,
        'refused-then-used',
      );
      expect(rename.status).toBe(200);
      expect(rename.headers.get('idempotent-replayed')).toBeNull();
      expect(rename.body.data.productUpdate.title).toBe('Renamed');
      expect(await title()).toBe('Renamed');
      // 401 (a bad token) with a key: nothing kept; the real token's first use of the key runs.
      const unauthenticated = await orderCreate(`${full}x`, 'after-401');
      expect(unauthenticated.status).toBe(401);
      const before = await ordersOf('scoped@example.com');
      const placed = await orderCreate(full, 'after-401');
      expect(placed.status).toBe(200);
      expect(placed.headers.get('idempotent-replayed')).toBeNull();
      expect(await ordersOf('scoped@example.com')).toBe(before + 1);
    });

    it('keeps an answer whose refusal came after the mutation ran, so a retry does not run it twice', async () => {
      // products:write without store:read: the product is created, its store field refused.
      const writer = await sf.appToken(client, 'products:write');
      const create = () =>
        gqlWithKey(
          writer,
          'mutation { productCreate(input: { handle: "desk", title: "Desk", price: "1.00", currencyCode: "USD", inventory: 1 }) { id store { id } } }',
          'create-desk',
        );
      const first = await create();
      expect(first.body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(first.body.errors[0].path).toEqual(['productCreate', 'store']);
      const retry = await create();
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM products WHERE handle = 'desk'`)) as {
        n: number;
      }[];
      expect(n).toBe(1);
    });
  });
});
