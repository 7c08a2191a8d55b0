import { Webhook } from 'standardwebhooks';
import { EVENT_TYPES } from '@app/events';
import { ExpiredRowsPurge } from '@app/database';
import { AccountClient, verifyWebhook } from '@app/sdk';
import { DataSource } from 'typeorm';
import { addMember, otpFrom, StorefrontClient, ReceivedWebhook, webhookReceivers } from '@app/testing';
import { TestApp, TestResponse } from '@app/testing/test-app';

// Webhooks (Standard Webhooks 1.0): endpoints of a store's owner, deliveries made in the change's own
// transaction, signed, retried on WEBHOOK_RETRY_SCHEDULE, disabled on 410 or after
// WEBHOOK_DISABLE_AFTER failed deliveries; verified here with the `standardwebhooks` package against
// real receivers on loopback (WEBHOOK_ALLOW_LOCAL=true).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The standardwebhooks verifier's view of a received request (throws when the signature is wrong). */
function verify(secret: string, request: ReceivedWebhook): any {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
}

describe('webhooks', () => {
  let t: TestApp;
  let sf: StorefrontClient;
  let owner: string;
  let stranger: string;
  const receiver = webhookReceivers();
  const hooks = (storeId: string) => `/v1/user/stores/${storeId}/webhooks`;
  const createHook = async (storeId: string, body: Record<string, unknown>, token = owner) => {
    const res = await t.post(hooks(storeId), body, { token });
    if (res.status !== 201) throw new Error(`webhook creation failed: ${res.status} ${res.text}`);
    return res.body as { id: string; secret: string; [k: string]: unknown };
  };
  const deliveries = async (storeId: string, hookId: string, query = ''): Promise<TestResponse> =>
    t.get(`${hooks(storeId)}/${hookId}/deliveries${query}`, { token: owner });
  /** Polls the deliveries list until `predicate` holds. */
  const waitForDeliveries = async (
    storeId: string,
    hookId: string,
    predicate: (data: any[]) => boolean,
    timeoutMs = 10_000,
  ): Promise<any[]> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await deliveries(storeId, hookId, '?limit=100');
      expect(res.status).toBe(200);
      if (predicate(res.body.data)) return res.body.data;
      if (Date.now() > deadline) throw new Error(`deliveries: ${JSON.stringify(res.body.data)}`);
      await sleep(200);
    }
  };
  const touch = (storeId: string, description: string) =>
    t.put(`/v1/user/stores/${storeId}`, { description }, { token: owner });

  beforeAll(async () => {
    t = await TestApp.start({
      env: {
        WEBHOOK_ALLOW_LOCAL: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1',
        WEBHOOK_TIMEOUT: '2',
        WEBHOOK_DISABLE_AFTER: '2',
      },
    });
    sf = new StorefrontClient(t);
    owner = await sf.account('hooks@example.com');
    stranger = await sf.account('stranger@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, updates, rotates and deletes endpoints; the secret is shown at creation and rotation only', async () => {
    const storeId = await sf.store(owner, 'Hooked');
    const created = await t.post(
      hooks(storeId),
      { url: 'https://example.com/hook', events: ['product.created'], description: 'ERP' },
      { token: owner },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toEqual({
      id: expect.stringMatching(UUID),
      storeId,
      url: 'https://example.com/hook',
      events: ['product.created'],
      description: 'ERP',
      enabled: true,
      disabledReason: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      createdAt: expect.any(String),
    });
    expect(Buffer.from(created.body.secret.slice(6), 'base64')).toHaveLength(32);

    const listed = await t.get(hooks(storeId), { token: owner });
    expect(listed.status).toBe(200);
    const { secret, ...withoutSecret } = created.body;
    expect(listed.body).toEqual([{ ...withoutSecret, secretHint: secret.slice(-4) }]);
    expect(listed.text).not.toContain(secret);

    const id = created.body.id;
    const updated = await t.put(
      `${hooks(storeId)}/${id}`,
      { events: ['*'], description: null, enabled: false },
      { token: owner },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      events: ['*'],
      description: null,
      enabled: false,
      disabledReason: 'manual',
    });
    const enabled = await t.put(`${hooks(storeId)}/${id}`, { enabled: true }, { token: owner });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });

    const rotated = await t.post(`${hooks(storeId)}/${id}/rotate-secret`, undefined, { token: owner });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect((await t.get(hooks(storeId), { token: owner })).body[0].secretHint).toBe(
      rotated.body.secret.slice(-4),
    );

    expect((await t.delete(`${hooks(storeId)}/${id}`, { token: owner })).status).toBe(204);
    expect((await t.get(hooks(storeId), { token: owner })).body).toEqual([]);
    const again = await t.delete(`${hooks(storeId)}/${id}`, { token: owner });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('webhook_not_found');
  });

  it('refuses bad URLs and event types (400), and a 21st endpoint (409)', async () => {
    const storeId = await sf.store(owner, 'Limits');
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await t.post(hooks(storeId), body, { token: owner });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await bad({ url: 'https://user:pw@example.com/h', events: ['*'] }, 'url');
    await bad({ url: 'ftp://example.com/h', events: ['*'] }, 'url');
    await bad({ url: 'not a url', events: ['*'] }, 'url');
    await bad({ url: `https://example.com/${'a'.repeat(2048)}`, events: ['*'] }, 'url');
    await bad({ url: 'https://example.com/h', events: [] }, 'events');
    await bad({ url: 'https://example.com/h', events: ['product.exploded'] }, 'events');
    await bad({ url: 'https://example.com/h' }, 'events');
    await bad({ url: 'https://example.com/h', events: ['*'], secret: 'mine' }, 'secret');

    for (let i = 0; i < 20; i++)
      await createHook(storeId, { url: `https://example.com/h${i}`, events: ['*'] });
    const over = await t.post(
      hooks(storeId),
      { url: 'https://example.com/h21', events: ['*'] },
      { token: owner },
    );
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('webhook_limit_reached');
  });

  it('sends every event type, signed so that standardwebhooks verifies it, with the event as the body', async () => {
    const r = await receiver();
    const storeId = await sf.store(owner, 'Everything');
    const hook = await createHook(storeId, { url: r.url(), events: ['*'] });

    // store.updated (PUT) and the stages, store.completed
    expect((await touch(storeId, 'All events')).status).toBe(200);
    const stage = (n: number, body: unknown) =>
      t.post(`/v1/user/stores/${storeId}/onboarding/stage${n}`, body, { token: owner });
    expect(
      (
        await stage(2, {
          faviconUrl: 'https://cdn.example.com/f.ico',
          logoBlackWhiteUrl: 'https://cdn.example.com/bw.png',
          logoColorUrl: 'https://cdn.example.com/c.png',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stage(3, {
          mobile: '+919876543210',
          supportEmail: 'help@example.com',
          region: 'South India',
          address: {
            line1: '1 MG Road',
            city: 'Bengaluru',
            state: 'Karnataka',
            postalCode: '560001',
            country: 'IN',
          },
        })
      ).status,
    ).toBe(200);
    expect((await stage(4, { socialLinks: [] })).status).toBe(200);
    expect(
      (await t.post(`/v1/user/stores/${storeId}/onboarding/complete`, undefined, { token: owner })).status,
    ).toBe(200);
    // app.*, product.*, order.*
    const app = await sf.app(owner, storeId);
    const appToken = await sf.appToken(app);
    const product = await sf.createProduct(appToken, {
      handle: 'tea',
      title: 'Tea',
      price: '4.50',
      currencyCode: 'USD',
      inventory: 5,
    });
    await sf.data(
      appToken,
      `mutation($id: ID!) { productUpdate(id: $id, input: { title: "Green tea" }) { id } }`,
      {
        id: product.id,
      },
    );
    await sf.data(appToken, `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`, {
      input: { customerEmail: 'buyer@example.com', lines: [{ productId: product.id, quantity: 1 }] },
    });
    // (v1.3) order.fulfilled and order.cancelled: one order fulfilled by an app, one cancelled by a member
    const placeOne = async () =>
      (
        await sf.data(appToken, `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`, {
          input: { customerEmail: 'buyer@example.com', lines: [{ productId: product.id, quantity: 1 }] },
        })
      ).orderCreate.id as string;
    await sf.data(appToken, `mutation($id: ID!) { orderFulfil(id: $id) { id } }`, { id: await placeOne() });
    expect(
      (await t.post(`/v1/user/stores/${storeId}/orders/${await placeOne()}/cancel`, {}, { token: owner }))
        .status,
    ).toBe(200);
    // (v1.4) order.paid: an order placed pending, marked paid
    const pending = (
      await sf.data(appToken, `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`, {
        input: {
          customerEmail: 'buyer@example.com',
          lines: [{ productId: product.id, quantity: 1 }],
          paymentStatus: 'pending',
        },
      })
    ).orderCreate.id as string;
    await sf.data(appToken, `mutation($id: ID!) { orderMarkPaid(id: $id) { id } }`, { id: pending });
    await sf.data(appToken, `mutation($id: ID!) { productDelete(id: $id) }`, { id: product.id });
    expect(
      (await t.post(`/v1/user/stores/oauth/apps/${app.id}/rotate-secret`, undefined, { token: owner }))
        .status,
    ).toBe(200);
    expect((await t.delete(`/v1/user/stores/oauth/apps/${app.id}`, { token: owner })).status).toBe(204);
    // public_token.*
    const pt = await sf.publicToken(owner, storeId);
    expect(
      (await t.post(`/v1/user/stores/${storeId}/public-tokens/${pt.id}/rotate`, undefined, { token: owner }))
        .status,
    ).toBe(200);
    expect(
      (await t.delete(`/v1/user/stores/${storeId}/public-tokens/${pt.id}`, { token: owner })).status,
    ).toBe(204);
    // app.installed and app.uninstalled (§13): an installable app installed by consent, then uninstalled.
    const installable = await t.post(
      '/v1/user/apps',
      { name: 'Installable', redirectUris: ['https://app.example/cb'], scopes: ['store:read'] },
      { token: owner },
    );
    expect(installable.status).toBe(201);
    const consent = await t.post(
      '/v1/user/oauth/consent',
      {
        clientId: installable.body.clientId,
        redirectUri: 'https://app.example/cb',
        scope: 'store:read',
        state: 'webhooks',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        codeChallengeMethod: 'S256',
        storeId,
        decision: 'allow',
      },
      { token: owner },
    );
    expect(consent.status).toBe(200);
    const [installation] = (await t.get(`/v1/user/stores/${storeId}/installations`, { token: owner })).body;
    expect(
      (await t.delete(`/v1/user/stores/${storeId}/installations/${installation.id}`, { token: owner }))
        .status,
    ).toBe(204);
    // member.* and store.transferred: a member invited and joining, its role changed, the ownership
    // transferred to it and back, then removed.
    const memberEmail = 'webhook-member@example.com';
    const member = (await t.signIn(memberEmail)).access_token;
    await addMember(t, owner, storeId, { token: member, email: memberEmail }, 'staff');
    const memberId = (await t.get('/v1/auth/me', { token: member })).body.id;
    const ownerId = (await t.get('/v1/auth/me', { token: owner })).body.id;
    const members = `/v1/user/stores/${storeId}/members`;
    expect((await t.put(`${members}/${memberId}`, { role: 'admin' }, { token: owner })).status).toBe(200);
    const transfer = `/v1/user/stores/${storeId}/transfer`;
    expect((await t.post(transfer, { accountId: memberId }, { token: owner })).status).toBe(200);
    expect((await t.post(transfer, { accountId: ownerId }, { token: member })).status).toBe(200);
    expect((await t.delete(`${members}/${memberId}`, { token: owner })).status).toBe(204);
    // webhook.test
    const test = await t.post(`${hooks(storeId)}/${hook.id}/test`, undefined, { token: owner });
    expect(test.status).toBe(202);
    expect(test.body).toEqual({ deliveryId: expect.stringMatching(UUID) });

    // Every event since the endpoint was made (stage 1's store.updated came before it: not sent).
    const all = (await t.get(`/v1/user/stores/${storeId}/events?limit=100`, { token: owner })).body.data;
    const events = all.slice(0, -1);
    expect(new Set(events.map((e: { type: string }) => e.type))).toEqual(new Set(EVENT_TYPES));
    await r.waitFor((got) =>
      events.every((e: { id: string }) => got.some((g) => g.headers['webhook-id'] === e.id)),
    );

    for (const event of events) {
      const [request] = r.forEvent(event.id);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toBe('Storefront-Webhooks/1');
      expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(String(request.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      // The package verifies the signature and timestamp, and answers the parsed body: the event itself.
      expect(verify(hook.secret, request)).toEqual(event);
      // And so does the SDK's verifyWebhook, with the receiver's Node-style headers.
      expect(await verifyWebhook(request.body, request.headers, hook.secret)).toEqual(event);
    }
    const testEvent = events.find((e: { type: string }) => e.type === 'webhook.test');
    expect(testEvent.data).toEqual({ endpointId: hook.id });
    // A wrong secret does not verify.
    expect(() =>
      verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, r.forEvent(events[0].id)[0]),
    ).toThrow();

    const list = await waitForDeliveries(
      storeId,
      hook.id,
      (d) => d.length === events.length && d.every((x) => x.status === 'succeeded'),
    );
    expect(list[0]).toEqual({
      id: test.body.deliveryId,
      eventId: testEvent.id,
      eventType: 'webhook.test',
      status: 'succeeded',
      attempts: [{ at: expect.any(String), statusCode: 200, error: null, durationMs: expect.any(Number) }],
      nextAttemptAt: null,
    });
  });

  it("another account's store, endpoint and delivery answer 404 exactly like missing ones", async () => {
    const r = await receiver();
    const storeId = await sf.store(owner, 'Private');
    const hook = await createHook(storeId, { url: r.url(), events: ['*'] });
    const test = await t.post(`${hooks(storeId)}/${hook.id}/test`, undefined, { token: owner });
    expect(test.status).toBe(202);
    const strangerStore = await sf.store(stranger, 'Theirs');
    const missing = '00000000-0000-4000-8000-000000000000';
    const base = `${hooks(storeId)}/${hook.id}`;
    const cases: [string, string, unknown, string][] = [
      ['GET', hooks(storeId), undefined, 'store_not_found'],
      ['POST', hooks(storeId), { url: 'https://example.com/x', events: ['*'] }, 'store_not_found'],
      ['PUT', base, { enabled: false }, 'store_not_found'],
      ['DELETE', base, undefined, 'store_not_found'],
      ['POST', `${base}/rotate-secret`, undefined, 'store_not_found'],
      ['POST', `${base}/test`, undefined, 'store_not_found'],
      ['GET', `${base}/deliveries`, undefined, 'store_not_found'],
      ['POST', `${base}/deliveries/${test.body.deliveryId}/retry`, undefined, 'store_not_found'],
      // In the stranger's own store, the owner's endpoint does not exist.
      ['PUT', `${hooks(strangerStore)}/${hook.id}`, { enabled: false }, 'webhook_not_found'],
      ['GET', `${hooks(strangerStore)}/${hook.id}/deliveries`, undefined, 'webhook_not_found'],
      ['POST', `${hooks(strangerStore)}/not-a-uuid/test`, undefined, 'webhook_not_found'],
    ];
    for (const [method, path, body, code] of cases) {
      const res = await t.request(method, path, { token: stranger, body });
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 404, code]);
    }
    // The owner's own ids, wrongly combined: a delivery that is not this endpoint's.
    const other = await createHook(storeId, { url: r.url(), events: ['*'] });
    const wrong = await t.post(
      `${hooks(storeId)}/${other.id}/deliveries/${test.body.deliveryId}/retry`,
      undefined,
      {
        token: owner,
      },
    );
    expect([wrong.status, wrong.body.code]).toEqual([404, 'delivery_not_found']);
    const unknown = await t.post(`${base}/deliveries/${missing}/retry`, undefined, { token: owner });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'delivery_not_found']);
    // Nothing was changed by the stranger's attempts.
    expect(
      (await t.get(hooks(storeId), { token: owner })).body.map((h: { enabled: boolean }) => h.enabled),
    ).toEqual([true, true]);
  });

  it('test events and retries are limited per store: 10 and 60 a minute, then 429 rate_limited with Retry-After', async () => {
    const r = await receiver();
    const storeId = await sf.store(owner, 'Limited');
    const first = await createHook(storeId, { url: r.url(), events: ['store.updated'] });
    const second = await createHook(storeId, { url: r.url(), events: ['store.updated'] });
    const test = (hookId: string) => t.post(`${hooks(storeId)}/${hookId}/test`, undefined, { token: owner });
    // Ten for the store, whichever endpoint they test.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => test(i % 2 ? first.id : second.id)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
    const refused = await test(first.id);
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    // Another store of the same owner has its own budget.
    const otherStore = await sf.store(owner, 'Not limited');
    const other = await createHook(otherStore, { url: r.url(), events: ['store.updated'] });
    expect((await t.post(`${hooks(otherStore)}/${other.id}/test`, undefined, { token: owner })).status).toBe(
      202,
    );

    // Retries: sixty a minute for the store, then 429; the refused one queues nothing.
    await r.waitFor((got) => got.length === 11);
    const deliveryId = answers[0].body.deliveryId;
    const retry = () =>
      t.post(`${hooks(storeId)}/${second.id}/deliveries/${deliveryId}/retry`, undefined, { token: owner });
    const retries = await Promise.all(Array.from({ length: 60 }, retry));
    expect(retries.map((a) => a.status)).toEqual(Array(60).fill(202));
    const tooMany = await retry();
    expect([tooMany.status, tooMany.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('retries on the schedule (500, 500, 200: three attempts, one webhook-id) and lists every attempt', async () => {
    const r = await receiver();
    r.answer = (_req, i) => ({ status: i < 2 ? 500 : 200 });
    const storeId = await sf.store(owner, 'Flaky');
    const hook = await createHook(storeId, { url: r.url(), events: ['store.updated'] });
    expect((await touch(storeId, 'retry me')).status).toBe(200);
    await r.waitFor((got) => got.length === 3, 15_000);
    const ids = new Set(r.received.map((g) => g.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // Each attempt is signed anew (its own timestamp), all verify; they came ~1 s apart (the schedule 1,1).
    for (const request of r.received) expect(verify(hook.secret, request).type).toBe('store.updated');
    expect(r.received[1].at - r.received[0].at).toBeGreaterThanOrEqual(900);
    expect(r.received[2].at - r.received[1].at).toBeGreaterThanOrEqual(900);
    const [delivery] = await waitForDeliveries(storeId, hook.id, (d) => d[0]?.status === 'succeeded');
    expect(delivery.eventId).toBe([...ids][0]);
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
    expect(delivery.nextAttemptAt).toBeNull();
  });

  it('fails a delivery when the schedule is used up, and disables the endpoint after WEBHOOK_DISABLE_AFTER failed deliveries, telling the owner', async () => {
    const r = await receiver();
    r.answer = () => ({ status: 503 });
    const email = 'failing-owner@example.com';
    const failingOwner = await sf.account(email);
    const storeId = await sf.store(failingOwner, 'Failing');
    const res = await t.post(
      hooks(storeId),
      { url: r.url(), events: ['store.updated'] },
      { token: failingOwner },
    );
    const hookId = res.body.id;
    const list = async () =>
      (await t.get(`${hooks(storeId)}/${hookId}/deliveries`, { token: failingOwner })).body.data;

    await t.put(`/v1/user/stores/${storeId}`, { description: 'one' }, { token: failingOwner });
    await r.waitFor((got) => got.length === 3, 15_000);
    for (let i = 0; i < 50 && (await list())[0].status !== 'failed'; i++) await sleep(100);
    const [first] = await list();
    expect(first.status).toBe('failed');
    expect(first.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 503, 503]);
    expect((await t.get(hooks(storeId), { token: failingOwner })).body[0].enabled).toBe(true);

    await t.put(`/v1/user/stores/${storeId}`, { description: 'two' }, { token: failingOwner });
    const mail = await t.mail.waitFor(email, 15_000);
    expect(mail.subject).toBe('A webhook endpoint of your store was disabled');
    expect(mail.text).toContain(r.url());
    const [endpoint] = (await t.get(hooks(storeId), { token: failingOwner })).body;
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(r.received).toHaveLength(6);

    // Disabled: a new event is not delivered. Enabled again: the failure count starts over, events flow.
    await t.put(`/v1/user/stores/${storeId}`, { description: 'three' }, { token: failingOwner });
    await sleep(1500);
    expect(r.received).toHaveLength(6);
    r.answer = () => ({ status: 204 });
    const enabled = await t.put(`${hooks(storeId)}/${hookId}`, { enabled: true }, { token: failingOwner });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
    await t.put(`/v1/user/stores/${storeId}`, { description: 'four' }, { token: failingOwner });
    await r.waitFor((got) => got.length === 7);
    expect(JSON.parse(r.received[6].body).data.description).toBe('four');
  });

  it('a 410 disables the endpoint at once ("gone"); a Retry-After longer than the step is honoured', async () => {
    const gone = await receiver();
    gone.answer = () => ({ status: 410 });
    const storeId = await sf.store(owner, 'Gone');
    const hook = await createHook(storeId, { url: gone.url(), events: ['store.updated'] });
    await touch(storeId, 'gone');
    await gone.waitFor((got) => got.length === 1);
    const [delivery] = await waitForDeliveries(storeId, hook.id, (d) => d[0]?.status === 'failed');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0].statusCode).toBe(410);
    expect((await t.get(hooks(storeId), { token: owner })).body[0]).toMatchObject({
      enabled: false,
      disabledReason: 'gone',
    });
    await touch(storeId, 'still gone');
    await sleep(1200);
    expect(gone.received).toHaveLength(1);

    const busy = await receiver();
    busy.answer = (_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '3' } } : { status: 200 });
    const busyStore = await sf.store(owner, 'Busy');
    await createHook(busyStore, { url: busy.url(), events: ['store.updated'] });
    await touch(busyStore, 'busy');
    await busy.waitFor((got) => got.length === 2, 10_000);
    // The schedule says 1 s; the endpoint asked for 3.
    expect(busy.received[1].at - busy.received[0].at).toBeGreaterThanOrEqual(2900);
  });

  it('a rolled-back change sends nothing; an endpoint gets only the types it subscribed to', async () => {
    const r = await receiver();
    const storeId = await sf.store(owner, 'Rollback');
    const appToken = await sf.appTokenFor(owner, storeId);
    const hook = await createHook(storeId, { url: r.url(), events: ['product.created', 'order.created'] });
    await sf.createProduct(appToken, {
      handle: 'tea',
      title: 'Tea',
      price: '1.00',
      currencyCode: 'USD',
      inventory: 1,
    });
    // The same handle again: refused in its transaction, so its event and delivery never existed.
    const taken = await sf.gql(
      appToken,
      `mutation($input: ProductCreateInput!) { productCreate(input: $input) { id } }`,
      { input: { handle: 'tea', title: 'Tea 2', price: '1.00', currencyCode: 'USD', inventory: 1 } },
    );
    expect(taken.body.errors).toBeDefined();
    // An order for more than the stock: refused, rolled back.
    const product = (await sf.data(appToken, `{ products(first: 1) { edges { node { id } } } }`)).products
      .edges[0].node;
    const order = await sf.gql(
      appToken,
      `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }`,
      {
        input: { customerEmail: 'b@example.com', lines: [{ productId: product.id, quantity: 5 }] },
      },
    );
    expect(order.body.errors?.[0]?.extensions?.code).toBe('OUT_OF_STOCK');
    // Not subscribed: store.updated.
    await touch(storeId, 'not subscribed');
    await r.waitFor((got) => got.length >= 1);
    await sleep(1200);
    expect(r.received.map((g) => JSON.parse(g.body).type)).toEqual(['product.created']);
    expect((await deliveries(storeId, hook.id)).body.data).toHaveLength(1);
  });

  it('a slow endpoint (answering after WEBHOOK_TIMEOUT) never delays another endpoint', async () => {
    const slow = await receiver();
    slow.answer = () => ({ status: 200, delayMs: 4000 });
    const fast = await receiver();
    const storeId = await sf.store(owner, 'Slow and fast');
    const slowHook = await createHook(storeId, { url: slow.url(), events: ['store.updated'] });
    // Several slow deliveries first, so the fast one is queued behind them.
    for (let i = 0; i < 5; i++) await touch(storeId, `slow ${i}`);
    await slow.waitFor((got) => got.length >= 5);
    await createHook(storeId, { url: fast.url(), events: ['store.updated'] });
    const sent = Date.now();
    await touch(storeId, 'both');
    await fast.waitFor((got) => got.length === 1, 1500);
    expect(fast.received[0].at - sent).toBeLessThan(1000);
    // The slow endpoint's attempts time out after WEBHOOK_TIMEOUT (2 s) and are retried.
    const data = await waitForDeliveries(storeId, slowHook.id, (d) =>
      d.some((x) => x.attempts.some((a: { error: string }) => a.error === 'timeout')),
    );
    const timedOut = data.flatMap((d) => d.attempts).find((a: { error: string }) => a.error === 'timeout');
    expect(timedOut).toMatchObject({ statusCode: null, error: 'timeout' });
    expect(timedOut.durationMs).toBeGreaterThanOrEqual(1900);
    expect(timedOut.durationMs).toBeLessThan(3000);
  });

  it('after a rotation every delivery carries two signatures for 24 h, each verifying with its secret', async () => {
    const r = await receiver();
    const storeId = await sf.store(owner, 'Rotating');
    const hook = await createHook(storeId, { url: r.url(), events: ['store.updated'] });
    const rotated = await t.post(`${hooks(storeId)}/${hook.id}/rotate-secret`, undefined, { token: owner });
    await touch(storeId, 'rotated');
    await r.waitFor((got) => got.length === 1);
    const [request] = r.received;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.body.secret, request).data.description).toBe('rotated');
    expect(verify(hook.secret, request).data.description).toBe('rotated');
  });

  it('test event and manual retry: one more attempt now with the same webhook-id; deleting an endpoint stops what is pending', async () => {
    const r = await receiver();
    const storeId = await sf.store(owner, 'Manual');
    const hook = await createHook(storeId, { url: r.url(), events: ['store.updated'] });
    const test = await t.post(`${hooks(storeId)}/${hook.id}/test`, undefined, { token: owner });
    await r.waitFor((got) => got.length === 1);
    await waitForDeliveries(storeId, hook.id, (d) => d[0]?.status === 'succeeded');
    const retry = await t.post(
      `${hooks(storeId)}/${hook.id}/deliveries/${test.body.deliveryId}/retry`,
      undefined,
      {
        token: owner,
      },
    );
    expect(retry.status).toBe(202);
    await r.waitFor((got) => got.length === 2);
    expect(r.received[1].headers['webhook-id']).toBe(r.received[0].headers['webhook-id']);
    expect(verify(hook.secret, r.received[1]).type).toBe('webhook.test');
    const [delivery] = await waitForDeliveries(
      storeId,
      hook.id,
      (d) => d[0]?.attempts.length === 2 && d[0].status === 'succeeded',
    );
    expect(delivery.id).toBe(test.body.deliveryId);

    // A failing endpoint, deleted after its first attempt: no further attempt comes.
    const doomed = await receiver();
    doomed.answer = () => ({ status: 500 });
    const doomedHook = await createHook(storeId, { url: doomed.url(), events: ['store.updated'] });
    await touch(storeId, 'doomed');
    await doomed.waitFor((got) => got.length === 1);
    expect((await t.delete(`${hooks(storeId)}/${doomedHook.id}`, { token: owner })).status).toBe(204);
    await sleep(2500);
    expect(doomed.received).toHaveLength(1);
  });

  it('pages deliveries newest first with a cursor', async () => {
    const r = await receiver();
    const storeId = await sf.store(owner, 'Paging');
    const hook = await createHook(storeId, { url: r.url(), events: ['store.updated'] });
    for (let i = 0; i < 3; i++) await touch(storeId, `page ${i}`);
    await r.waitFor((got) => got.length === 3);
    const first = await deliveries(storeId, hook.id, '?limit=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await deliveries(storeId, hook.id, `?limit=2&after=${first.body.nextCursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const descriptions = [...first.body.data, ...second.body.data].map(
      (d: { eventId: string }) => JSON.parse(r.forEvent(d.eventId)[0].body).data.description,
    );
    expect(descriptions).toEqual(['page 2', 'page 1', 'page 0']);
    const bad = await deliveries(storeId, hook.id, '?after=nope');
    expect([bad.status, bad.body.errors[0].field]).toEqual([400, 'after']);
    expect((await deliveries(storeId, hook.id, '?limit=101')).status).toBe(400);
  });

  it('the SDK: AccountClient.webhooks.* end to end, deliveries verified with verifyWebhook', async () => {
    const r = await receiver();
    const email = 'sdk-hooks@example.com';
    const account = new AccountClient({ baseUrl: t.baseUrl });
    await account.login(email);
    await account.verify(email, otpFrom(await t.mail.waitFor(email)));
    const storeId = (await account.stores.create({ name: 'SDK hooks', description: 'x' })).id;

    const created = await account.webhooks.create(storeId, { url: r.url(), events: ['webhook.test'] });
    expect(created.secret).toMatch(/^whsec_/);
    expect((await account.webhooks.list(storeId)).map((h) => h.id)).toEqual([created.id]);
    const updated = await account.webhooks.update(storeId, created.id, { description: 'from the SDK' });
    expect(updated.description).toBe('from the SDK');
    const rotated = await account.webhooks.rotateSecret(storeId, created.id);
    const { deliveryId } = await account.webhooks.test(storeId, created.id);
    await r.waitFor((got) => got.length === 1);
    const event = await verifyWebhook(r.received[0].body, r.received[0].headers, [rotated.secret]);
    expect(event.type).toBe('webhook.test');
    await account.webhooks.retry(storeId, created.id, deliveryId);
    await r.waitFor((got) => got.length === 2);
    let page = await account.webhooks.deliveries(storeId, created.id);
    for (let i = 0; i < 50 && page.data[0].attempts.length < 2; i++) {
      await sleep(100);
      page = await account.webhooks.deliveries(storeId, created.id, { limit: 5 });
    }
    expect(page.data[0]).toMatchObject({ id: deliveryId, eventId: event.id, status: 'succeeded' });
    expect(page.data[0].attempts).toHaveLength(2);
    await account.webhooks.delete(storeId, created.id);
    expect(await account.webhooks.list(storeId)).toHaveLength(0);
  });

  it('deliveries and their attempts are purged with their event after EVENT_RETENTION_DAYS', async () => {
    const r = await receiver();
    const storeId = await sf.store(owner, 'Retention');
    const hook = await createHook(storeId, { url: r.url(), events: ['store.updated'] });
    await touch(storeId, 'old');
    await touch(storeId, 'recent');
    await r.waitFor((got) => got.length === 2);
    const [recent, old] = await waitForDeliveries(
      storeId,
      hook.id,
      (d) => d.length === 2 && d.every((x) => x.status === 'succeeded'),
    );
    const db = t.app.get(DataSource);
    await db.query(`UPDATE events SET created_at = now() - interval '31 days' WHERE id = $1`, [old.eventId]);
    const report = await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(report.deleted.events).toBeGreaterThanOrEqual(1);
    const left = (await deliveries(storeId, hook.id)).body.data;
    expect(left.map((d: { id: string }) => d.id)).toEqual([recent.id]);
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM webhook_attempts WHERE delivery_id = $1`,
      [old.id],
    );
    expect(count).toBe(0);
  });
});
