import {
  AccountClient,
  ApiError,
  AppClient,
  ConnectionError,
  GraphQLError,
  RateLimitError,
  SessionEvent,
  StorefrontClient,
  StorefrontError,
  TimeoutError,
} from '@app/sdk';
import { isMutation } from '@app/sdk/graphql';
import { parseRetryAfter } from '@app/sdk/transport';
import { otpFrom } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { signedInAccount } from './signed-in-account';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';

/**
 * The SDK's v1.2 rules, each found by a stranger's script and each checked here against the running
 * server over HTTP. A fetch stub answers in the server's place only for what the server cannot be made to
 * do on demand (a lost answer, a 503 without Retry-After, a hanging attempt, a failing token endpoint).
 */

interface Call {
  method: string;
  path: string;
  status: number;
  at: number;
  headers: Record<string, string>;
  body: unknown;
}

type Inject = (
  url: string,
  init: RequestInit,
  n: number,
) => Response | Promise<Response> | 'lose-answer' | undefined;

/** A fetch that records every request and can answer some itself, or pass one on and lose its answer. */
function recordingFetch(inject?: Inject) {
  const calls: Call[] = [];
  let n = 0;
  const impl: typeof fetch = async (input, init = {}) => {
    const url = String(input);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const record = (status: number) =>
      calls.push({
        method: init.method ?? 'GET',
        path: new URL(url).pathname,
        status,
        at: Date.now(),
        headers,
        body: init.body,
      });
    const injected = await inject?.(url, init, n++);
    if (injected === 'lose-answer') {
      // The request reaches the server and is processed; its answer never arrives.
      const response = await fetch(input, init);
      await response.text();
      record(response.status);
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    }
    const response = injected ?? (await fetch(input, init));
    record(response.status);
    return response;
  };
  const on = (path: string) => calls.filter((c) => c.path === path);
  return { impl, calls, on };
}

const TOKEN = '/v1/auth/oauth/token';
const STORE = '/v1/app/store';
const GRAPHQL = '/v1/storefront/graphql';
const REFRESH = '/v1/auth/refresh';
const UUID = /^[0-9a-f-]{36}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The server's REFRESH_REUSE_INTERVAL here (2 s), and the client told the same. */
const REUSE_MS = 2_000;

const problem = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ status, code: status === 429 ? 'rate_limited' : 'unavailable' }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

/** Answers only when the caller aborts: an attempt that never gets an answer. */
const hang = (init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('SDK rules (v1.2)', () => {
  let t: TestApp;
  let owner: AccountClient;
  let storeId: string;
  let appN = 0;

  beforeAll(async () => {
    t = await TestApp.start({
      env: {
        APP_TOKEN_TTL: '4',
        AUTH_RATE_LIMIT: '100000',
        OTP_MAX_FAILURES: '5',
        REFRESH_REUSE_INTERVAL: String(REUSE_MS / 1000),
      },
    });
    owner = await signedInAccount(t, 'rules-owner@example.com');
    storeId = (await owner.stores.create({ name: 'Rules shop', description: 'Things' })).id;
  });
  afterAll(() => t?.close());

  async function appClient(
    fetchImpl?: typeof fetch,
    extra: Partial<ConstructorParameters<typeof AppClient>[0]> = {},
  ) {
    const app = await owner.apps.create({ storeId, name: `rules-${++appN}` });
    const client = new AppClient({
      baseUrl: t.baseUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      fetch: fetchImpl,
      ...extra,
    });
    return { app, client };
  }

  describe('retries', () => {
    it('a missing or unparseable Retry-After means exponential backoff with jitter, not an immediate retry', async () => {
      let failures = 2;
      const f = recordingFetch((url) =>
        url.endsWith(STORE) && failures-- > 0
          ? problem(503, failures === 0 ? { 'retry-after': 'soon' } : {})
          : undefined,
      );
      const { client } = await appClient(f.impl);
      expect((await client.store()).id).toBe(storeId);
      const tries = f.on(STORE);
      expect(tries.map((c) => c.status)).toEqual([503, 503, 200]);
      // Attempt 1 waits 0.25–0.5 s, attempt 2 0.5–1 s (half to all of 0.5 s · 2^n).
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(240);
      expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(490);
      expect(tries[2].at - tries[1].at).toBeLessThan(1_500);
    });

    it('reads Retry-After as seconds or an HTTP date; anything else means the backoff', () => {
      const now = Date.parse('2026-11-24T10:00:00Z');
      expect(parseRetryAfter('7', now)).toBe(7_000);
      expect(parseRetryAfter('0', now)).toBe(0);
      expect(parseRetryAfter('Tue, 24 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
      expect(parseRetryAfter('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
      for (const bad of [null, '', 'soon', '-1', '1.5', '0x10', 'Infinity', ' NaN'])
        expect(parseRetryAfter(bad, now)).toBeNull();
    });

    it('a Retry-After longer than what is left of timeoutMs throws RateLimitError at once', async () => {
      const f = recordingFetch((url) =>
        url.endsWith(STORE) ? problem(429, { 'retry-after': '3600' }) : undefined,
      );
      const { client } = await appClient(f.impl, { timeoutMs: 5_000 });
      await client.getAccessToken();
      const started = Date.now();
      const error = await client.store().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBe(3600);
      expect((error as RateLimitError).status).toBe(429);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(f.on(STORE)).toHaveLength(1);

      // The same per call: 2 s of Retry-After do not fit in a call's own timeoutMs of 1 s…
      const again = await client.store({ timeoutMs: 1_000 }).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(RateLimitError);
      expect(f.on(STORE)).toHaveLength(2);
    });

    it('the server’s own 429 (too many failed verifications) is a RateLimitError with its Retry-After and request id; a verify is never retried', async () => {
      // OTP_MAX_FAILURES (5 here) failed verifications in an hour: then 429 with Retry-After (seconds).
      const f = recordingFetch();
      const account = new AccountClient({ baseUrl: t.baseUrl, fetch: f.impl, timeoutMs: 1_000 });
      await account.login('guesser@example.com');
      const errors: unknown[] = [];
      for (let i = 0; i < 6; i++)
        errors.push(await account.verify('guesser@example.com', '000000').catch((e: unknown) => e));
      expect(errors.slice(0, 5).map((e) => (e as ApiError).code)).toEqual(Array(5).fill('invalid_otp'));
      const error = errors[5];
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).code).toBe('rate_limited');
      expect((error as RateLimitError).retryAfter).toBeGreaterThan(1);
      expect((error as RateLimitError).requestId).toMatch(UUID);
      expect(f.on('/v1/auth/login/verify')).toHaveLength(6);
    });

    it('retries a TimeoutError on a GET like a connection error; never a mutation without a key', async () => {
      let hangs = 1;
      const f = recordingFetch((url, init) => (url.endsWith(STORE) && hangs-- > 0 ? hang(init) : undefined));
      const { client } = await appClient(f.impl, { timeoutMs: 400 });
      await client.getAccessToken();
      expect((await client.store()).id).toBe(storeId);
      expect(f.on(STORE)).toHaveLength(1); // the hung attempt never answered, so was never recorded
      expect(f.calls.filter((c) => c.path === STORE && c.status === 200)).toHaveLength(1);

      let sent = 0;
      const g = recordingFetch((url, init) => {
        if (!url.endsWith(GRAPHQL)) return undefined;
        sent++;
        return hang(init);
      });
      const { client: writer } = await appClient(g.impl, { timeoutMs: 300 });
      await writer.getAccessToken();
      const error = await writer
        .graphql(`mutation { productDelete(id: "00000000-0000-4000-8000-000000000000") }`)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(sent).toBe(1);
      // A query with the same hang is tried 1 + maxRetries (2) times, with backoff between.
      const started = Date.now();
      const q = await writer.graphql('{ store { id } }').catch((e: unknown) => e);
      expect(q).toBeInstanceOf(TimeoutError);
      expect(sent).toBe(4);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 300 + 250 + 500);
    });

    it('an aborted signal rejects with the signal’s reason (an AbortError), also while waiting', async () => {
      const f = recordingFetch((url) =>
        url.endsWith(STORE) ? problem(503, { 'retry-after': '2' }) : undefined,
      );
      const { client } = await appClient(f.impl);
      await client.getAccessToken();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const error = await client.store({ signal: controller.signal }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
      expect(error).not.toBeInstanceOf(StorefrontError);
      // A reason of the caller's own is passed through as it is.
      const reason = new Error('user navigated away');
      const mine = await client.products
        .list({}, { signal: AbortSignal.abort(reason) })
        .catch((e: unknown) => e);
      expect(mine).toBe(reason);
    });
  });

  describe('tokens', () => {
    it('a failed background renewal keeps the current token while it is valid', async () => {
      let tokenDown = false;
      const f = recordingFetch((url) => {
        if (url.endsWith(TOKEN) && tokenDown) throw new TypeError('fetch failed');
        return undefined;
      });
      const { client } = await appClient(f.impl, { maxRetries: 0 });
      const first = await client.getAccessToken();
      // APP_TOKEN_TTL is 4 s: renewal starts at 2 s; the token endpoint is unreachable from then on (the
      // token is sent until 1 s before its end).
      await sleep(2_100);
      tokenDown = true;
      const started = Date.now();
      while (Date.now() - started < 600) {
        expect((await client.store()).id).toBe(storeId);
        await sleep(100);
      }
      expect(
        f.calls.filter((c) => c.path === STORE).every((c) => c.headers.authorization === `Bearer ${first}`),
      ).toBe(true);
      // Once it is back, the next renewal (after the one-second hold of the failure) replaces the token.
      tokenDown = false;
      await sleep(1_000);
      await client.store();
      await sleep(50);
      expect(await client.getAccessToken()).not.toBe(first);
      expect(f.calls.filter((c) => c.status >= 400)).toHaveLength(0);
    });

    it('retries a refresh whose answer was lost, within REFRESH_REUSE_INTERVAL: the session survives', async () => {
      let lose = 1;
      const f = recordingFetch((url) => (url.endsWith(REFRESH) && lose-- > 0 ? 'lose-answer' : undefined));
      const account = await signedInAccount(t, 'lost-refresh@example.com', f.impl);
      const events: SessionEvent[] = [];
      account.onChange((e) => events.push(e));
      const before = (await account.session())!;
      const session = await account.refresh();
      expect(session.sessionId).toBe(before.sessionId);
      expect(session.refreshToken).not.toBe(before.refreshToken);
      // The lost one rotated the token on the server; the retry (the same token, within 10 s) got a pair.
      expect(f.on(REFRESH)).toHaveLength(2);
      expect(events).toEqual(['refreshed']);
      expect((await account.me()).email).toBe('lost-refresh@example.com');
      expect(session.requestId).toMatch(UUID);
    });

    it('never retries a refresh past REFRESH_REUSE_INTERVAL since its first try (a Retry-After of 11 s is not waited for)', async () => {
      let busy = 1;
      const f = recordingFetch((url) =>
        url.endsWith(REFRESH) && busy-- > 0 ? problem(503, { 'retry-after': '11' }) : undefined,
      );
      const account = await signedInAccount(t, 'late-refresh@example.com', f.impl);
      const started = Date.now();
      const error = await account.refresh({ timeoutMs: 60_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(f.on(REFRESH)).toHaveLength(1);
      // Not an answer about the session: it stays, and the next refresh works.
      expect(await account.session()).not.toBeNull();
      await account.refresh();
      expect((await account.me()).email).toBe('late-refresh@example.com');
    });

    it('a refresh that may have rotated the token unheard is not sent again past the reuse interval: the session ends here, not by reuse detection', async () => {
      // Every answer of the refresh is lost (the server rotates the token each time and nobody hears it).
      const f = recordingFetch((url) => (url.endsWith(REFRESH) ? 'lose-answer' : undefined));
      const account = new AccountClient({
        baseUrl: t.baseUrl,
        fetch: f.impl,
        refreshReuseIntervalMs: REUSE_MS,
      });
      await account.login('unheard@example.com');
      await account.verify('unheard@example.com', otpFrom(await t.mail.waitFor('unheard@example.com')));
      const events: SessionEvent[] = [];
      account.onChange((e) => events.push(e));
      const first = await account.refresh().catch((e: unknown) => e);
      expect(first).toBeInstanceOf(ConnectionError);
      const sent = f.on(REFRESH).length;
      // The first try and its retries (two at most), all within the interval.
      expect(sent).toBeGreaterThanOrEqual(2);
      expect(sent).toBeLessThanOrEqual(3);
      expect(f.on(REFRESH).every((c) => c.at - f.on(REFRESH)[0].at < REUSE_MS)).toBe(true);
      expect(await account.session()).not.toBeNull();
      await sleep(REUSE_MS + 100);
      const error = await account.refresh().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(401);
      expect((error as ApiError).code).toBe('session_lost');
      expect(f.on(REFRESH)).toHaveLength(sent);
      expect(events).toEqual(['signed_out']);
      expect(await account.session()).toBeNull();
    });

    it('parallel calls on a session the server ended share one refresh and all throw the same ApiError 401', async () => {
      const f = recordingFetch();
      const account = await signedInAccount(t, 'dead@example.com', f.impl);
      const events: SessionEvent[] = [];
      account.onChange((e) => events.push(e));
      const elsewhere = await signedInAccount(t, 'dead@example.com');
      await elsewhere.logoutAll();
      const results = await Promise.allSettled([
        account.me(),
        account.stores.list(),
        account.sessions.list(),
        account.apps.list(storeId),
      ]);
      const errors = results.map((r) => (r as PromiseRejectedResult).reason);
      expect(results.every((r) => r.status === 'rejected')).toBe(true);
      for (const error of errors) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(401);
        expect((error as ApiError).code).toBe((errors[0] as ApiError).code);
      }
      expect(f.on(REFRESH)).toHaveLength(1);
      expect(events).toEqual(['signed_out']);
      // Afterwards: the same class and status, with a code that says why.
      const later = await account.me().catch((e: unknown) => e);
      expect(later).toBeInstanceOf(ApiError);
      expect((later as ApiError).status).toBe(401);
      expect((later as ApiError).code).toBe('not_signed_in');
      expect(f.on(REFRESH)).toHaveLength(1);
    });
  });

  describe('mutations', () => {
    it('tells a mutation by the selected operation: fragments first, several operations and operationName', () => {
      const fragment = 'fragment P on Product { id title }';
      expect(
        isMutation(`${fragment}\nmutation M($i: ProductCreateInput!) { productCreate(input: $i) { ...P } }`),
      ).toBe(true);
      expect(
        isMutation(`# a comment with mutation\n${fragment} query { products { edges { node { ...P } } } }`),
      ).toBe(false);
      expect(isMutation(`${fragment} { store { id } }`)).toBe(false);
      const two = 'query Q { store { id } } mutation M { productDelete(id: "x") }';
      expect(isMutation(two, 'Q')).toBe(false);
      expect(isMutation(two, 'M')).toBe(true);
      expect(isMutation(two)).toBe(true); // unknown which: treated as a write
      expect(isMutation('query Q($s: String = "mutation { }") { store { id } }')).toBe(false);
      expect(isMutation('query Q { product(handle: """ mutation """) { id } }')).toBe(false);
      expect(isMutation('{ store { id }')).toBe(true); // unreadable: treated as a write
    });

    it('a mutation that starts with a fragment is not retried without a key; with operationName a query in the same document is', async () => {
      let failures = 0;
      const f = recordingFetch((url) =>
        url.endsWith(GRAPHQL) && failures-- > 0 ? problem(503, { 'retry-after': '0' }) : undefined,
      );
      const { client } = await appClient(f.impl);
      await client.getAccessToken();
      const doc = `fragment P on Product { id title }
        query Q { store { id } }
        mutation M { productCreate(input: { handle: "frag", title: "Frag", price: "1.00", currencyCode: "EUR", inventory: 1 }) { ...P } }`;
      failures = 1;
      const error = await client.graphql(doc, undefined, { operationName: 'M' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect(f.on(GRAPHQL)).toHaveLength(1);
      failures = 1;
      const data = await client.graphql<{ store: { id: string } }>(doc, undefined, { operationName: 'Q' });
      expect(data.store.id).toBe(storeId);
      expect(f.on(GRAPHQL)).toHaveLength(3);
      // With a key the mutation is retried, and the server ran it once.
      failures = 1;
      const made = await client.graphql<{ productCreate: { title: string } }>(doc, undefined, {
        operationName: 'M',
        idempotencyKey: 'frag-1',
      });
      expect(made.productCreate.title).toBe('Frag');
      expect(f.on(GRAPHQL)).toHaveLength(5);
      expect(await client.products.get({ handle: 'frag' })).not.toBeNull();
    });
  });

  describe('secrets', () => {
    it('never shows the client secret, tokens or refresh tokens in util.inspect, JSON.stringify or error messages', async () => {
      const { app, client } = await appClient();
      const token = await client.getAccessToken();
      await client.store();
      const account = await signedInAccount(t, 'secrets@example.com');
      const session = (await account.session())!;
      const publicToken = (await owner.publicTokens.create(storeId, { name: 'secret-web' })).token;
      const storefront = new StorefrontClient({ baseUrl: t.baseUrl, publicToken });
      await storefront.store();
      const secrets = [app.clientSecret, token, session.accessToken, session.refreshToken, publicToken];
      const shown = [client, account, storefront, client.products, client.orders, account.stores]
        .flatMap((c) => [
          inspect(c, { showHidden: true, depth: Infinity, getters: true }),
          JSON.stringify(c) ?? '',
          String(c),
        ])
        .join('\n');
      for (const secret of secrets) expect(shown).not.toContain(secret);
      expect(inspect(client)).toContain(app.clientId);

      // Errors: a refused token request (rotated secret), a dead port, a timeout.
      await owner.apps.rotateSecret(app.id);
      const stale = new AppClient({
        baseUrl: t.baseUrl,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
      });
      const dead = new AppClient({
        baseUrl: 'http://127.0.0.1:9',
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        maxRetries: 0,
      });
      const hanging = new AppClient({
        baseUrl: t.baseUrl,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        maxRetries: 0,
        timeoutMs: 200,
        fetch: (_input, init) => hang(init ?? {}),
      });
      const errors = await Promise.all(
        [stale.store(), dead.store(), hanging.store()].map((p) => p.catch((e: unknown) => e)),
      );
      expect(errors[1]).toBeInstanceOf(ConnectionError);
      expect(errors[2]).toBeInstanceOf(TimeoutError);
      const text = errors
        .map(
          (e) =>
            `${(e as Error).message}\n${inspect(e, { showHidden: true, depth: Infinity })}\n${JSON.stringify(e)}`,
        )
        .join('\n');
      expect(text).not.toContain(app.clientSecret);
      expect(text).not.toContain(btoa(`${app.clientId}:${app.clientSecret}`));
    });
  });

  describe('request ids, options, base URLs, iteration, User-Agent', () => {
    it('every result of a write carries the server request id (non-enumerable)', async () => {
      const { client } = await appClient();
      const product = await client.products.create({
        handle: 'rid',
        title: 'Rid',
        price: '2.00',
        currencyCode: 'EUR',
        inventory: 5,
      });
      const updated = await client.products.update(product.id, { title: 'Rid 2' });
      const order = await client.orders.create({
        customerEmail: 'r@example.com',
        lines: [{ productId: product.id, quantity: 1 }],
      });
      const deleted = await client.products.delete(
        (
          await client.products.create({
            handle: 'gone',
            title: 'Gone',
            price: '1.00',
            currencyCode: 'EUR',
            inventory: 1,
          })
        ).id,
      );
      for (const result of [product, updated, order, deleted]) {
        expect(result.requestId).toMatch(UUID);
        expect(Object.keys(result)).not.toContain('requestId');
      }
      expect(JSON.stringify(product)).not.toContain('requestId');
      expect(deleted.id).toMatch(UUID);
    });

    it('every method takes { signal }: an aborted one sends nothing and rejects with its reason', async () => {
      const f = recordingFetch();
      const { client } = await appClient(f.impl);
      const account = await signedInAccount(t, 'signals@example.com', f.impl);
      const storefront = new StorefrontClient({ baseUrl: t.baseUrl, publicToken: 'sfp_x', fetch: f.impl });
      await client.getAccessToken();
      const before = f.calls.length;
      const signal = AbortSignal.abort();
      const o = { signal };
      const id = '00000000-0000-4000-8000-000000000000';
      const calls: Promise<unknown>[] = [
        client.getAccessToken(o),
        client.graphql('{ store { id } }', undefined, o),
        client.store(o),
        client.products.list({}, o),
        client.products.get({ id }, o),
        client.products.create({ handle: 'x', title: 'x', price: '1', currencyCode: 'EUR', inventory: 1 }, o),
        client.products.update(id, {}, o),
        client.products.delete(id, o),
        client.products.iterate({}, o).next(),
        client.orders.create({ customerEmail: 'a@example.com', lines: [] }, o),
        client.orders.list({}, o),
        client.orders.get(id, o),
        client.orders.iterate({}, o).next(),
        client.revoke(o),
        account.providers(o),
        account.login('x@example.com', o),
        account.verify('x@example.com', '000000', o),
        account.me(o),
        account.refresh(o),
        account.sessions.list(o),
        account.sessions.revoke(id, o),
        account.stores.list(o),
        account.stores.get(id, o),
        account.stores.create({ name: 'x' }, o),
        account.stores.stage2(id, { faviconUrl: '', logoBlackWhiteUrl: '', logoColorUrl: '' }, o),
        account.stores.complete(id, o),
        account.stores.update(id, {}, o),
        account.stores.delete(id, o),
        account.apps.list(id, o),
        account.apps.create({ storeId: id, name: 'x' }, o),
        account.apps.rotateSecret(id, o),
        account.apps.delete(id, o),
        account.publicTokens.list(id, o),
        account.publicTokens.create(id, { name: 'x' }, o),
        account.publicTokens.rotate(id, id, o),
        account.publicTokens.delete(id, id, o),
        account.products.list(id, {}, o),
        account.products.iterate(id, {}, o).next(),
        account.products.get(id, id, o),
        account.products.create(
          id,
          { handle: 'x', title: 'x', price: '1', currencyCode: 'EUR', inventory: 1 },
          o,
        ),
        account.products.update(id, id, {}, o),
        account.products.delete(id, id, o),
        account.orders.list(id, {}, o),
        account.orders.iterate(id, {}, o).next(),
        account.orders.get(id, id, o),
        account.events.list(id, {}, o),
        account.socialSignIn('google', { redirectUri: 'https://x.example/cb' }, o),
        account.completeSocialSignIn('code', o),
        storefront.graphql('{ store { id } }', undefined, o),
        storefront.store(o),
        storefront.products.list({}, o),
        storefront.products.get({ handle: 'x' }, o),
        storefront.products.iterate({}, o).next(),
      ];
      const outcomes = await Promise.allSettled(calls);
      outcomes.forEach((outcome, i) => {
        expect([i, outcome.status]).toEqual([i, 'rejected']);
        expect([i, ((outcome as PromiseRejectedResult).reason as Error).name]).toEqual([i, 'AbortError']);
      });
      expect(f.calls.length).toBe(before);
      // logout and logoutAll too (they also forget the session here, as they would after any failure).
      await expect(account.logout(o)).rejects.toMatchObject({ name: 'AbortError' });
    });

    it('a baseUrl that is not an absolute http(s) URL throws at construction; a non-JSON answer is an ApiError', async () => {
      for (const baseUrl of [
        'api.example.com',
        '/v1',
        'ftp://api.example.com',
        'http://user:pw@api.example.com',
        '',
      ]) {
        expect(() => new StorefrontClient({ baseUrl, publicToken: 'sfp_x' })).toThrow(StorefrontError);
        expect(() => new AccountClient({ baseUrl })).toThrow(StorefrontError);
        expect(() => new AppClient({ baseUrl, clientId: 'a', clientSecret: 'b' })).toThrow(StorefrontError);
      }
      // A web server that answers HTML to everything (the baseUrl of a website, not of the API).
      const web: Server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Welcome</title>');
      });
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', () => resolve()));
      try {
        const site = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
        const results = await Promise.all(
          [
            new StorefrontClient({ baseUrl: site, publicToken: 'sfp_x' }).store(),
            new AccountClient({ baseUrl: site }).providers(),
            new AppClient({ baseUrl: site, clientId: 'a', clientSecret: 'b' }).store(),
          ].map((p) => p.catch((e: unknown) => e)),
        );
        for (const error of results) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).status).toBe(200);
          expect((error as ApiError).code).toBe('non_json_response');
        }
      } finally {
        await new Promise<void>((resolve) => web.close(() => resolve()));
      }
      // The real server's own non-API page (the console's HTML) as GraphQL endpoint: not a typed result.
      const consolePage = await t.get('/console');
      if (/html/.test(consolePage.headers.get('content-type') ?? '')) {
        const wrong = new StorefrontClient({ baseUrl: `${t.baseUrl}/console`, publicToken: 'sfp_x' });
        const error = await wrong.store().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
      }
    });

    it('pages by itself: products.iterate({ query }), orders.iterate() and StorefrontClient.products.iterate()', async () => {
      const f = recordingFetch();
      const { client } = await appClient(f.impl);
      const made: string[] = [];
      for (let i = 0; i < 23; i++) {
        const p = await client.products.create({
          handle: `iter-${i}`,
          title: i % 2 ? `Odd mug ${i}` : `Even cup ${i}`,
          price: '1.00',
          currencyCode: 'EUR',
          inventory: 100,
        });
        made.push(p.id);
      }
      const seen: string[] = [];
      const pagesBefore = f.on(GRAPHQL).length;
      for await (const p of client.products.iterate({ first: 5 })) seen.push(p.id);
      for (const id of made) expect(seen).toContain(id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(f.on(GRAPHQL).length - pagesBefore).toBe(Math.ceil(seen.length / 5));
      const mugs: string[] = [];
      for await (const p of client.products.iterate({ query: 'Odd mug' })) mugs.push(p.title);
      expect(mugs.sort()).toEqual(
        Array.from({ length: 23 }, (_, i) => i)
          .filter((i) => i % 2)
          .map((i) => `Odd mug ${i}`)
          .sort(),
      );
      // Breaking out of the loop stops fetching.
      const pages = f.on(GRAPHQL).length;
      for await (const p of client.products.iterate({ first: 2 })) {
        expect(p.requestId).toMatch(UUID);
        break;
      }
      expect(f.on(GRAPHQL).length - pages).toBe(1);

      for (let i = 0; i < 13; i++) {
        await client.orders.create({
          customerEmail: `o${i}@example.com`,
          lines: [{ productId: made[i], quantity: 1 }],
        });
      }
      const orders: string[] = [];
      for await (const o of client.orders.iterate()) orders.push(o.customerEmail);
      expect(orders.filter((e) => /^o\d+@example\.com$/.test(e)).sort()).toEqual(
        Array.from({ length: 13 }, (_, i) => `o${i}@example.com`).sort(),
      );

      const publicToken = (await owner.publicTokens.create(storeId, { name: 'iter-web' })).token;
      const storefront = new StorefrontClient({ baseUrl: t.baseUrl, publicToken });
      const listed: string[] = [];
      for await (const p of storefront.products.iterate({ query: 'Even cup', first: 3 }))
        listed.push(p.title);
      expect(listed).toHaveLength(12);
    });

    it('sends User-Agent: storefront-sdk/<version> node/<version> on every request (the server records it on the session)', async () => {
      const { version } = jest.requireActual('../../libs/sdk/package.json') as { version: string };
      const f = recordingFetch();
      const { client } = await appClient(f.impl);
      await client.store();
      const account = await signedInAccount(t, 'agent@example.com', f.impl);
      const sessions = await account.sessions.list();
      const expected = `storefront-sdk/${version} node/${process.versions.node}`;
      expect(sessions.find((s) => s.current)?.userAgent).toBe(expected);
      expect(f.calls.length).toBeGreaterThanOrEqual(5);
      for (const call of f.calls) expect(call.headers['user-agent']).toBe(expected);
    });
  });

  it('GraphQLError still carries the request id and codes (a read-only token writing)', async () => {
    const publicToken = (await owner.publicTokens.create(storeId, { name: 'ro' })).token;
    const storefront = new StorefrontClient({ baseUrl: t.baseUrl, publicToken });
    const error = await storefront
      .graphql('mutation { productDelete(id: "00000000-0000-4000-8000-000000000000") }')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).requestId).toMatch(UUID);
    expect((error as GraphQLError).name).toBe('GraphQLError');
  });
});
