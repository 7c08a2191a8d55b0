import {
  AccountClient,
  AppClient,
  ApiError,
  ConnectionError,
  GraphQLError,
  OAuthError,
  RateLimitError,
  SessionEvent,
  StorefrontClient,
  StorefrontError,
} from '@app/sdk';
import { otpFrom } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { signedInAccount } from './signed-in-account';
import { GoogleProvider } from '@app/testing/google-provider';
import { RedirectClient } from '@app/testing/redirect-client';

/**
 * The SDK against the real server: token caching and single flight, renewal before expiry, replay after
 * a revocation, no loop after a rotation, retries that follow the rules, the account flows end to end,
 * and the read-only storefront client.
 */

/** A fetch that records every request (method, path, status) and can answer some itself (fault injection). */
function recordingFetch(inject?: (url: string, init: RequestInit, n: number) => Response | undefined) {
  const calls: { method: string; path: string; status: number }[] = [];
  /** Paths in the order their requests were sent (calls: in the order they were answered). */
  const started: string[] = [];
  let n = 0;
  const impl: typeof fetch = async (input, init = {}) => {
    const url = String(input);
    started.push(new URL(url).pathname);
    const injected = inject?.(url, init, n++);
    const response = injected ?? (await fetch(input, init));
    calls.push({ method: init.method ?? 'GET', path: new URL(url).pathname, status: response.status });
    return response;
  };
  const count = (path: string) => calls.filter((c) => c.path === path).length;
  return { impl, calls, started, count };
}

const TOKEN = '/v1/auth/oauth/token';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SDK — AppClient', () => {
  let t: TestApp;
  let owner: AccountClient;
  let storeId: string;
  beforeAll(async () => {
    t = await TestApp.start({ env: { APP_TOKEN_TTL: '4' } });
    owner = await signedInAccount(t, 'sdk-owner@example.com');
    storeId = (await owner.stores.create({ name: 'SDK shop', description: 'Things' })).id;
  });
  afterAll(() => t.close());

  async function newApp() {
    return owner.apps.create({ storeId, name: `app-${Date.now()}` });
  }
  /** An AppClient for the app, every request through `fetchImpl`. */
  const appClient = (
    app: { clientId: string; clientSecret: string },
    fetchImpl: typeof fetch,
    options: { maxRetries?: number } = {},
  ) =>
    new AppClient({
      baseUrl: t.baseUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      fetch: fetchImpl,
      ...options,
    });

  it('makes exactly one token request for 50 parallel first calls', async () => {
    const app = await newApp();
    const f = recordingFetch();
    const client = appClient(app, f.impl);
    const stores = await Promise.all(Array.from({ length: 50 }, () => client.store()));
    expect(stores.every((s) => s.id === storeId)).toBe(true);
    // Every one of the 50 calls waited for the one token request: nothing else was sent before the first
    // call went out. (With APP_TOKEN_TTL=4 the token is renewed after 2 s, so on a loaded machine a call
    // retried later may legitimately renew it: that is not a second first-call token request.)
    const firstCall = f.started.indexOf('/v1/app/store');
    expect(f.started.slice(0, firstCall)).toEqual([TOKEN]);
    expect(f.count('/v1/app/store')).toBeGreaterThanOrEqual(50);
  });

  it('renews the token before it expires: the server never answers 401, one token per half lifetime', async () => {
    const app = await newApp();
    const f = recordingFetch();
    const client = appClient(app, f.impl);
    const started = Date.now();
    while (Date.now() - started < 7_000) {
      await client.store();
      await sleep(200);
    }
    expect(f.calls.filter((c) => c.status === 401)).toHaveLength(0);
    // 7 s with a 4 s lifetime renewed at half (2 s): 4 tokens, never more than one per 2 s.
    expect(f.count(TOKEN)).toBeGreaterThanOrEqual(3);
    expect(f.count(TOKEN)).toBeLessThanOrEqual(5);
  });

  it('after a server-side revoke, 20 parallel calls make one token request and all succeed', async () => {
    const app = await newApp();
    const f = recordingFetch();
    const client = appClient(app, f.impl);
    const token = await client.getAccessToken();
    const revoke = await t.post('/v1/auth/oauth/revoke', {
      token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(revoke.status).toBe(200);
    const before = f.count(TOKEN);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.store()));
    expect(results.every((s) => s.id === storeId)).toBe(true);
    expect(f.count(TOKEN) - before).toBe(1);
  });

  it('after a rotation, 20 parallel calls make one token request and all throw OAuthError invalid_client, no loop', async () => {
    const app = await newApp();
    const f = recordingFetch();
    const client = appClient(app, f.impl);
    await client.store();
    await owner.apps.rotateSecret(app.id);
    const before = f.count(TOKEN);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.store()));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    for (const r of results) {
      const error = (r as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(OAuthError);
      expect(error).toBeInstanceOf(StorefrontError);
      expect(error.error).toBe('invalid_client');
    }
    expect(f.count(TOKEN) - before).toBe(1);
  });

  it('revoke() kills its token on the server; the next call fetches a new one', async () => {
    const app = await newApp();
    const f = recordingFetch();
    const client = appClient(app, f.impl);
    const old = await client.getAccessToken();
    await client.revoke();
    expect((await t.get('/v1/app/store', { token: old })).status).toBe(401);
    expect((await client.store()).id).toBe(storeId);
    expect(f.count(TOKEN)).toBe(2);
  });

  it('waits out a 429 with Retry-After: 1 (seconds) and retries; exposes the server request id', async () => {
    const app = await newApp();
    const f = recordingFetch((url, _init, n) =>
      url.endsWith('/v1/app/store') && n === 1
        ? new Response(JSON.stringify({ code: 'rate_limited', status: 429 }), {
            status: 429,
            headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
          })
        : undefined,
    );
    const client = appClient(app, f.impl);
    const started = Date.now();
    const store = await client.store();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(f.count('/v1/app/store')).toBe(2);
    expect(store.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The request id is the server's: the same request, looked up again, is in its answer header.
    const direct = await t.get('/v1/app/store', {
      token: await client.getAccessToken(),
      headers: { 'x-request-id': 'abc.123' },
    });
    expect(direct.headers.get('x-request-id')).toBe('abc.123');
  });

  it('retries a 503 on a query, never a mutation without an idempotency key, and a RateLimitError carries retryAfter', async () => {
    const app = await newApp();
    const unavailable = () =>
      new Response(JSON.stringify({ errors: [{ message: 'down', extensions: { code: 'UNAVAILABLE' } }] }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '0' },
      });
    let failures = 1;
    const f = recordingFetch((url) =>
      url.endsWith('/graphql') && failures-- > 0 ? unavailable() : undefined,
    );
    const client = appClient(app, f.impl);
    const list = await client.products.list({ first: 5 });
    expect(list.edges).toEqual([]);
    expect(f.count('/v1/storefront/graphql')).toBe(2);

    failures = 1;
    const before = f.count('/v1/storefront/graphql');
    await expect(
      client.graphql(`mutation { productDelete(id: "00000000-0000-4000-8000-000000000000") }`),
    ).rejects.toBeInstanceOf(GraphQLError);
    expect(f.count('/v1/storefront/graphql') - before).toBe(1);

    // With a key (orders.create adds one itself) the same mutation is retried.
    const product = await client.products.create({
      handle: 'mug',
      title: 'Mug',
      price: '3.00',
      currencyCode: 'USD',
      inventory: 5,
    });
    failures = 1;
    const beforeOrder = f.count('/v1/storefront/graphql');
    const order = await client.orders.create({
      customerEmail: 'b@example.com',
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(order.total.amount).toBe('3.00');
    expect(f.count('/v1/storefront/graphql') - beforeOrder).toBe(2);

    const limited = recordingFetch(
      () =>
        new Response(JSON.stringify({ code: 'rate_limited', status: 429 }), {
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '7' },
        }),
    );
    const noRetry = appClient(app, limited.impl, { maxRetries: 0 });
    // A 429 the SDK stops retrying is a RateLimitError, whichever endpoint answered it.
    const error = await noRetry.getAccessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(7);
    const restClient = new AccountClient({ baseUrl: t.baseUrl, fetch: limited.impl, maxRetries: 0 });
    const rate = await restClient.login('x@example.com').catch((e: unknown) => e);
    expect(rate).toBeInstanceOf(RateLimitError);
    expect((rate as RateLimitError).retryAfter).toBe(7);
  });

  it('stops retrying when its AbortSignal fires', async () => {
    const app = await newApp();
    const f = recordingFetch((url) =>
      url.endsWith('/graphql')
        ? new Response('{}', {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '5' },
          })
        : undefined,
    );
    const client = appClient(app, f.impl);
    await client.getAccessToken();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const error = await client
      .graphql('{ store { id } }', undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    // The signal's reason: an AbortError, not an SDK error.
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(f.count('/v1/storefront/graphql')).toBe(1);
  });

  it('refuses to be constructed in a browser', () => {
    const g = globalThis as { window?: unknown; document?: unknown };
    g.window = {};
    g.document = {};
    try {
      expect(() => new AppClient({ baseUrl: t.baseUrl, clientId: 'sfc_x', clientSecret: 'sfs_x' })).toThrow(
        StorefrontError,
      );
    } finally {
      delete g.window;
      delete g.document;
    }
  });
});

describe('SDK — AccountClient', () => {
  let t: TestApp;
  let google: GoogleProvider;
  beforeAll(async () => {
    google = await GoogleProvider.start();
    t = await TestApp.start({ env: { ...google.env, ACCESS_TOKEN_TTL: '3' } });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  it('signs in by e-mail code and runs a store through onboarding, apps, public tokens and sessions', async () => {
    const events: SessionEvent[] = [];
    const account = new AccountClient({ baseUrl: t.baseUrl });
    account.onChange((event) => events.push(event));
    const sent = await account.login('flow@example.com');
    expect(sent).toMatchObject({ sent: true, expiresIn: 300 });
    const session = await account.verify(
      'flow@example.com',
      otpFrom(await t.mail.waitFor('flow@example.com')),
    );
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(events).toEqual(['signed_in']);
    expect((await account.me()).email).toBe('flow@example.com');

    const store = await account.stores.create({ name: 'Flow shop', description: 'All of it' });
    expect(store.status).toBe('onboarding');
    await account.stores.stage2(store.id, {
      faviconUrl: 'https://cdn.example.com/f.png',
      logoBlackWhiteUrl: 'https://cdn.example.com/bw.png',
      logoColorUrl: 'https://cdn.example.com/c.png',
    });
    await account.stores.stage3(store.id, {
      mobile: '+919876543210',
      supportEmail: 'help@example.com',
      region: 'South',
      address: { line1: '1 Main St', city: 'Chennai', state: 'TN', postalCode: '600001', country: 'IN' },
    });
    await account.stores.stage4(store.id, { socialLinks: [] });
    expect((await account.stores.complete(store.id)).status).toBe('active');
    expect((await account.stores.update(store.id, { name: 'Renamed' })).name).toBe('Renamed');
    expect((await account.stores.list()).map((s) => s.id)).toEqual([store.id]);
    const invalid = await account.stores.update(store.id, { name: '' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect((invalid as ApiError).code).toBe('validation_failed');
    expect((invalid as ApiError).requestId).toMatch(/^[0-9a-f-]{36}$/);

    const app = await account.apps.create({ storeId: store.id, name: 'Server', scopes: ['products:read'] });
    expect(app.clientSecret).toMatch(/^sfs_/);
    const listed = await account.apps.list(store.id);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(app.clientSecret);
    expect(listed[0].secretHint).toBe(app.clientSecret.slice(-4));
    const rotated = await account.apps.rotateSecret(app.id);
    expect(rotated.clientSecret).not.toBe(app.clientSecret);

    const pub = await account.publicTokens.create(store.id, { name: 'Web' });
    expect(pub.token).toMatch(/^sfp_/);
    const storefront = new StorefrontClient({ baseUrl: t.baseUrl, publicToken: pub.token });
    expect((await storefront.store()).name).toBe('Renamed');
    expect((await storefront.products.list({ first: 5 })).edges).toEqual([]);
    const write = await storefront
      .graphql('mutation { productDelete(id: "00000000-0000-4000-8000-000000000000") }')
      .catch((e: unknown) => e);
    expect(write).toBeInstanceOf(GraphQLError);
    expect((write as GraphQLError).codes).toContain('FORBIDDEN');
    const rotatedPub = await account.publicTokens.rotate(store.id, pub.id);
    expect(rotatedPub.token).not.toBe(pub.token);
    expect((await account.publicTokens.list(store.id))[0].tokenHint).toBe(rotatedPub.token.slice(-4));
    await account.publicTokens.delete(store.id, pub.id);
    await account.apps.delete(app.id);

    const sessions = await account.sessions.list();
    expect(sessions.find((s) => s.current)?.id).toBe(session.sessionId);
    await account.stores.delete(store.id);
    await account.logout();
    expect(events[events.length - 1]).toBe('signed_out');
    expect(await account.session()).toBeNull();
  });

  it('runs a team: invitations (the token from the mail), members and their roles, leaving, the transfer', async () => {
    const owner = await signedInAccount(t, 'team-owner@example.com');
    const asha = await signedInAccount(t, 'asha@example.com');
    const ravi = await signedInAccount(t, 'ravi@example.com');
    const store = await owner.stores.create({ name: 'Team shop', description: 'Run by several' });
    expect(store.role).toBe('owner');

    const invitation = await owner.invitations.create(store.id, {
      email: 'Asha@Example.com ',
      role: 'admin',
    });
    expect(invitation).toMatchObject({ email: 'asha@example.com', role: 'admin' });
    expect(invitation.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await owner.invitations.list(store.id)).map((i) => i.id)).toEqual([invitation.id]);
    const link = /\/console\/invitations\/(\S+)/.exec((await t.mail.waitFor('asha@example.com')).text);
    const accepted = await asha.invitations.accept(link![1]);
    expect({ ...accepted }).toEqual({ storeId: store.id, role: 'admin' });
    expect((await asha.stores.list()).map((s) => [s.id, s.role])).toEqual([[store.id, 'admin']]);

    // An admin invites staff; the owner revokes one invitation; the other is accepted.
    const revoked = await asha.invitations.create(store.id, { email: 'nobody@example.com', role: 'staff' });
    await owner.invitations.revoke(store.id, revoked.id);
    await asha.invitations.create(store.id, { email: 'ravi@example.com', role: 'staff' });
    const raviLink = /\/console\/invitations\/(\S+)/.exec((await t.mail.waitFor('ravi@example.com')).text);
    await ravi.invitations.accept(raviLink![1]);
    const refused = await asha.invitations
      .create(store.id, { email: 'another-admin@example.com', role: 'admin' })
      .catch((e: unknown) => e);
    expect([(refused as ApiError).status, (refused as ApiError).code]).toEqual([403, 'insufficient_role']);

    const members = await owner.members.list(store.id);
    expect(members.map((m) => [m.email, m.role])).toEqual([
      ['team-owner@example.com', 'owner'],
      ['asha@example.com', 'admin'],
      ['ravi@example.com', 'staff'],
    ]);
    const raviId = members[2].accountId;
    expect((await asha.members.update(store.id, raviId, { role: 'developer' })).role).toBe('developer');
    const staffOnly = await ravi.products.list(store.id);
    expect(staffOnly.data).toEqual([]);
    await ravi.members.remove(store.id, raviId); // leaving
    const gone = await ravi.stores.get(store.id).catch((e: unknown) => e);
    expect([(gone as ApiError).status, (gone as ApiError).code]).toEqual([404, 'store_not_found']);

    const transferred = await owner.stores.transfer(store.id, members[1].accountId);
    expect([transferred.id, transferred.role]).toEqual([store.id, 'admin']);
    expect((await asha.stores.get(store.id)).role).toBe('owner');
  });

  it('refreshes once for 20 parallel calls when the access token is about to expire, and the session survives', async () => {
    const f = recordingFetch();
    const account = await signedInAccount(t, 'parallel@example.com', f.impl);
    await sleep(2_800); // ACCESS_TOKEN_TTL is 3 s: past the refresh point
    const results = await Promise.all(Array.from({ length: 20 }, () => account.me()));
    expect(results.every((m) => m.email === 'parallel@example.com')).toBe(true);
    expect(f.count('/v1/auth/refresh')).toBe(1);
    expect(f.calls.filter((c) => c.status === 401)).toHaveLength(0);
    expect((await account.sessions.list()).length).toBe(1);
  });

  it('clears the session and says signed_out when the server refuses the refresh', async () => {
    const storage = new Map<string, string>();
    const store = {
      get: (k: string) => storage.get(k),
      set: (k: string, v: string) => void storage.set(k, v),
      delete: (k: string) => void storage.delete(k),
    };
    const account = new AccountClient({ baseUrl: t.baseUrl, storage: store });
    await account.login('refused@example.com');
    await account.verify('refused@example.com', otpFrom(await t.mail.waitFor('refused@example.com')));
    // A stored session survives a new client on the same storage.
    const again = new AccountClient({ baseUrl: t.baseUrl, storage: store });
    expect((await again.me()).email).toBe('refused@example.com');
    const events: SessionEvent[] = [];
    again.onChange((event) => events.push(event));
    // Signed out everywhere from another device (its own storage): this session's refresh is refused.
    const elsewhere = await signedInAccount(t, 'refused@example.com');
    await elsewhere.logoutAll();
    // Make the next call refresh first, as it would once the access token is near its end.
    const stored = JSON.parse(storage.get('storefront.session')!);
    storage.set('storefront.session', JSON.stringify({ ...stored, refreshAt: Date.now() - 1 }));
    const error = await again.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(events).toContain('signed_out');
    expect(storage.size).toBe(0);
  });

  it('revokes another session by id and signs out everywhere; the revoked client notices on its next call', async () => {
    const laptop = await signedInAccount(t, 'devices@example.com');
    const phone = await signedInAccount(t, 'devices@example.com');
    const phoneEvents: SessionEvent[] = [];
    phone.onChange((event) => phoneEvents.push(event));
    const sessions = await laptop.sessions.list();
    expect(sessions).toHaveLength(2);
    const phoneSession = sessions.find((s) => !s.current)!;
    expect(phoneSession.id).toBe((await phone.session())!.sessionId);
    await laptop.sessions.revoke(phoneSession.id);
    // The phone's very next call is refused; its refresh is refused too, so it is signed out.
    await expect(phone.me()).rejects.toBeInstanceOf(ApiError);
    expect(phoneEvents).toEqual(['signed_out']);
    expect(await phone.session()).toBeNull();
    expect((await laptop.sessions.list()).map((s) => s.id)).toEqual([(await laptop.session())!.sessionId]);
    // An unknown (or someone else's) session id is a 404, as the server says.
    const missing = await laptop.sessions.revoke(phoneSession.id).catch((e: unknown) => e);
    expect((missing as ApiError).code).toBe('session_not_found');

    const tablet = await signedInAccount(t, 'devices@example.com');
    await laptop.logoutAll();
    expect(await laptop.session()).toBeNull();
    await expect(tablet.me()).rejects.toBeInstanceOf(ApiError);
    expect(await tablet.session()).toBeNull();
  });

  it('lists the sign-in methods the service has turned on', async () => {
    const account = new AccountClient({ baseUrl: t.baseUrl });
    const providers = await account.providers();
    // Google is configured here (the local provider), GitHub is not.
    expect(providers.providers).toEqual(['otp', 'google']);
    expect(providers.requestId).toMatch(/\S/);
  });

  it('signs in with Google: socialSignIn → provider → completeSocialSignIn with the stored verifier', async () => {
    // The browser talks to the service at PUBLIC_URL (the provider sends it back there, with its cookie).
    const origin = new URL(t.config.publicUrl).origin;
    const account = new AccountClient({ baseUrl: t.config.publicUrl });
    const { url } = await account.socialSignIn('google', { redirectUri: `${origin}/console/auth/callback` });
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    google.next = { sub: 'sdk-google-1', email: 'sdk-google@example.com', email_verified: true };
    const hops = await new RedirectClient().follow(url, (next) => next.startsWith(`${origin}/console`));
    const last = hops[hops.length - 1];
    if (!last.location)
      throw new Error(`flow ended at ${last.url}: ${last.status} ${last.text.slice(0, 300)}`);
    const code = new URL(last.location).searchParams.get('login_code')!;
    const session = await account.completeSocialSignIn(code);
    expect(session.accessToken).toBeTruthy();
    expect((await account.me()).providers).toEqual(['google']);
    // The verifier was used up: a second completion has nothing to send.
    await expect(account.completeSocialSignIn(code)).rejects.toBeInstanceOf(StorefrontError);
  });
});
