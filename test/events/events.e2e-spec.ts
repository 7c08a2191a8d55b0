import { ExpiredRowsPurge } from '@app/database';
import { DataSource } from 'typeorm';
import { gqlError, STAGE2, StorefrontClient } from '@app/testing';
import { TestApp, TestResponse } from '@app/testing/test-app';

// Events (the outbox): every committed change to a store's resources is exactly one event, written in
// the change's own transaction — a change that rolls back leaves none — listed newest first for the
// store's owner, gone with the store, purged after EVENT_RETENTION_DAYS.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// (v1.4) with its images, which an event's product carries as REST answers them
const PRODUCT =
  'id handle title description price { amount currencyCode } inventory images { id url altText width height } createdAt updatedAt';

interface Ev {
  id: string;
  type: string;
  storeId: string;
  createdAt: string;
  actor: { type: string; id: string | null; name: string | null };
  data: Record<string, any>;
}

describe('events', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let db: DataSource;
  let owner: string;
  let ownerId: string;

  const list = (token: string, storeId: string, query = ''): Promise<TestResponse> =>
    t.get(`/v1/user/stores/${storeId}/events${query}`, { token });
  /** Every event of the store, newest first (one page of 100 is enough here). */
  const all = async (storeId: string, token = owner): Promise<Ev[]> => {
    const res = await list(token, storeId, '?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    return res.body.data;
  };
  /** The events written since `before` (a previous all()), oldest first. */
  const since = async (storeId: string, before: Ev[]): Promise<Ev[]> => {
    const known = new Set(before.map((e) => e.id));
    return (await all(storeId)).filter((e) => !known.has(e.id)).reverse();
  };
  const stage1 = (token: string, name: string) =>
    t.post('/v1/user/stores/onboarding/stage1', { name, description: 'Events' }, { token });
  /** A later onboarding step of the owner's store (stage2…stage4, complete). */
  const stage = (storeId: string, step: string, body?: unknown): Promise<TestResponse> =>
    t.post(`/v1/user/stores/${storeId}/onboarding/${step}`, body, { token: owner });

  beforeAll(async () => {
    t = await TestApp.start();
    sf = new StorefrontClient(t);
    db = t.app.get(DataSource);
    owner = await sf.account('events@example.com');
    ownerId = (await t.get('/v1/auth/me', { token: owner })).body.id;
  });
  afterAll(() => t?.close());

  /** A store answer without the caller's role: what its events carry (no caller reads an event's data). */
  const withoutRole = ({ role, ...store }: Record<string, unknown>) => (expect(role).toBe('owner'), store);

  it("records each of the store's own changes once, with the store as the route answered it (without the caller's role), by the account", async () => {
    const account = { type: 'account', id: ownerId, name: null };
    const created = await stage1(owner, 'Evented');
    expect(created.status).toBe(201);
    const storeId = created.body.id;

    // Stage 1 creates the store: a stage call that changed it, so store.updated (there is no store.created).
    const first = await all(storeId);
    expect(first).toEqual([
      {
        id: expect.stringMatching(UUID),
        type: 'store.updated',
        storeId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        actor: account,
        data: withoutRole(created.body),
      },
    ]);

    const answers: TestResponse[] = [];
    answers.push(await stage(storeId, 'stage2', STAGE2));
    answers.push(
      await stage(storeId, 'stage3', {
        mobile: '+919876543210',
        supportEmail: 'help@example.com',
        region: 'South India',
        address: {
          line1: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560001',
          country: 'IN',
        },
      }),
    );
    answers.push(await stage(storeId, 'stage4', { socialLinks: [] }));
    answers.push(await stage(storeId, 'complete'));
    // No change, no event: completing an active store again, an empty PUT.
    expect((await stage(storeId, 'complete')).status).toBe(200);
    expect((await t.put(`/v1/user/stores/${storeId}`, {}, { token: owner })).status).toBe(200);
    // Refused changes roll back: a stage call after completion, a PUT that fails validation.
    const refused = await stage(storeId, 'stage4', { socialLinks: [] });
    expect(refused.body.code).toBe('onboarding_completed');
    expect((await t.put(`/v1/user/stores/${storeId}`, { name: '' }, { token: owner })).status).toBe(400);
    answers.push(
      await t.put(`/v1/user/stores/${storeId}`, { description: 'Now with chai.' }, { token: owner }),
    );
    for (const answer of answers) expect(answer.status).toBe(200);

    const events = await since(storeId, first);
    expect(events.map((e) => e.type)).toEqual([
      'store.updated',
      'store.updated',
      'store.updated',
      'store.completed',
      'store.updated',
    ]);
    events.forEach((event, i) => {
      expect(event.actor).toEqual(account);
      expect(event.storeId).toBe(storeId);
      expect(event.data).toEqual(withoutRole(answers[i].body));
    });
    // The event's time is the change's: the store's updatedAt is written in the same transaction.
    expect(Date.parse(events[4].createdAt)).toBe(Date.parse(answers[4].body.updatedAt));
  });

  it('a refused stage call out of order leaves no event', async () => {
    const storeId = (await stage1(owner, 'Out of order')).body.id;
    const before = await all(storeId);
    const res = await stage(storeId, 'stage4', { socialLinks: [] });
    expect(res.body.code).toBe('onboarding_out_of_order');
    expect(await since(storeId, before)).toEqual([]);
  });

  it('records apps and public tokens as their lists show them, never with a secret', async () => {
    const storeId = (await stage1(owner, 'Credentials')).body.id;
    const before = await all(storeId);
    const app = await t.post('/v1/user/stores/oauth/apps', { storeId, name: 'Backend' }, { token: owner });
    expect(app.status).toBe(201);
    const listedApp = async () =>
      (await t.get(`/v1/user/stores/oauth/apps?storeId=${storeId}`, { token: owner })).body[0];
    const appAtCreation = await listedApp();
    const rotatedApp = await t.post(`/v1/user/stores/oauth/apps/${app.body.id}/rotate-secret`, undefined, {
      token: owner,
    });
    expect(rotatedApp.status).toBe(200);
    const appAfterRotation = await listedApp();
    expect((await t.delete(`/v1/user/stores/oauth/apps/${app.body.id}`, { token: owner })).status).toBe(204);

    const tokens = `/v1/user/stores/${storeId}/public-tokens`;
    const token = await t.post(tokens, { name: 'Web' }, { token: owner });
    expect(token.status).toBe(201);
    const tokenAtCreation = (await t.get(tokens, { token: owner })).body[0];
    const rotatedToken = await t.post(`${tokens}/${token.body.id}/rotate`, undefined, { token: owner });
    expect(rotatedToken.status).toBe(200);
    const tokenAfterRotation = (await t.get(tokens, { token: owner })).body[0];
    expect((await t.delete(`${tokens}/${token.body.id}`, { token: owner })).status).toBe(204);
    // Refused: another delete of the same token, a rotation of the deleted app.
    expect((await t.delete(`${tokens}/${token.body.id}`, { token: owner })).status).toBe(404);
    expect(
      (await t.post(`/v1/user/stores/oauth/apps/${app.body.id}/rotate-secret`, undefined, { token: owner }))
        .status,
    ).toBe(404);

    const events = await since(storeId, before);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['app.created', appAtCreation],
      ['app.secret_rotated', appAfterRotation],
      ['app.deleted', { id: app.body.id }],
      ['public_token.created', tokenAtCreation],
      ['public_token.rotated', tokenAfterRotation],
      ['public_token.deleted', { id: token.body.id }],
    ]);
    expect(appAtCreation.secretHint).toBe(app.body.clientSecret.slice(-4));
    expect(tokenAfterRotation.tokenHint).toBe(rotatedToken.body.token.slice(-4));
    for (const e of events) expect(e.actor).toEqual({ type: 'account', id: ownerId, name: null });
    const json = JSON.stringify(events);
    for (const secret of [
      app.body.clientSecret,
      rotatedApp.body.clientSecret,
      token.body.token,
      rotatedToken.body.token,
    ])
      expect(json).not.toContain(secret);
  });

  describe('storefront mutations, by the app', () => {
    let storeId: string;
    let appId: string;
    let app: string;

    beforeAll(async () => {
      storeId = (await stage1(owner, 'App made')).body.id;
      const created = await t.post(
        '/v1/user/stores/oauth/apps',
        { storeId, name: 'ERP sync' },
        { token: owner },
      );
      appId = created.body.id;
      app = await sf.appToken(created.body);
    });
    /** A product in US dollars, made by the app. */
    const usdProduct = (handle: string, title: string, price: string, inventory: number) =>
      sf.createProduct(app, { handle, title, price, currencyCode: 'USD', inventory });

    it('records product writes and orders once each, with what the API answered, the app as actor', async () => {
      const before = await all(storeId);
      const tea = await usdProduct('tea', 'Tea', '4.50', 5);
      const mug = await usdProduct('mug', 'Mug', '12.00', 1);
      const updated = (
        await sf.data(
          app,
          `mutation($id: ID!) { productUpdate(id: $id, input: { title: "Green tea" }) { ${PRODUCT} } }`,
          {
            id: tea.id,
          },
        )
      ).productUpdate;
      const placed = (
        await sf.data(
          app,
          `mutation($input: OrderCreateInput!) { orderCreate(input: $input) {
             id status customerEmail createdAt total { amount currencyCode }
             lines { quantity unitPrice { amount currencyCode } lineTotal { amount currencyCode } product { id }
                     title sku variant { id } } } }`,
          { input: { customerEmail: 'buyer@example.com', lines: [{ productId: tea.id, quantity: 2 }] } },
        )
      ).orderCreate;
      const deleted = (await sf.data(app, `mutation($id: ID!) { productDelete(id: $id) }`, { id: mug.id }))
        .productDelete;
      expect(deleted).toBe(mug.id);

      const events = await since(storeId, before);
      // (v1.4) a product's events carry its options and variants, as the REST door shows them
      const withVariants = (p: { inventory: number }) => ({
        ...p,
        options: [],
        variants: [
          expect.objectContaining({ title: 'Default Title', selectedOptions: [], inventory: p.inventory }),
        ],
      });
      expect(events.map((e) => [e.type, e.data])).toEqual([
        ['product.created', withVariants({ ...tea, images: [] })],
        ['product.created', withVariants({ ...mug, images: [] })],
        ['product.updated', withVariants(updated)],
        [
          'order.created',
          {
            id: placed.id,
            status: placed.status,
            source: 'app',
            customerEmail: placed.customerEmail,
            createdAt: placed.createdAt,
            fulfilledAt: null,
            cancelledAt: null,
            cancelReason: null,
            // (v1.4) an app's orderCreate records a paid order; order.created shows it
            paymentStatus: 'paid',
            paidAt: expect.any(String),
            total: placed.total,
            lines: placed.lines.map(
              ({ product, variant, ...line }: { product: { id: string }; variant: { id: string } }) => ({
                productId: product.id,
                // (v1.4) the variant ordered, with the title and SKU as sold
                variantId: variant.id,
                ...line,
              }),
            ),
          },
        ],
        ['product.deleted', { id: mug.id }],
      ]);
      for (const e of events) expect(e.actor).toEqual({ type: 'app', id: appId, name: 'ERP sync' });
    });

    it('a rolled-back mutation leaves no event: out of stock, a taken handle, a missing product', async () => {
      const scarce = await usdProduct('scarce', 'Scarce', '1.00', 1);
      const plenty = await usdProduct('plenty', 'Plenty', '1.00', 50);
      const before = await all(storeId);
      // The order takes `plenty` (the lower id may come first) and then fails on `scarce`: all undone.
      const short = await sf.gql(
        app,
        `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`,
        {
          input: {
            customerEmail: 'b@example.com',
            lines: [
              { productId: plenty.id, quantity: 3 },
              { productId: scarce.id, quantity: 2 },
            ],
          },
        },
      );
      expect(gqlError(short).code).toBe('OUT_OF_STOCK');
      const taken = await sf.gql(
        app,
        `mutation { productCreate(input: { handle: "scarce", title: "Again", price: "1.00", currencyCode: "USD", inventory: 1 }) { id } }`,
      );
      expect(gqlError(taken).code).toBe('BAD_USER_INPUT');
      const takenOnUpdate = await sf.gql(
        app,
        `mutation($id: ID!) { productUpdate(id: $id, input: { handle: "scarce" }) { id } }`,
        {
          id: plenty.id,
        },
      );
      expect(gqlError(takenOnUpdate).code).toBe('BAD_USER_INPUT');
      const missing = await sf.gql(app, `mutation($id: ID!) { productDelete(id: $id) }`, {
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(gqlError(missing).code).toBe('NOT_FOUND');
      expect(await since(storeId, before)).toEqual([]);
      const stock = await db.query(`SELECT inventory FROM products WHERE id = $1`, [plenty.id]);
      expect(stock[0].inventory).toBe(50);
    });

    it('an idempotent replay does nothing again, so it writes no second event', async () => {
      const product = await usdProduct('replayed', 'Replayed', '2.00', 10);
      const before = await all(storeId);
      const place = () =>
        sf.gql(
          app,
          `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`,
          { input: { customerEmail: 'b@example.com', lines: [{ productId: product.id, quantity: 1 }] } },
          { headers: { 'idempotency-key': 'events-replay-1' } },
        );
      const first = await place();
      const again = await place();
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.data.orderCreate.id).toBe(first.body.data.orderCreate.id);
      const events = await since(storeId, before);
      expect(events.map((e) => [e.type, e.data.id])).toEqual([
        ['order.created', first.body.data.orderCreate.id],
      ]);

      const stage1Twice = async () =>
        t.post(
          '/v1/user/stores/onboarding/stage1',
          { name: 'Once', description: 'Only once' },
          { token: owner, headers: { 'idempotency-key': 'events-replay-2' } },
        );
      const store = await stage1Twice();
      expect((await stage1Twice()).body.id).toBe(store.body.id);
      expect((await all(store.body.id)).map((e) => e.type)).toEqual(['store.updated']);
    });

    it("keeps the app's name on its events after the app is deleted", async () => {
      expect((await t.delete(`/v1/user/stores/oauth/apps/${appId}`, { token: owner })).status).toBe(204);
      const events = await all(storeId);
      const byApp = events.filter((e) => e.actor.type === 'app');
      expect(byApp.length).toBeGreaterThan(0);
      for (const e of byApp) expect(e.actor).toEqual({ type: 'app', id: appId, name: 'ERP sync' });
      expect(events[0]).toMatchObject({ type: 'app.deleted', actor: { type: 'account' } });
    });
  });

  it("answers another account's store, a missing or malformed id as 404 store_not_found; apps and anonymous callers are refused", async () => {
    const storeId = (await stage1(owner, 'Private')).body.id;
    const stranger = await sf.account('stranger@example.com');
    for (const [token, id] of [
      [stranger, storeId],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-a-uuid'],
    ]) {
      const res = await list(token, id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('store_not_found');
    }
    expect((await t.get(`/v1/user/stores/${storeId}/events`)).status).toBe(401);
    const appToken = await sf.appTokenFor(owner, storeId);
    const asApp = await list(appToken, storeId);
    expect(asApp.status).toBe(403);
    expect(asApp.body.code).toBe('insufficient_scope');
    const ok = await list(owner, storeId);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });

  describe('paging and filtering', () => {
    let storeId: string;

    beforeAll(async () => {
      storeId = (await stage1(owner, 'Busy')).body.id;
      for (let i = 0; i < 12; i++) {
        const res = await t.post(
          `/v1/user/stores/${storeId}/public-tokens`,
          { name: `T${i}` },
          { token: owner },
        );
        expect(res.status).toBe(201);
      }
      // Four events with one timestamp: the id breaks the tie, and the cursor keeps microseconds.
      await db.query(
        `UPDATE events SET created_at = '2026-01-01T00:00:00.123456Z'
          WHERE id IN (SELECT id FROM events WHERE store_id = $1 AND type = 'public_token.created'
                        ORDER BY created_at LIMIT 4)`,
        [storeId],
      );
    });

    it('pages newest first with limit and after, each event exactly once', async () => {
      const everything = await all(storeId);
      expect(everything).toHaveLength(13);
      const sorted = [...everything].sort(
        (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1),
      );
      expect(everything.map((e) => e.id)).toEqual(sorted.map((e) => e.id));

      const first = await list(owner, storeId);
      expect(first.body.data).toHaveLength(13); // the default limit is 20

      const seen: string[] = [];
      const sizes: number[] = [];
      let after: string | null = null;
      do {
        const query: string = `?limit=3${after ? `&after=${after}` : ''}`;
        const res = await list(owner, storeId, query);
        expect(res.status).toBe(200);
        sizes.push(res.body.data.length);
        seen.push(...res.body.data.map((e: Ev) => e.id));
        after = res.body.nextCursor;
      } while (after);
      expect(sizes).toEqual([3, 3, 3, 3, 1]);
      expect(seen).toEqual(everything.map((e) => e.id));
    });

    it('filters by type, also across pages', async () => {
      const tokens = await list(owner, storeId, '?type=public_token.created&limit=100');
      expect(tokens.status).toBe(200);
      expect(tokens.body.data).toHaveLength(12);
      expect(tokens.body.data.every((e: Ev) => e.type === 'public_token.created')).toBe(true);
      const page1 = await list(owner, storeId, '?type=public_token.created&limit=5');
      const page2 = await list(
        owner,
        storeId,
        `?type=public_token.created&limit=5&after=${page1.body.nextCursor}`,
      );
      expect([...page1.body.data, ...page2.body.data].map((e: Ev) => e.id)).toEqual(
        tokens.body.data.slice(0, 10).map((e: Ev) => e.id),
      );
      const none = await list(owner, storeId, '?type=order.created');
      expect(none.body).toEqual({ data: [], nextCursor: null });
    });

    it.each([
      ['an unknown type', '?type=store.created', 'type'],
      ['limit 0', '?limit=0', 'limit'],
      ['limit 101', '?limit=101', 'limit'],
      ['a fractional limit', '?limit=1.5', 'limit'],
      ['a word as limit', '?limit=ten', 'limit'],
      ['a malformed cursor', '?after=nonsense', 'after'],
      [
        'an altered cursor',
        `?after=${Buffer.from('["ev","2026-01-01T00:00:00Z","x"]').toString('base64url')}`,
        'after',
      ],
      ['an unknown parameter', '?order=asc', 'order'],
    ])('refuses %s with 400 validation_failed', async (_name, query, field) => {
      const res = await list(owner, storeId, query);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });
  });

  it('an event that cannot be written undoes its change: they commit in one transaction', async () => {
    const storeId = (await stage1(owner, 'Atomic')).body.id;
    const created = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'Atomic app' },
      { token: owner },
    );
    const app = await sf.appToken(created.body);
    const before = await all(storeId);
    // Sabotage: the database refuses events carrying this marker, after the change's own statement ran.
    await db.query(
      `ALTER TABLE events ADD CONSTRAINT test_refuse_marker CHECK (data::text NOT LIKE '%refused-by-test%')`,
    );
    try {
      const put = await t.put(
        `/v1/user/stores/${storeId}`,
        { description: 'refused-by-test' },
        { token: owner },
      );
      expect(put.status).toBe(500);
      const product = await sf.gql(
        app,
        `mutation { productCreate(input: { handle: "refused-by-test", title: "T", price: "1.00", currencyCode: "USD", inventory: 1 }) { id } }`,
      );
      expect(product.body.errors).toBeDefined();
      const token = await t.post(
        `/v1/user/stores/${storeId}/public-tokens`,
        { name: 'refused-by-test' },
        { token: owner },
      );
      expect(token.status).toBe(500);
    } finally {
      await db.query(`ALTER TABLE events DROP CONSTRAINT test_refuse_marker`);
    }
    expect((await t.get(`/v1/user/stores/${storeId}`, { token: owner })).body.description).toBe('Events');
    expect((await db.query(`SELECT 1 FROM products WHERE store_id = $1`, [storeId])).length).toBe(0);
    expect((await t.get(`/v1/user/stores/${storeId}/public-tokens`, { token: owner })).body).toEqual([]);
    expect(await since(storeId, before)).toEqual([]);
  });

  it('the events go with their store', async () => {
    const storeId = (await stage1(owner, 'Doomed')).body.id;
    await t.post(`/v1/user/stores/${storeId}/public-tokens`, { name: 'Web' }, { token: owner });
    const count = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM events WHERE store_id = $1`, [storeId]))[0].n;
    expect(await count()).toBe(2);
    expect((await t.delete(`/v1/user/stores/${storeId}`, { token: owner })).status).toBe(204);
    expect(await count()).toBe(0);
    expect((await list(owner, storeId)).status).toBe(404);
  });

  it('the purge deletes events older than EVENT_RETENTION_DAYS and keeps the rest', async () => {
    expect(t.config.eventRetentionDays).toBe(30);
    const storeId = (await stage1(owner, 'Old news')).body.id;
    for (const name of ['A', 'B', 'C'])
      await t.post(`/v1/user/stores/${storeId}/public-tokens`, { name }, { token: owner });
    const [oldest, old, recent] = (await all(storeId)).reverse(); // store.updated, A, B (then C)
    await db.query(`UPDATE events SET created_at = now() - interval '31 days' WHERE id = ANY($1::uuid[])`, [
      [oldest.id, old.id],
    ]);
    await db.query(`UPDATE events SET created_at = now() - interval '29 days' WHERE id = $1`, [recent.id]);

    const report = await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(report.ran).toBe(true);
    expect(report.deleted.events).toBeGreaterThanOrEqual(2);
    const left = (await all(storeId)).map((e) => e.id);
    expect(left).toHaveLength(2);
    expect(left).toContain(recent.id);
    expect(left).not.toContain(oldest.id);
    expect(left).not.toContain(old.id);
  });
});
