import { GRAPHQL, rawRequest, requireServer, StorefrontClient } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * Public tokens' allowed origins (contract v1.3 §6, §15): set at creation or by PUT (a partial update),
 * enforced on every storefront request that carries an Origin, and answered by CORS — preflights included,
 * which carry no token, on every instance at once.
 *
 * "Every instance" needs two instances on one database, so the whole file runs on a PostgreSQL server
 * (the embedded database belongs to one process): TEST_DATABASE_URL, else the local server when one
 * answers. With neither, the file runs on one embedded instance and the second-instance checks are left
 * out (requireServer prints the line that says so).
 */
const server = requireServer('the second-instance checks of test/public-tokens/allowed-origins.e2e-spec.ts', {
  forTestApp: true,
});

const SHOP = 'https://shop.example';
const OTHER_SHOP = 'http://localhost:5173';
const EVIL = 'https://evil.example';
const QUERY = '{ store { name } }';

describe('public tokens: allowed origins', () => {
  let t: TestApp;
  /** Another instance on the same database; null without a server (see above). */
  let second: TestApp | null;
  /** The instance that did not make the change: the second one, or the only one without a server. */
  const other = () => second ?? t;
  let sf: StorefrontClient;
  let owner: string;
  let storeId: string;
  const base = () => `/v1/user/stores/${storeId}/public-tokens`;

  const gql = (token: string, origin?: string) =>
    rawRequest(
      t.baseUrl,
      'POST',
      GRAPHQL,
      {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(origin ? { origin } : {}),
      },
      JSON.stringify({ query: QUERY }),
    );
  const preflight = (app: TestApp, origin: string, path = GRAPHQL) =>
    rawRequest(app.baseUrl, 'OPTIONS', path, {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization, if-none-match',
    });

  beforeAll(async () => {
    t = await TestApp.start();
    // A second instance on the same database: what one instance learns, the other must know at once.
    // The same secrets, as instances of one deployment have (tokens are stored as keyed hashes).
    second = server
      ? await TestApp.start({
          databaseUrl: t.config.databaseUrl!,
          env: { JWT_SECRET: t.config.jwtSecret, OTP_PEPPER: t.config.otpPepper, MIGRATIONS_RUN: 'false' },
        })
      : null;
    sf = new StorefrontClient(t);
    owner = await sf.account('origins@example.com');
    storeId = await sf.store(owner, 'Origins Shop');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('creates a token with allowedOrigins and enforces them: listed accepted (with CORS headers), others FORBIDDEN', async () => {
    const created = await t.post(
      base(),
      { name: 'Web', allowedOrigins: [SHOP, OTHER_SHOP] },
      { token: owner },
    );
    expect(created.status).toBe(201);
    expect(created.body.allowedOrigins).toEqual([SHOP, OTHER_SHOP]);
    const token = created.body.token as string;

    const listed = await gql(token, SHOP);
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.text).data.store.name).toBe('Origins Shop');
    expect(listed.headers['access-control-allow-origin']).toBe(SHOP);
    expect(String(listed.headers['access-control-expose-headers'])).toContain('ETag');

    const refused = await gql(token, EVIL);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).errors[0].extensions.code).toBe('FORBIDDEN');
    // (v1.4) The refusal is readable by the page that sent it (it holds nothing but the refusal), without
    // credentials; the data never is (below, and the next test).
    expect(refused.headers['access-control-allow-origin']).toBe(EVIL);
    expect(refused.headers['access-control-allow-credentials']).toBeUndefined();

    // No Origin: not a browser's request; the list does not apply.
    expect((await gql(token)).status).toBe(200);
    // A token without a list: any origin, but CORS headers only for CORS_ORIGINS (none here).
    const open = await sf.publicToken(owner, storeId);
    const anywhere = await gql(open.token, EVIL);
    expect(anywhere.status).toBe(200);
    expect(anywhere.headers['access-control-allow-origin']).toBeUndefined();

    const list = await t.get(base(), { token: owner });
    expect(list.body.find((x: { id: string }) => x.id === created.body.id).allowedOrigins).toEqual([
      SHOP,
      OTHER_SHOP,
    ]);
  });

  it('answers preflights for origins some live token lists, on every instance at once, and for no other', async () => {
    const fresh = 'https://fresh.example';
    expect((await preflight(other(), fresh)).headers['access-control-allow-origin']).toBeUndefined();
    const created = await t.post(base(), { name: 'Fresh', allowedOrigins: [fresh] }, { token: owner });
    expect(created.status).toBe(201);
    for (const app of [t, other()]) {
      const res = await preflight(app, fresh);
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(fresh);
      expect(String(res.headers['access-control-allow-methods'])).toContain('GET');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    }
    const unknown = await preflight(other(), EVIL);
    expect(unknown.headers['access-control-allow-origin']).toBeUndefined();
    expect(unknown.status).not.toBe(204);
    // Only the storefront's preflights: a token's origin opens no account route.
    expect(
      (await preflight(t, fresh, '/v1/user/stores/@me')).headers['access-control-allow-origin'],
    ).toBeUndefined();

    // Deleted on one instance: the other stops answering its preflight at once.
    expect((await t.delete(`${base()}/${created.body.id}`, { token: owner })).status).toBe(204);
    expect((await preflight(other(), fresh)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('PUT changes only the fields given; [] clears the origins; the token value stays', async () => {
    const created = await t.post(base(), { name: 'Partial', allowedOrigins: [SHOP] }, { token: owner });
    const { id, token } = created.body as { id: string; token: string };
    const path = `${base()}/${id}`;

    const renamed = await t.put(path, { name: '  Renamed ' }, { token: owner });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id,
      storeId,
      name: 'Renamed',
      scopes: ['store:read', 'products:read'],
      allowedOrigins: [SHOP],
      createdAt: created.body.createdAt,
      tokenHint: token.slice(-4),
    });
    expect(renamed.headers.get('cache-control')).toBe('no-store');
    expect((await gql(token, EVIL)).status).toBe(403);

    const moved = await t.put(path, { allowedOrigins: [EVIL] }, { token: owner });
    expect([moved.status, moved.body.name, moved.body.allowedOrigins]).toEqual([200, 'Renamed', [EVIL]]);
    // On the very next request, on another instance too.
    const onSecond = await rawRequest(
      other().baseUrl,
      'POST',
      GRAPHQL,
      { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: SHOP },
      JSON.stringify({ query: QUERY }),
    );
    expect(onSecond.status).toBe(403);
    expect((await gql(token, EVIL)).status).toBe(200);

    const cleared = await t.put(path, { allowedOrigins: [] }, { token: owner });
    expect([cleared.status, cleared.body.allowedOrigins]).toEqual([200, []]);
    expect((await gql(token, 'https://anything.example')).status).toBe(200);

    const narrowed = await t.put(path, { scopes: ['products:read'] }, { token: owner });
    expect([narrowed.status, narrowed.body.scopes, narrowed.body.name]).toEqual([
      200,
      ['products:read'],
      'Renamed',
    ]);
    const denied = await gql(token);
    expect(JSON.parse(denied.text).errors[0].extensions.code).toBe('FORBIDDEN');

    const same = await t.put(path, {}, { token: owner });
    expect([same.status, same.body.name]).toEqual([200, 'Renamed']);
  });

  it("(v1.4) a mistyped or revoked token from a listed origin is a 401 the page can read; data only for the token's own origins", async () => {
    const created = await t.post(base(), { name: 'Typo', allowedOrigins: [SHOP] }, { token: owner });
    const token = created.body.token as string;
    // The browser's preflight passes: a live token lists the origin.
    expect((await preflight(t, SHOP)).headers['access-control-allow-origin']).toBe(SHOP);

    const typo = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    for (const [bearer, origin] of [
      [typo, SHOP],
      ['sfp_not-a-token-at-all', SHOP],
      [typo, EVIL],
    ]) {
      const res = await gql(bearer, origin);
      expect([res.status, JSON.parse(res.text).errors[0].extensions.code]).toEqual([401, 'UNAUTHENTICATED']);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers['access-control-expose-headers'])).toContain('WWW-Authenticate');
      expect(String(res.headers.vary)).toContain('Origin');
    }
    // No token at all: the same readable 401.
    const none = await rawRequest(
      t.baseUrl,
      'POST',
      GRAPHQL,
      { 'content-type': 'application/json', origin: SHOP },
      JSON.stringify({ query: QUERY }),
    );
    expect([none.status, none.headers['access-control-allow-origin']]).toEqual([401, SHOP]);

    // A successful read is opened only to the token's own origins: never to one no token lists.
    const open = await sf.publicToken(owner, storeId);
    const data = await gql(open.token, EVIL);
    expect([data.status, JSON.parse(data.text).data.store.name]).toEqual([200, 'Origins Shop']);
    expect(data.headers['access-control-allow-origin']).toBeUndefined();
    const listed = await gql(token, SHOP);
    expect([listed.status, listed.headers['access-control-allow-origin']]).toEqual([200, SHOP]);
    const revoked = await t.delete(`${base()}/${created.body.id}`, { token: owner });
    expect(revoked.status).toBe(204);
    const after = await gql(token, SHOP);
    expect([after.status, after.headers['access-control-allow-origin']]).toEqual([401, SHOP]);

    // A request without an Origin (a server, the SDK, curl) meets no CORS work at all.
    const plain = await gql(open.token);
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const live = await rawRequest(t.baseUrl, 'GET', '/health/live', {});
    expect(live.headers.vary).toBeUndefined();
    expect(Object.keys(live.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('refuses more than 10 origins, malformed ones and duplicates with 400 problem+json; unknown ids 404', async () => {
    const created = await t.post(base(), { name: 'Strict' }, { token: owner });
    const path = `${base()}/${created.body.id}`;
    const eleven = Array.from({ length: 11 }, (_, i) => `https://shop${i}.example`);
    const bad = [
      eleven,
      ['https://shop.example/'],
      ['https://shop.example/path'],
      ['shop.example'],
      ['ftp://shop.example'],
      ['https://SHOP.example'],
      ['https://shop.example:443'],
      [SHOP, SHOP],
      ['*'],
      [42],
      'https://shop.example',
    ];
    for (const allowedOrigins of bad) {
      for (const res of [
        await t.post(base(), { name: 'Bad', allowedOrigins }, { token: owner }),
        await t.put(path, { allowedOrigins }, { token: owner }),
      ]) {
        expect([allowedOrigins, res.status, res.body.code, res.headers.get('content-type')]).toEqual([
          allowedOrigins,
          400,
          'validation_failed',
          expect.stringContaining('application/problem+json'),
        ]);
      }
    }
    const ten = eleven.slice(0, 10);
    expect((await t.put(path, { allowedOrigins: ten }, { token: owner })).body.allowedOrigins).toEqual(ten);
    for (const body of [{ name: '' }, { scopes: [] }, { scopes: ['products:write'] }, { token: 'sfp_x' }]) {
      expect((await t.put(path, body, { token: owner })).status).toBe(400);
    }

    const unknown = '00000000-0000-4000-8000-000000000000';
    const outsider = await sf.account('origins-outsider@example.com');
    const res = [
      await t.put(`${base()}/${unknown}`, { name: 'x' }, { token: owner }),
      await t.put(`${base()}/not-a-uuid`, { name: 'x' }, { token: owner }),
      await t.put(path, { name: 'x' }, { token: outsider }),
    ].map((r) => [r.status, r.body.code]);
    expect(res).toEqual([
      [404, 'public_token_not_found'],
      [404, 'public_token_not_found'],
      [404, 'store_not_found'],
    ]);
  });
});
