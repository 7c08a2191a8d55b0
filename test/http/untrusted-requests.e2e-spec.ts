import { otpFrom, GRAPHQL, StorefrontClient } from '@app/testing';
import { TestApp, TestResponse } from '@app/testing/test-app';
import { request as httpRequest } from 'node:http';

/**
 * The HTTP edge as an attacker tries it: rate limits that follow the route however its path is spelled,
 * X-Forwarded-For trusted only when TRUST_PROXY says so, lone surrogates and deep nesting refused before
 * any validator or database sees them, and no-store on every answer that carries tokens or personal data.
 */

/** A raw HTTP/1.1 request whose request target is sent exactly as given (e.g. absolute form). */
function rawRequest(
  baseUrl: string,
  method: string,
  target: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method,
        path: target,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const verifyBody = JSON.stringify({ email: 'nobody@example.com', otp: '000000' });

describe('auth rate limit follows the route, however the path is spelled', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await TestApp.start({ env: { AUTH_RATE_LIMIT: '6' } });
  });
  afterEach(() => t.close());

  const spellings: [string, (t: TestApp) => Promise<{ status: number }>][] = [
    ['plain', (t) => rawRequest(t.baseUrl, 'POST', '/v1/auth/login/verify', verifyBody)],
    ['percent-encoded letter', (t) => rawRequest(t.baseUrl, 'POST', '/v1/%61uth/login/verify', verifyBody)],
    [
      'percent-encoded segment',
      (t) => rawRequest(t.baseUrl, 'POST', '/v1/auth/%6cogin/%76erify', verifyBody),
    ],
    ['query string', (t) => rawRequest(t.baseUrl, 'POST', '/v1/auth/login/verify?x=1&y', verifyBody)],
    [
      'absolute-form target',
      (t) => rawRequest(t.baseUrl, 'POST', `${t.baseUrl}/v1/auth/login/verify`, verifyBody),
    ],
    [
      'absolute form with another host',
      (t) => rawRequest(t.baseUrl, 'POST', 'http://x/v1/%61uth/login/verify?z', verifyBody),
    ],
  ];

  it.each(spellings)('counts the %s spelling: it reaches the handler and is limited', async (_name, send) => {
    // Each spelling really reaches the verify handler (401 invalid_otp, not 404) until the budget is spent.
    for (let i = 0; i < 6; i++) expect((await send(t)).status).toBe(401);
    expect((await send(t)).status).toBe(429);
  });

  it('shares one counter across every spelling and every /v1/auth route', async () => {
    for (const [, send] of spellings) expect((await send(t)).status).toBe(401);
    for (const [, send] of spellings) expect((await send(t)).status).toBe(429);
    const refresh = await t.post('/v1/auth/refresh', { refresh_token: 'not-a-token' });
    expect(refresh.status).toBe(429);
    expect(Number(refresh.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Other paths are not limited by it.
    expect((await t.get('/health/live')).status).toBe(200);
  });

  it('answers spellings that reach no route with 404, never the handler', async () => {
    for (const target of ['/v1/auth/login/verify/', '//v1/auth/login/verify', '/V1/AUTH/login/verify']) {
      expect((await rawRequest(t.baseUrl, 'POST', target, verifyBody)).status).toBe(404);
    }
  });
});

describe('client address and TRUST_PROXY', () => {
  const forged = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  /**
   * The status of a counted /v1/auth request (a refresh with a token that is no token: 401 until the
   * budget is spent, then 429) forwarded for `ip`.
   */
  const counted = async (t: TestApp, ip: string) =>
    (await t.post('/v1/auth/refresh', { refresh_token: 'not-a-token' }, forged(ip))).status;
  /** Runs `use` against an app started with `env`, and closes the app whatever happens. */
  async function withApp(env: Record<string, string>, use: (t: TestApp) => Promise<void>): Promise<void> {
    const t = await TestApp.start({ env });
    try {
      await use(t);
    } finally {
      await t.close();
    }
  }

  it('ignores X-Forwarded-For without TRUST_PROXY: forged addresses share the socket address budget', async () => {
    await withApp({ AUTH_RATE_LIMIT: '3' }, async (t) => {
      for (let i = 1; i <= 3; i++) {
        expect(await counted(t, `203.0.113.${i}`)).toBe(401);
      }
      const limited = await t.post('/v1/auth/refresh', { refresh_token: 'x' }, forged('203.0.113.99'));
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('rate_limited');
    });
  });

  it('records the socket address as the session ip without TRUST_PROXY', async () => {
    await withApp({}, async (t) => {
      const token = await signInFrom(t, 'plain@example.com', '198.51.100.7');
      const sessions = await t.get('/v1/auth/sessions', { token });
      expect(sessions.body[0].ip).toBe('127.0.0.1');
    });
  });

  it.each([['1'], ['127.0.0.1/32, ::1']])(
    'with TRUST_PROXY=%s, budgets are per forwarded client and the session ip is the client',
    async (trustProxy) => {
      await withApp({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: trustProxy }, async (t) => {
        for (let i = 0; i < 3; i++) {
          expect(await counted(t, '203.0.113.1')).toBe(401);
        }
        expect(await counted(t, '203.0.113.1')).toBe(429);
        // Another client behind the same proxy has its own budget.
        expect(await counted(t, '203.0.113.2')).toBe(401);
        // A chain: the trusted proxy appended the real client last.
        expect(await counted(t, '10.9.9.9, 203.0.113.3')).toBe(401);
      });
    },
  );

  it('with TRUST_PROXY, records the forwarded client as the session ip', async () => {
    await withApp({ TRUST_PROXY: '1' }, async (t) => {
      const token = await signInFrom(t, 'proxied@example.com', '198.51.100.7');
      const sessions = await t.get('/v1/auth/sessions', { token });
      expect(sessions.body[0].ip).toBe('198.51.100.7');
    });
  });

  it('does not trust a proxy outside the TRUST_PROXY list', async () => {
    await withApp({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: '10.0.0.0/8' }, async (t) => {
      expect(await counted(t, '203.0.113.1')).toBe(401);
      expect(await counted(t, '203.0.113.2')).toBe(401);
      expect(await counted(t, '203.0.113.3')).toBe(429);
    });
  });

  it('buckets IPv6 clients by /64', async () => {
    await withApp({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: '1' }, async (t) => {
      expect(await counted(t, '2001:db8:1:2::1')).toBe(401);
      expect(await counted(t, '2001:db8:1:2::beef')).toBe(401);
      // A third address from the same /64 shares the spent budget.
      expect(await counted(t, '2001:db8:1:2:ffff::3')).toBe(429);
      // Another /64 does not.
      expect(await counted(t, '2001:db8:1:3::1')).toBe(401);
    });
  });
});

/** Signs in with the given X-Forwarded-For on every request; returns the access token. */
async function signInFrom(t: TestApp, email: string, forwardedFor: string): Promise<string> {
  const headers = { 'x-forwarded-for': forwardedFor };
  expect((await t.post('/v1/auth/login', { email }, { headers })).status).toBe(202);
  const otp = otpFrom(await t.mail.waitFor(email));
  const verified = await t.post('/v1/auth/login/verify', { email, otp }, { headers });
  expect(verified.status).toBe(200);
  return verified.body.access_token;
}

describe('well-formed Unicode and bounded nesting at the JSON edge', () => {
  let t: TestApp;
  let account: string;
  let storeId: string;
  let publicToken: string;
  beforeAll(async () => {
    t = await TestApp.start();
    const sf = new StorefrontClient(t);
    account = await sf.account('unicode@example.com');
    storeId = await sf.store(account, 'Unicode store');
    const created = await t.post(
      `/v1/user/stores/${storeId}/public-tokens`,
      { name: 'web' },
      { token: account },
    );
    publicToken = created.body.token;
  });
  afterAll(() => t.close());

  const expectFieldRefused = (res: TestResponse, field: string, message: RegExp) => {
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual([{ field, message: expect.stringMatching(message) }]);
  };
  const surrogate = /well-formed/;

  it('refuses a lone surrogate in an e-mail address', async () => {
    for (const email of ['a\\ud800@example.com', 'a\\udc00@example.com', 'a\\udbff']) {
      const res = await t.request('POST', '/v1/auth/login', { rawBody: `{"email":"${email}"}` });
      expectFieldRefused(res, 'email', surrogate);
    }
  });

  it('refuses a lone surrogate in a store name and in an address line, and accepts a real pair', async () => {
    const name = await t.request('POST', '/v1/user/stores/onboarding/stage1', {
      token: account,
      rawBody: '{"name":"Shop \\ud83d","description":"x"}',
    });
    expectFieldRefused(name, 'name', surrogate);
    const stage2 = await t.post(
      `/v1/user/stores/${storeId}/onboarding/stage2`,
      {
        faviconUrl: 'https://cdn.example.com/f.png',
        logoBlackWhiteUrl: 'https://cdn.example.com/bw.png',
        logoColorUrl: 'https://cdn.example.com/c.png',
      },
      { token: account },
    );
    expect(stage2.status).toBe(200);
    const line = await t.request('POST', `/v1/user/stores/${storeId}/onboarding/stage3`, {
      token: account,
      rawBody: JSON.stringify({
        mobile: '+919876543210',
        supportEmail: 'help@example.com',
        region: 'South',
        address: { line1: 'LINE1', city: 'Chennai', state: 'TN', postalCode: '600001', country: 'IN' },
      }).replace('LINE1', '12 \\udfff Street'),
    });
    expectFieldRefused(line, 'address.line1', surrogate);
    // A key carrying a lone surrogate is refused the same way.
    const key = await t.request('POST', '/v1/user/stores/onboarding/stage1', {
      token: account,
      rawBody: '{"name":"Shop","\\ud800":"x"}',
    });
    expect(key.status).toBe(400);
    expect(key.body.errors[0].message).toMatch(/key .*well-formed/);
    // A surrogate pair is a real character (😀) and passes.
    const emoji = await t.request('POST', '/v1/user/stores/onboarding/stage1', {
      token: account,
      rawBody: '{"name":"Shop \\ud83d\\ude00","description":"x"}',
    });
    expect(emoji.status).toBe(201);
    expect(emoji.body.name).toBe('Shop 😀');
  });

  it('refuses a lone surrogate in a GraphQL variable before Apollo runs', async () => {
    const res = await t.request('POST', GRAPHQL, {
      token: publicToken,
      rawBody:
        '{"query":"query($q: String) { products(query: $q) { edges { cursor } } }","variables":{"q":"\\ud800"}}',
    });
    expectFieldRefused(res, 'variables.q', surrogate);
  });

  it('answers malformed percent-encoding and lone surrogates in the URL with problem+json, never a 500', async () => {
    for (const path of [
      '/v1/user/stores/%ED%A0%80',
      '/v1/auth/sessions/%ED%A0%80',
      '/v1/user/stores/%ZZ',
      '/v1/user/stores/oauth/apps?storeId=%ED%A0%80',
    ]) {
      const res = await t.get(path, { token: account });
      expect([path, res.status, res.body.code]).toEqual([path, 400, 'validation_failed']);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    }
    const long = await t.get(`/v1/user/stores/${'a'.repeat(150)}`, { token: account });
    expect([long.status, long.body.code]).toEqual([404, 'not_found']);
  });

  const nested = (depth: number, leaf = '1') =>
    '{"a":'.repeat(depth - 1) + `{"b":${leaf}}` + '}'.repeat(depth - 1);

  it('refuses a REST body nested 3,000 levels deep with 400 naming where, not a stack overflow', async () => {
    const res = await t.request('POST', '/v1/user/stores/onboarding/stage1', {
      token: account,
      rawBody: `{"name":"x","description":${nested(3000)}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors[0].message).toMatch(/deeper than 32/);
    expect(res.body.errors[0].field).toMatch(/^description(\.a)+$/);
    const arrays = await t.request('POST', '/v1/auth/login', {
      rawBody: '['.repeat(3000) + ']'.repeat(3000),
    });
    expect(arrays.status).toBe(400);
    expect(arrays.body.code).toBe('validation_failed');
  });

  it('refuses a GraphQL body nested 3,000 levels deep, and takes one nested exactly 32', async () => {
    const query = '{ store { id } }';
    const deep = await t.request('POST', GRAPHQL, {
      token: publicToken,
      rawBody: `{"query":"${query}","variables":{"x":${nested(3000)}}}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0].message).toMatch(/deeper than 32/);
    // Body (1) → variables (2) → 30 more levels = 32: allowed; one more is not.
    const ok = await t.request('POST', GRAPHQL, {
      token: publicToken,
      rawBody: `{"query":"${query}","variables":{"x":${nested(30)}}}`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.store.id).toBe(storeId);
    const over = await t.request('POST', GRAPHQL, {
      token: publicToken,
      rawBody: `{"query":"${query}","variables":{"x":${nested(31)}}}`,
    });
    expect(over.status).toBe(400);
  });
});

describe('Cache-Control: no-store on /v1/auth/* and /v1/user/*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('is on every answer that carries tokens, secrets or personal data, errors included', async () => {
    const answers: [string, TestResponse][] = [];
    const record = async (label: string, res: Promise<TestResponse>) => {
      answers.push([label, await res]);
      return answers[answers.length - 1][1];
    };
    const email = 'nostore@example.com';
    await record('login', t.post('/v1/auth/login', { email }));
    const otp = otpFrom(await t.mail.waitFor(email));
    const pair = await record('verify', t.post('/v1/auth/login/verify', { email, otp }));
    const token = pair.body.access_token;
    await record('refresh', t.post('/v1/auth/refresh', { refresh_token: pair.body.refresh_token }));
    await record('me', t.get('/v1/auth/me', { token }));
    await record('sessions', t.get('/v1/auth/sessions', { token }));
    await record('providers', t.get('/v1/auth/providers'));
    await record('me without token', t.get('/v1/auth/me'));
    await record('unknown auth route', t.get('/v1/auth/nope'));
    const store = await record(
      'stage1',
      t.post('/v1/user/stores/onboarding/stage1', { name: 'N', description: 'd' }, { token }),
    );
    await record('stores @me', t.get('/v1/user/stores/@me', { token }));
    await record('store', t.get(`/v1/user/stores/${store.body.id}`, { token }));
    await record(
      'app secret',
      t.post('/v1/user/stores/oauth/apps', { storeId: store.body.id, name: 'a' }, { token }),
    );
    await record('app list', t.get(`/v1/user/stores/oauth/apps?storeId=${store.body.id}`, { token }));
    await record(
      'public token',
      t.post(`/v1/user/stores/${store.body.id}/public-tokens`, { name: 'p' }, { token }),
    );
    await record('percent-encoded path', t.get('/v1/%75ser/stores/@me', { token }));
    await record('unknown store', t.get('/v1/user/stores/00000000-0000-4000-8000-000000000000', { token }));
    for (const [label, res] of answers) {
      expect([label, res.headers.get('cache-control')]).toEqual([label, 'no-store']);
    }
    expect(answers.find(([l]) => l === 'app secret')![1].status).toBe(201);
    // Not forced on answers that carry nothing private.
    expect((await t.get('/health/live')).headers.get('cache-control')).not.toBe('no-store');
  });
});
