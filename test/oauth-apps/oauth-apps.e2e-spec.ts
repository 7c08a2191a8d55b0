import type { OAuthAppCredentialsDto as AppCreated } from '@app/apps/store-apps/store-app.dto';
import { createStore } from '@app/testing';
import { TestApp, TestResponse } from '@app/testing/test-app';
import { Issuer } from 'openid-client';
import { DataSource } from 'typeorm';

// OAuth apps: management routes, the client-credentials token endpoint (RFC 6749 §4.4), revocation
// (RFC 7009), introspection (RFC 7662), discovery (RFC 8414), and app tokens in the global guard.

const ALL_SCOPES = ['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write'];
const FORM = 'application/x-www-form-urlencoded';

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before base64. */
const basic = (id: string, secret: string) =>
  'Basic ' + Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64');

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

function expectOAuthError(res: TestResponse, status: number, error: string): void {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status, error });
  expect(Object.keys(res.body).sort()).toEqual(['error', 'error_description']);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
}

describe('OAuth apps and the token endpoint', () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let storeId: string;
  let otherStoreId: string;
  let app: AppCreated;
  const logged: string[] = [];

  const form = (path: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
    t.post(path, undefined, {
      rawBody: new URLSearchParams(params).toString(),
      headers: { 'content-type': FORM, ...headers },
    });
  const token = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    form('/v1/auth/oauth/token', params, headers);
  /** The client-credentials grant, the app's id and `secret` in Basic. */
  const grant = (a: { clientId: string }, secret: string) =>
    token({ grant_type: 'client_credentials' }, { authorization: basic(a.clientId, secret) });
  const mint = async (a: { clientId: string; clientSecret: string }, scope?: string): Promise<string> => {
    const res = await token(
      { grant_type: 'client_credentials', ...(scope ? { scope } : {}) },
      { authorization: basic(a.clientId, a.clientSecret) },
    );
    expect(res.status).toBe(200);
    return res.body.access_token;
  };
  const introspect = (a: { clientId: string; clientSecret: string }, tok: string) =>
    form('/v1/auth/oauth/introspect', { token: tok }, { authorization: basic(a.clientId, a.clientSecret) });
  const createApp = async (body: Record<string, unknown>, accessToken = owner): Promise<AppCreated> => {
    const res = await t.post('/v1/user/stores/oauth/apps', body, { token: accessToken });
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    // Every log line, at the most verbose level, to prove secrets and tokens never reach the logs.
    t = await TestApp.start({
      env: { LOG_LEVEL: 'trace' },
      logDestination: { write: (line) => logged.push(line) },
    });
    owner = (await t.signIn('owner@example.com')).access_token;
    other = (await t.signIn('other@example.com')).access_token;
    storeId = await createStore(t, owner, 'Owner store');
    otherStoreId = await createStore(t, other, 'Other store');
    app = await createApp({ storeId, name: 'Sync' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('management', () => {
    it('creates an app with all scopes by default and shows the secret once', async () => {
      expect(app).toEqual({
        id: expect.any(String),
        storeId,
        name: 'Sync',
        clientId: expect.stringMatching(/^sfc_[0-9a-f]{32}$/),
        clientSecret: expect.stringMatching(/^sfs_[A-Za-z0-9_-]{43}$/),
        scopes: ALL_SCOPES,
        createdAt: expect.any(String),
      });
      const list = await t.get(`/v1/user/stores/oauth/apps?storeId=${storeId}`, { token: owner });
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        {
          id: app.id,
          storeId,
          name: 'Sync',
          clientId: app.clientId,
          scopes: ALL_SCOPES,
          createdAt: app.createdAt,
          secretHint: app.clientSecret.slice(-4),
        },
      ]);
      expect(list.text).not.toContain(app.clientSecret);
      expect(list.text).not.toContain(app.clientSecret.slice(4, 20));
    });

    it('takes a scope subset (canonical order), trims the name, and validates the body', async () => {
      const narrow = await createApp({
        storeId,
        name: '  Reader  ',
        scopes: ['products:read', 'store:read'],
      });
      expect(narrow.name).toBe('Reader');
      expect(narrow.scopes).toEqual(['store:read', 'products:read']);

      const bad = [
        { storeId, name: 'x', scopes: ['store:write'] },
        { storeId, name: 'x', scopes: [] },
        { storeId, name: 'x', scopes: ['store:read', 'store:read'] },
        { storeId, name: 'x', scopes: 'store:read' },
        { storeId, name: '   ' },
        { storeId, name: 'x'.repeat(101) },
        { storeId },
        { storeId: 'not-a-uuid', name: 'x' },
        { storeId, name: 'x', extra: true },
      ];
      for (const body of bad) {
        const res = await t.post('/v1/user/stores/oauth/apps', body, { token: owner });
        expect({ body, status: res.status, code: res.body.code }).toEqual({
          body,
          status: 400,
          code: 'validation_failed',
        });
      }
      const missingQuery = await t.get('/v1/user/stores/oauth/apps', { token: owner });
      expect(missingQuery.status).toBe(400);
      const unknownStore = await t.post(
        '/v1/user/stores/oauth/apps',
        { storeId: '00000000-0000-4000-8000-000000000000', name: 'x' },
        { token: owner },
      );
      expect([unknownStore.status, unknownStore.body.code]).toEqual([404, 'store_not_found']);
    });

    it('answers 404 to another account for every app route of a store it does not own', async () => {
      const res = [
        await t.get(`/v1/user/stores/oauth/apps?storeId=${storeId}`, { token: other }),
        await t.post('/v1/user/stores/oauth/apps', { storeId, name: 'Mine now' }, { token: other }),
        await t.post(`/v1/user/stores/oauth/apps/${app.id}/rotate-secret`, undefined, { token: other }),
        await t.delete(`/v1/user/stores/oauth/apps/${app.id}`, { token: other }),
        await t.post('/v1/user/stores/oauth/apps/not-a-uuid/rotate-secret', undefined, { token: owner }),
        await t.delete('/v1/user/stores/oauth/apps/not-a-uuid', { token: owner }),
      ].map((r) => [r.status, r.body.code]);
      expect(res).toEqual([
        [404, 'store_not_found'],
        [404, 'store_not_found'],
        [404, 'app_not_found'],
        [404, 'app_not_found'],
        [404, 'app_not_found'],
        [404, 'app_not_found'],
      ]);
      // Nothing changed for the owner: the secret still works, and the other account sees its own store only.
      await mint(app);
      const otherList = await t.get(`/v1/user/stores/oauth/apps?storeId=${otherStoreId}`, { token: other });
      expect([otherList.status, otherList.body]).toEqual([200, []]);
    });

    it('keeps app routes for accounts: an app token gets 403 insufficient_scope on them', async () => {
      const appToken = await mint(app);
      const list = await t.get(`/v1/user/stores/oauth/apps?storeId=${storeId}`, { token: appToken });
      expect([list.status, list.body.code]).toEqual([403, 'insufficient_scope']);
      const create = await t.post('/v1/user/stores/oauth/apps', { storeId, name: 'x' }, { token: appToken });
      expect([create.status, create.body.code]).toEqual([403, 'insufficient_scope']);
    });
  });

  describe('token endpoint', () => {
    it('issues a token with client_secret_basic, client_secret_post in a form, and in JSON', async () => {
      const answers = [
        await grant(app, app.clientSecret),
        await token({
          grant_type: 'client_credentials',
          client_id: app.clientId,
          client_secret: app.clientSecret,
        }),
        await t.post('/v1/auth/oauth/token', {
          grant_type: 'client_credentials',
          client_id: app.clientId,
          client_secret: app.clientSecret,
        }),
        // Basic with a JSON body, and a client_id in the body that matches the Basic one.
        await t.post(
          '/v1/auth/oauth/token',
          { grant_type: 'client_credentials', client_id: app.clientId },
          { headers: { authorization: basic(app.clientId, app.clientSecret) } },
        ),
      ];
      const jtis = new Set<string>();
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('pragma')).toBe('no-cache');
        expect(res.body).toEqual({
          access_token: expect.any(String),
          token_type: 'Bearer',
          expires_in: 3600,
          scope: ALL_SCOPES.join(' '),
        });
        const claims = claimsOf(res.body.access_token);
        expect(claims).toMatchObject({
          typ: 'app',
          sub: app.id,
          store_id: storeId,
          scope: ALL_SCOPES.join(' '),
          iss: t.config.publicUrl,
          ver: 1,
        });
        expect(claims.exp - claims.iat).toBe(3600);
        jtis.add(claims.jti);
        const store = await t.get('/v1/app/store', { token: res.body.access_token });
        expect([store.status, store.body]).toEqual([200, { id: storeId, name: 'Owner store' }]);
      }
      expect(jtis.size).toBe(answers.length);
    });

    it('narrows scopes on request and refuses scopes the app does not have (invalid_scope)', async () => {
      const narrowed = await token(
        { grant_type: 'client_credentials', scope: 'products:read  store:read' },
        { authorization: basic(app.clientId, app.clientSecret) },
      );
      expect(narrowed.status).toBe(200);
      expect(narrowed.body.scope).toBe('store:read products:read');
      expect(claimsOf(narrowed.body.access_token).scope).toBe('store:read products:read');

      // Without store:read the app route is refused.
      const noStoreRead = await mint(app, 'products:read');
      const refused = await t.get('/v1/app/store', { token: noStoreRead });
      expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);

      const reader = await createApp({ storeId, name: 'Reader only', scopes: ['store:read'] });
      for (const scope of [
        'products:read',
        'store:read orders:write',
        'store:write',
        'STORE:READ',
        'store:read\tx',
      ]) {
        const res = await token(
          { grant_type: 'client_credentials', scope },
          { authorization: basic(reader.clientId, reader.clientSecret) },
        );
        expectOAuthError(res, 400, 'invalid_scope');
      }
    });

    it('answers every error in the RFC 6749 §5.2 form with the right status', async () => {
      const auth = { authorization: basic(app.clientId, app.clientSecret) };
      const post = { client_id: app.clientId, client_secret: app.clientSecret };
      const raw = (body: string, contentType: string, headers: Record<string, string> = {}) =>
        t.post('/v1/auth/oauth/token', undefined, {
          rawBody: body,
          headers: { 'content-type': contentType, ...headers },
        });

      expectOAuthError(await token({}, auth), 400, 'invalid_request');
      expectOAuthError(await token({ ...post }), 400, 'invalid_request');
      expectOAuthError(
        await token({ grant_type: 'password', username: 'a', password: 'b' }, auth),
        400,
        'unsupported_grant_type',
      );
      // v1.3 (§13): the grant exists, for installed apps; a store app asking for it is unauthorized_client.
      expectOAuthError(
        await token({ grant_type: 'authorization_code', code: 'x' }, auth),
        400,
        'unauthorized_client',
      );
      expectOAuthError(
        await raw('grant_type=client_credentials&grant_type=client_credentials', FORM, auth),
        400,
        'invalid_request',
      );
      expectOAuthError(await raw('{"grant_type":', 'application/json', auth), 400, 'invalid_request');
      expectOAuthError(await raw('[]', 'application/json', auth), 400, 'invalid_request');
      expectOAuthError(
        await raw('grant_type=client_credentials', 'text/plain', auth),
        400,
        'invalid_request',
      );
      expectOAuthError(
        await t.post('/v1/auth/oauth/token', {
          grant_type: 'client_credentials',
          client_id: 42,
          client_secret: 'x',
        }),
        400,
        'invalid_request',
      );
      // Two client authentication methods at once.
      expectOAuthError(
        await token({ grant_type: 'client_credentials', ...post }, auth),
        400,
        'invalid_request',
      );
      // A body over 100 KiB.
      expectOAuthError(
        await token({ grant_type: 'client_credentials', pad: 'x'.repeat(110_000) }, auth),
        413,
        'invalid_request',
      );

      // invalid_client: no WWW-Authenticate unless the client tried the Authorization header.
      const noAuth = await token({ grant_type: 'client_credentials' });
      expectOAuthError(noAuth, 401, 'invalid_client');
      expect(noAuth.headers.get('www-authenticate')).toBeNull();
      const wrongPost = await token({
        grant_type: 'client_credentials',
        client_id: app.clientId,
        client_secret: 'sfs_wrong',
      });
      expectOAuthError(wrongPost, 401, 'invalid_client');
      expect(wrongPost.headers.get('www-authenticate')).toBeNull();
      const idOnly = await token({ grant_type: 'client_credentials', client_id: app.clientId });
      expectOAuthError(idOnly, 401, 'invalid_client');
      for (const authorization of [
        basic(app.clientId, app.clientSecret + 'x'),
        basic('sfc_unknown', app.clientSecret),
        basic(app.clientId, ''),
        'Basic not-base64!',
        `Bearer ${owner}`,
      ]) {
        const res = await token({ grant_type: 'client_credentials' }, { authorization });
        expectOAuthError(res, 401, 'invalid_client');
        expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
      }
      // Other OAuth endpoints answer the same way.
      expectOAuthError(await form('/v1/auth/oauth/revoke', { token: 'x' }), 401, 'invalid_client');
      expectOAuthError(await form('/v1/auth/oauth/revoke', {}, auth), 400, 'invalid_request');
      expectOAuthError(
        await form(
          '/v1/auth/oauth/introspect',
          { token: 'x' },
          { authorization: basic(app.clientId, 'nope') },
        ),
        401,
        'invalid_client',
      );
      expectOAuthError(await form('/v1/auth/oauth/introspect', {}, auth), 400, 'invalid_request');
    });

    it('takes form bodies on the OAuth endpoints only', async () => {
      const res = await form('/v1/auth/login', { email: 'x@example.com' });
      expect([res.status, res.body.code]).toEqual([415, 'unsupported_media_type']);
    });

    it('serves RFC 8414 metadata, and a stock client (openid-client) discovers it and gets tokens', async () => {
      const port = new URL(t.baseUrl).port;
      // PUBLIC_URL defaults to http://localhost:<port>: discover through that URL so issuer and endpoints agree.
      const base = `http://localhost:${port}`;
      expect(t.config.publicUrl).toBe(base);
      const meta = await t.get('/.well-known/oauth-authorization-server');
      expect(meta.status).toBe(200);
      expect(meta.body).toMatchObject({
        issuer: base,
        token_endpoint: `${base}/v1/auth/oauth/token`,
        revocation_endpoint: `${base}/v1/auth/oauth/revoke`,
        introspection_endpoint: `${base}/v1/auth/oauth/introspect`,
        grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ALL_SCOPES,
      });

      const issuer = await Issuer.discover(`${base}/.well-known/oauth-authorization-server`);
      expect(issuer.issuer).toBe(base);
      for (const method of ['client_secret_basic', 'client_secret_post'] as const) {
        const client = new issuer.Client({
          client_id: app.clientId,
          client_secret: app.clientSecret,
          token_endpoint_auth_method: method,
        });
        const set = await client.grant({ grant_type: 'client_credentials', scope: 'store:read' });
        expect(set.token_type?.toLowerCase()).toBe('bearer');
        expect(set.scope).toBe('store:read');
        expect(set.refresh_token).toBeUndefined();
        const store = await t.get('/v1/app/store', { token: set.access_token });
        expect([store.status, store.body.id]).toEqual([200, storeId]);

        const info = await client.introspect(set.access_token!);
        expect(info).toMatchObject({ active: true, client_id: app.clientId, sub: app.id, store_id: storeId });
        await client.revoke(set.access_token!, 'access_token');
        expect((await client.introspect(set.access_token!)).active).toBe(false);
        expect((await t.get('/v1/app/store', { token: set.access_token })).status).toBe(401);
      }
    });
  });

  it('answers in the RFC 6749 form anywhere under /v1/auth/oauth/, also where no route matched', async () => {
    expectOAuthError(await t.get('/v1/auth/oauth/nope'), 404, 'not_found');
    expectOAuthError(await t.request('GET', '/v1/auth/oauth/%ZZ'), 400, 'invalid_request');
    expectOAuthError(await t.request('POST', '/v1/auth/oauth/%74oken'), 400, 'invalid_request');
    // …and problem+json everywhere else.
    const problem = await t.get('/v1/auth/nope');
    expect(problem.status).toBe(404);
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  describe('token lifecycle', () => {
    let a: AppCreated;
    beforeAll(async () => {
      a = await createApp({ storeId, name: 'Lifecycle' });
    });

    it('introspects live tokens fully and anything else as {active:false} only', async () => {
      const tok = await mint(a, 'store:read orders:read');
      const live = await introspect(a, tok);
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      const claims = claimsOf(tok);
      expect(live.body).toEqual({
        active: true,
        scope: 'store:read orders:read',
        client_id: a.clientId,
        token_type: 'Bearer',
        exp: claims.exp,
        iat: claims.iat,
        sub: a.id,
        iss: t.config.publicUrl,
        store_id: storeId,
      });
      // JSON body and client_secret_post work too.
      const json = await t.post('/v1/auth/oauth/introspect', {
        token: tok,
        client_id: a.clientId,
        client_secret: a.clientSecret,
      });
      expect(json.body.active).toBe(true);

      const otherAppsToken = await mint(app);
      for (const candidate of [otherAppsToken, owner, 'garbage', tok + 'x']) {
        const res = await introspect(a, candidate);
        expect([res.status, res.body]).toEqual([200, { active: false }]);
      }
    });

    it('revokes a token (RFC 7009): dead on the next request, others untouched; 200 for unknown tokens', async () => {
      const [dead, alive] = [await mint(a), await mint(a)];
      const res = await form(
        '/v1/auth/oauth/revoke',
        { token: dead, token_type_hint: 'access_token' },
        { authorization: basic(a.clientId, a.clientSecret) },
      );
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      const refused = await t.get('/v1/app/store', { token: dead });
      expect([refused.status, refused.body.code]).toEqual([401, 'invalid_token']);
      expect((await introspect(a, dead)).body).toEqual({ active: false });
      expect((await t.get('/v1/app/store', { token: alive })).status).toBe(200);

      // The jti is kept until the token would have expired anyway.
      const db = t.app.get(DataSource);
      const [row] = await db.query(
        `SELECT extract(epoch FROM expires_at)::int AS exp FROM revoked_tokens WHERE jti = $1`,
        [claimsOf(dead).jti],
      );
      expect(row.exp).toBe(claimsOf(dead).exp);

      // Again, unknown, another hint, JSON: all 200.
      const again = [
        await form(
          '/v1/auth/oauth/revoke',
          { token: dead },
          { authorization: basic(a.clientId, a.clientSecret) },
        ),
        await form(
          '/v1/auth/oauth/revoke',
          { token: 'sfx_unknown', token_type_hint: 'refresh_token' },
          {
            authorization: basic(a.clientId, a.clientSecret),
          },
        ),
        await t.post('/v1/auth/oauth/revoke', {
          token: 'nope',
          client_id: a.clientId,
          client_secret: a.clientSecret,
        }),
      ];
      expect(again.map((r) => r.status)).toEqual([200, 200, 200]);

      // A client cannot revoke another client's token (nor an account token): 200, and nothing happens.
      const foreign = await mint(app);
      const attempt = await form(
        '/v1/auth/oauth/revoke',
        { token: foreign },
        { authorization: basic(a.clientId, a.clientSecret) },
      );
      expect(attempt.status).toBe(200);
      expect((await t.get('/v1/app/store', { token: foreign })).status).toBe(200);
      const accountAttempt = await form(
        '/v1/auth/oauth/revoke',
        { token: owner },
        {
          authorization: basic(a.clientId, a.clientSecret),
        },
      );
      expect(accountAttempt.status).toBe(200);
      expect((await t.get('/v1/auth/me', { token: owner })).status).toBe(200);
    });

    it('rotate-secret: the old secret is 401 and tokens minted before are dead on the very next request', async () => {
      const r = await createApp({ storeId, name: 'Rotating' });
      const before = await mint(r);
      expect((await t.get('/v1/app/store', { token: before })).status).toBe(200);
      const rotated = await t.post(`/v1/user/stores/oauth/apps/${r.id}/rotate-secret`, undefined, {
        token: owner,
      });
      expect(rotated.status).toBe(200);
      expect(rotated.body).toEqual({
        id: r.id,
        storeId,
        name: 'Rotating',
        clientId: r.clientId,
        clientSecret: expect.stringMatching(/^sfs_[A-Za-z0-9_-]{43}$/),
        scopes: ALL_SCOPES,
        createdAt: r.createdAt,
      });
      const fresh = { clientId: r.clientId, clientSecret: rotated.body.clientSecret as string };
      expect(fresh.clientSecret).not.toBe(r.clientSecret);

      // Minted in (most likely) the same second as the rotation, and still dead: the check is by version.
      const refused = await t.get('/v1/app/store', { token: before });
      expect([refused.status, refused.body.code]).toEqual([401, 'invalid_token']);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expectOAuthError(await grant(r, r.clientSecret), 401, 'invalid_client');
      const after = await mint(fresh);
      expect(claimsOf(after).ver).toBe(2);
      expect((await t.get('/v1/app/store', { token: after })).status).toBe(200);
      expect((await introspect(fresh, before)).body).toEqual({ active: false });

      const list = await t.get(`/v1/user/stores/oauth/apps?storeId=${storeId}`, { token: owner });
      expect(list.body.find((x: { id: string }) => x.id === r.id).secretHint).toBe(
        fresh.clientSecret.slice(-4),
      );
    });

    it('concurrent rotations leave exactly one working secret', async () => {
      const r = await createApp({ storeId, name: 'Raced' });
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          t.post(`/v1/user/stores/oauth/apps/${r.id}/rotate-secret`, undefined, { token: owner }),
        ),
      );
      expect(results.map((x) => x.status)).toEqual([200, 200, 200]);
      const works = await Promise.all(
        [r.clientSecret, ...results.map((x) => x.body.clientSecret as string)].map(
          async (secret) => (await grant(r, secret)).status,
        ),
      );
      expect(works.filter((s) => s === 200)).toHaveLength(1);
      expect(works[0]).toBe(401);
    });

    it('parallel token requests each get a distinct live token', async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => grant(a, a.clientSecret)));
      expect(answers.every((x) => x.status === 200)).toBe(true);
      expect(new Set(answers.map((x) => claimsOf(x.body.access_token).jti)).size).toBe(10);
    });

    it('deleting the app kills its tokens and its credentials at once', async () => {
      const d = await createApp({ storeId, name: 'Doomed' });
      const tok = await mint(d);
      expect((await t.get('/v1/app/store', { token: tok })).status).toBe(200);
      const del = await t.delete(`/v1/user/stores/oauth/apps/${d.id}`, { token: owner });
      expect([del.status, del.text]).toEqual([204, '']);
      expect((await t.get('/v1/app/store', { token: tok })).status).toBe(401);
      expectOAuthError(await grant(d, d.clientSecret), 401, 'invalid_client');
      const again = await t.delete(`/v1/user/stores/oauth/apps/${d.id}`, { token: owner });
      expect([again.status, again.body.code]).toEqual([404, 'app_not_found']);
      const list = await t.get(`/v1/user/stores/oauth/apps?storeId=${storeId}`, { token: owner });
      expect(list.body.map((x: { id: string }) => x.id)).not.toContain(d.id);
    });
  });

  describe('token kinds', () => {
    it('refuses app tokens on account routes and account tokens on app routes (403 insufficient_scope)', async () => {
      const appToken = await mint(app);
      for (const path of [
        '/v1/user/stores/@me',
        '/v1/auth/me',
        `/v1/user/stores/${storeId}`,
        '/v1/auth/sessions',
      ]) {
        const res = await t.get(path, { token: appToken });
        expect({ path, status: res.status, code: res.body.code }).toEqual({
          path,
          status: 403,
          code: 'insufficient_scope',
        });
      }
      const res = await t.get('/v1/app/store', { token: owner });
      expect([res.status, res.body.code]).toEqual([403, 'insufficient_scope']);
      const none = await t.get('/v1/app/store');
      expect([none.status, none.body.code]).toEqual([401, 'unauthenticated']);
    });

    it('refuses a forged app token (other key, alg none)', async () => {
      const real = await mint(app);
      const [header, payload] = real.split('.');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      for (const forged of [`${none}.${payload}.`, `${header}.${payload}.AAAA`]) {
        expect((await t.get('/v1/app/store', { token: forged })).status).toBe(401);
      }
    });
  });

  describe('secrets at rest and in logs', () => {
    it('stores no raw client secret or token in any column of any table, and logs none', async () => {
      const s = await createApp({ storeId, name: 'Audit' });
      const tok = await mint(s);
      await t.get(`/v1/user/stores/oauth/apps?storeId=${storeId}`, { token: owner });
      const db = t.app.get(DataSource);
      const tables = (await db.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      )) as { table_name: string }[];
      expect(tables.map((x) => x.table_name)).toEqual(expect.arrayContaining(['oauth_apps', 'stores']));
      let dump = '';
      for (const { table_name } of tables) {
        dump += JSON.stringify(await db.query(`SELECT * FROM "${table_name}"`));
      }
      const [row] = await db.query(`SELECT secret_hash, secret_hint FROM oauth_apps WHERE id = $1`, [s.id]);
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.secret_hint).toBe(s.clientSecret.slice(-4));
      for (const secret of [s.clientSecret, app.clientSecret, s.clientSecret.slice(4, 30), tok]) {
        expect(dump).not.toContain(secret);
      }

      const logs = logged.join('');
      // The capture works (request lines are there) and holds no secret, token or hash of one.
      expect(logs).toContain('"msg":"request"');
      expect(logs).toContain('/v1/auth/oauth/token');
      for (const secret of [s.clientSecret, app.clientSecret, tok, owner, row.secret_hash]) {
        expect(logs).not.toContain(secret);
      }
    });
  });
});
