import { addMember, clientCredentialsToken, createStore, webhookReceivers } from '@app/testing';
import { TestApp, TestResponse } from '@app/testing/test-app';
import { BaseClient, generators, Issuer } from 'openid-client';
import { Client as PgClient } from 'pg';
import { Webhook } from 'standardwebhooks';

// Installed apps (§13): registration, the authorization-code grant with PKCE through a stock client
// (openid-client) and the console's consent call, codes and refresh tokens, installations, uninstall on
// every instance, and app webhooks through the store's delivery machinery.

const FORM = 'application/x-www-form-urlencoded';
const REDIRECT = 'https://app.example.test/oauth/callback';
const LOOPBACK = 'http://127.0.0.1/callback';

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
const basic = (id: string, secret: string) =>
  'Basic ' + Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64');

interface Registered {
  id: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  name: string;
}

function expectProblem(res: TestResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
}

describe('installed apps', () => {
  const receiver = webhookReceivers();
  let t: TestApp;
  let base: string;
  let developer: string;
  let owner: string;
  let other: string;
  let storeId: string;
  let otherStoreId: string;

  const form = (path: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
    t.post(path, undefined, {
      rawBody: new URLSearchParams(params).toString(),
      headers: { 'content-type': FORM, ...headers },
    });
  const token = (app: { clientId: string; clientSecret: string }, params: Record<string, string>) =>
    form('/v1/auth/oauth/token', params, { authorization: basic(app.clientId, app.clientSecret) });

  const register = async (body: Record<string, unknown> = {}, as = developer): Promise<Registered> => {
    const res = await t.post(
      '/v1/user/apps',
      {
        name: 'Stock sync',
        redirectUris: [REDIRECT, LOOPBACK],
        scopes: ['store:read', 'products:read'],
        ...body,
      },
      { token: as },
    );
    expect(res.status).toBe(201);
    return res.body;
  };

  /** GET authorize without following: the status and the Location's URL. */
  const authorize = async (query: Record<string, string | string[]>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) params.append(k, one);
    const res = await fetch(`${t.baseUrl}/v1/auth/oauth/authorize?${params.toString()}`, {
      redirect: 'manual',
    });
    const location = res.headers.get('location');
    const text = await res.text();
    return {
      status: res.status,
      location: location ? new URL(location) : null,
      body: text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : null,
      headers: res.headers,
    };
  };

  /** A valid authorization request's parameters (PKCE S256), with its verifier. */
  const request = (app: Registered, extra: Record<string, string> = {}) => {
    const verifier = generators.codeVerifier();
    return {
      verifier,
      query: {
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: REDIRECT,
        state: generators.state(),
        code_challenge: generators.codeChallenge(verifier),
        code_challenge_method: 'S256',
        ...extra,
      } as Record<string, string>,
    };
  };

  /** What the consent page shows for a request (`GET /v1/user/oauth/consent`). */
  const view = (query: Record<string, string>, as: string) =>
    t.get(
      `/v1/user/oauth/consent?${new URLSearchParams({
        client_id: query.client_id,
        redirect_uri: query.redirect_uri,
        ...(query.scope !== undefined ? { scope: query.scope } : {}),
      })}`,
      { token: as },
    );

  /** The consent POST for a request, with `scope` as given (left out when undefined). */
  const decide = (
    query: Record<string, string>,
    storeOf: string,
    as: string,
    decision: string,
    scope: string | undefined,
  ) =>
    t.post(
      '/v1/user/oauth/consent',
      {
        clientId: query.client_id,
        redirectUri: query.redirect_uri,
        ...(scope !== undefined ? { scope } : {}),
        state: query.state,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
        storeId: storeOf,
        decision,
      },
      { token: as },
    );

  /**
   * What the console's consent page sends for a request (after the authorize redirect): the scopes the
   * page showed — the request's, or when it has none, the list its GET answered.
   */
  const consent = async (query: Record<string, string>, storeOf: string, as: string, decision = 'allow') => {
    const shown =
      query.scope ??
      ((await view(query, as)).body.scopes as { scope: string }[]).map((s) => s.scope).join(' ');
    return decide(query, storeOf, as, decision, shown);
  };
  const codeOf = (allowed: TestResponse) => new URL(allowed.body.redirectTo).searchParams.get('code')!;
  const refreshWith = (app: Registered, refreshToken: string) =>
    token(app, { grant_type: 'refresh_token', refresh_token: refreshToken });

  /** Install (or consent again) and exchange the code by hand: the token answer. */
  const install = async (app: Registered, opts: { scope?: string; store?: string; as?: string } = {}) => {
    const { verifier, query } = request(app, opts.scope ? { scope: opts.scope } : {});
    const allowed = await consent(query, opts.store ?? storeId, opts.as ?? owner);
    expect(allowed.status).toBe(200);
    const code = new URL(allowed.body.redirectTo).searchParams.get('code')!;
    const res = await token(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    return res.body as { access_token: string; refresh_token: string; scope: string; store_id: string };
  };
  const installationsOf = async (store = storeId) =>
    (await t.get(`/v1/user/stores/${store}/installations`, { token: owner })).body as {
      id: string;
      appId: string;
      scopes: string[];
    }[];

  beforeAll(async () => {
    t = await TestApp.start({
      env: { WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1', WEBHOOK_TIMEOUT: '2' },
    });
    base = t.config.publicUrl;
    developer = (await t.signIn('developer@example.com')).access_token;
    owner = (await t.signIn('owner@example.com')).access_token;
    other = (await t.signIn('other@example.com')).access_token;
    storeId = await createStore(t, owner, 'Tea shop');
    otherStoreId = await createStore(t, other, 'Other shop');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('registration', () => {
    it('registers an app, shows both secrets once, lists hints and counts, and hides it from other accounts', async () => {
      const app = await register({ homepageUrl: 'https://app.example.test' });
      expect(app).toEqual({
        id: expect.any(String),
        name: 'Stock sync',
        clientId: expect.stringMatching(/^sfi_[0-9a-f]{32}$/),
        clientSecret: expect.stringMatching(/^sfs_[A-Za-z0-9_-]{43}$/),
        redirectUris: [REDIRECT, LOOPBACK],
        scopes: ['store:read', 'products:read'],
        homepageUrl: 'https://app.example.test',
        webhookUrl: null,
        webhookEvents: [],
        webhookSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
        createdAt: expect.any(String),
      });
      const list = await t.get('/v1/user/apps', { token: developer });
      expect(list.status).toBe(200);
      expect(list.headers.get('cache-control')).toBe('no-store');
      const listed = list.body.find((a: { id: string }) => a.id === app.id);
      expect(listed).toMatchObject({
        secretHint: app.clientSecret.slice(-4),
        webhookSecretHint: app.webhookSecret.slice(-4),
        installCount: 0,
      });
      expect(list.text).not.toContain(app.clientSecret);
      expect(list.text).not.toContain(app.webhookSecret);
      for (const res of [
        await t.get(`/v1/user/apps/${app.id}`, { token: other }),
        await t.put(`/v1/user/apps/${app.id}`, { name: 'Mine' }, { token: other }),
        await t.delete(`/v1/user/apps/${app.id}`, { token: other }),
        await t.post(`/v1/user/apps/${app.id}/rotate-secret`, undefined, { token: other }),
        await t.get(`/v1/user/apps/${app.id}/installations`, { token: other }),
        await t.get('/v1/user/apps/not-a-uuid', { token: developer }),
      ])
        expectProblem(res, 404, 'app_not_found');
      expect((await t.get('/v1/user/apps', { token: other })).body).toEqual([]);
      const renamed = await t.put(`/v1/user/apps/${app.id}`, { name: 'Stock sync 2' }, { token: developer });
      expect([renamed.status, renamed.body.name, renamed.body.scopes]).toEqual([
        200,
        'Stock sync 2',
        ['store:read', 'products:read'],
      ]);
    });

    it('refuses bad registrations with problem+json 400, never a 500', async () => {
      const valid = { name: 'x', redirectUris: [REDIRECT], scopes: ['store:read'] };
      const bad: Record<string, unknown>[] = [
        { ...valid, redirectUris: [] },
        { ...valid, redirectUris: ['http://example.com/cb'] },
        { ...valid, redirectUris: ['https://app.example.test/cb#frag'] },
        { ...valid, redirectUris: ['/relative'] },
        { ...valid, redirectUris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) },
        { ...valid, redirectUris: [`https://a.example/${'x'.repeat(2100)}`] },
        { ...valid, redirectUris: 'https://a.example/cb' },
        { ...valid, scopes: [] },
        { ...valid, scopes: ['store:write'] },
        { ...valid, webhookUrl: 'https://hooks.example.test', webhookEvents: ['product.created'] },
        { ...valid, webhookUrl: 'https://hooks.example.test', webhookEvents: ['webhook.test'] },
        { ...valid, webhookUrl: 'https://hooks.example.test', webhookEvents: ['app.created'] },
        { ...valid, webhookUrl: 'https://hooks.example.test', webhookEvents: ['nope.nope'] },
        { ...valid, webhookUrl: 'ftp://hooks.example.test' },
        { ...valid, webhookEvents: ['app.uninstalled'] },
        { ...valid, homepageUrl: 'javascript:alert(1)' },
        { ...valid, name: '' },
        { ...valid, extra: true },
      ];
      for (const body of bad) {
        const res = await t.post('/v1/user/apps', body, { token: developer });
        expect({ body, status: res.status, code: res.body.code }).toEqual({
          body,
          status: 400,
          code: 'validation_failed',
        });
      }
      const malformed = await t.post('/v1/user/apps', undefined, { token: developer, rawBody: '{"name":' });
      expect(malformed.status).toBe(400);
      const appToken = await t.post('/v1/user/apps', valid, { token: 'garbage' });
      expect(appToken.status).toBe(401);
    });
  });

  describe('the authorization request', () => {
    let app: Registered;
    beforeAll(async () => {
      app = await register();
    });

    it('never redirects for an unknown client or a redirect_uri that is not exactly registered (problem+json 400)', async () => {
      const { query } = request(app);
      const cases: Record<string, string | string[]>[] = [
        { ...query, client_id: 'sfi_unknown' },
        { ...query, client_id: '' },
        { ...query, redirect_uri: `${REDIRECT}/` },
        { ...query, redirect_uri: REDIRECT.toUpperCase() },
        { ...query, redirect_uri: `${REDIRECT}?x=1` },
        { ...query, redirect_uri: 'https://evil.example/cb' },
        { ...query, redirect_uri: '' },
        { ...query, redirect_uri: [REDIRECT, REDIRECT] },
        { ...query, client_id: [app.clientId, app.clientId] },
        { ...query, redirect_uri: 'http://localhost:8080/callback' },
        { ...query, client_id: 'sfi_\u0000' },
        { ...query, state: 'a\u0000b' },
      ];
      for (const q of cases) {
        const res = await authorize(q);
        expect({ q, status: res.status, location: res.location, code: res.body?.code }).toEqual({
          q,
          status: 400,
          location: null,
          code: 'validation_failed',
        });
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
    });

    it('sends every other error back to the redirect URI with error, state and iss', async () => {
      const { query } = request(app);
      const cases: [Record<string, string | string[]>, string, boolean][] = [
        [{ ...query, response_type: 'token' }, 'unsupported_response_type', true],
        [{ ...query, response_type: '' }, 'invalid_request', true],
        [{ ...query, state: '' }, 'invalid_request', false],
        [{ ...query, code_challenge: '' }, 'invalid_request', true],
        [{ ...query, code_challenge_method: 'plain' }, 'invalid_request', true],
        [{ ...query, code_challenge_method: '' }, 'invalid_request', true],
        [{ ...query, code_challenge: 'short' }, 'invalid_request', true],
        [{ ...query, scope: [query.scope ?? 'store:read', 'products:read'] }, 'invalid_request', true],
        [{ ...query, state: [query.state, 'again'] }, 'invalid_request', false],
        [{ ...query, scope: 'orders:read' }, 'invalid_scope', true],
        [{ ...query, scope: 'store:read unknown' }, 'invalid_scope', true],
      ];
      for (const [q, error, hasState] of cases) {
        const res = await authorize(q);
        expect({ q, status: res.status }).toEqual({ q, status: 302 });
        const to = res.location!;
        expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
        expect(Object.fromEntries(to.searchParams)).toEqual({
          error,
          error_description: expect.any(String),
          ...(hasState ? { state: query.state } : {}),
          iss: base,
        });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('sends a valid request to the consent page with the same parameters; a loopback URI may use any port', async () => {
      const { query } = request(app, { scope: 'store:read' });
      const res = await authorize(query);
      expect(res.status).toBe(302);
      expect(`${res.location!.origin}${res.location!.pathname}`).toBe(`${base}/console/authorize`);
      expect(Object.fromEntries(res.location!.searchParams)).toEqual(query);
      const loopback = await authorize({ ...query, redirect_uri: 'http://127.0.0.1:53123/callback' });
      expect([loopback.status, loopback.location?.pathname]).toEqual([302, '/console/authorize']);
    });
  });

  describe('the whole flow through openid-client', () => {
    it('discovers the metadata, installs, exchanges the code, calls the API, refreshes and revokes', async () => {
      const app = await register({ scopes: ['store:read', 'products:read', 'products:write'] });
      const meta = (await t.get('/.well-known/oauth-authorization-server')).body;
      expect(meta).toMatchObject({
        issuer: base,
        authorization_endpoint: `${base}/v1/auth/oauth/authorize`,
        token_endpoint: `${base}/v1/auth/oauth/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
      });
      const issuer = await Issuer.discover(`${base}/.well-known/oauth-authorization-server`);
      const client: BaseClient = new issuer.Client({
        client_id: app.clientId,
        client_secret: app.clientSecret,
        redirect_uris: [REDIRECT],
        response_types: ['code'],
      });
      const verifier = generators.codeVerifier();
      const state = generators.state();
      const url = client.authorizationUrl({
        scope: 'store:read products:read',
        state,
        code_challenge: generators.codeChallenge(verifier),
        code_challenge_method: 'S256',
        redirect_uri: REDIRECT,
      });
      const first = await fetch(url.replace(base, t.baseUrl), { redirect: 'manual' });
      expect(first.status).toBe(302);
      const consentPage = new URL(first.headers.get('location')!);
      expect(consentPage.pathname).toBe('/console/authorize');
      const query = Object.fromEntries(consentPage.searchParams);
      // What the page shows: the app, each scope as a sentence, the stores where the owner may install.
      const view = await t.get(
        `/v1/user/oauth/consent?${new URLSearchParams({ client_id: query.client_id, redirect_uri: query.redirect_uri, scope: query.scope })}`,
        { token: owner },
      );
      expect(view.status).toBe(200);
      expect(view.body.app).toEqual({ name: 'Stock sync', homepageUrl: null });
      expect(view.body.scopes.map((s: { scope: string }) => s.scope)).toEqual([
        'store:read',
        'products:read',
      ]);
      expect(view.body.scopes[1].description).toMatch(/products/);
      expect(view.body.stores).toEqual([
        { id: storeId, name: 'Tea shop', installed: false, grantedScopes: [] },
      ]);
      const allowed = await consent(query, storeId, owner);
      expect(allowed.status).toBe(200);
      const callback = new URL(allowed.body.redirectTo);
      expect(Object.keys(Object.fromEntries(callback.searchParams)).sort()).toEqual([
        'code',
        'iss',
        'state',
        'store_id',
      ]);
      expect(callback.searchParams.get('store_id')).toBe(storeId);
      const params = client.callbackParams(callback.toString());
      const set = await client.oauthCallback(REDIRECT, params, { state, code_verifier: verifier });
      expect(set.token_type?.toLowerCase()).toBe('bearer');
      expect(set.scope).toBe('store:read products:read');
      expect(set.store_id).toBe(storeId);
      expect(set.refresh_token).toMatch(/^sfr_/);
      const claims = claimsOf(set.access_token!);
      const [installation] = await installationsOf();
      expect(claims).toMatchObject({ typ: 'app', sub: app.id, store_id: storeId, iid: installation.id });
      expect(installation).toMatchObject({ appId: app.id, scopes: ['store:read', 'products:read'] });
      expect((await t.get('/v1/app/store', { token: set.access_token })).body).toEqual({
        id: storeId,
        name: 'Tea shop',
      });
      expect((await t.get('/v1/app/installation', { token: set.access_token })).body).toEqual({
        id: installation.id,
        appId: app.id,
        storeId,
        scopes: ['store:read', 'products:read'],
        installedAt: expect.any(String),
      });
      const products = await t.post(
        '/v1/storefront/graphql',
        { query: '{ products(first: 1) { edges { node { id } } } }' },
        { token: set.access_token },
      );
      expect([products.status, products.body.errors]).toEqual([200, undefined]);
      // The installation shows for the developer too.
      const installs = await t.get(`/v1/user/apps/${app.id}/installations`, { token: developer });
      expect(installs.body).toEqual([
        {
          id: installation.id,
          storeId,
          storeName: 'Tea shop',
          scopes: ['store:read', 'products:read'],
          installedAt: expect.any(String),
        },
      ]);
      // Refresh with the stock client; then RFC 7009 on the refresh token ends the grant.
      const renewed = await client.refresh(set.refresh_token!);
      expect(renewed.refresh_token).not.toBe(set.refresh_token);
      expect((await t.get('/v1/app/store', { token: renewed.access_token })).status).toBe(200);
      await client.revoke(renewed.refresh_token!, 'refresh_token');
      expect((await t.get('/v1/app/store', { token: renewed.access_token })).status).toBe(401);
      await expect(client.refresh(renewed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      // A store app's token has no installation.
      const storeApp = await t.post('/v1/user/stores/oauth/apps', { storeId, name: 'Own' }, { token: owner });
      const own = await clientCredentialsToken(t, storeApp.body);
      expectProblem(await t.get('/v1/app/installation', { token: own }), 404, 'installation_not_found');
      // Grants that are not theirs.
      const wrongGrant = await token(storeApp.body, {
        grant_type: 'authorization_code',
        code: 'x',
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      });
      expect([wrongGrant.status, wrongGrant.body.error]).toEqual([400, 'unauthorized_client']);
      const cc = await token(app, { grant_type: 'client_credentials' });
      expect([cc.status, cc.body.error]).toEqual([400, 'unauthorized_client']);
    });
  });

  describe('consent', () => {
    it('checks the request again, and installs only where the role allows (owner, admin, developer — not staff)', async () => {
      const app = await register();
      const { query } = request(app, { scope: 'store:read products:read' });
      expectProblem(await consent({ ...query, client_id: 'sfi_nope' }, storeId, owner), 404, 'app_not_found');
      const inexact = await consent({ ...query, redirect_uri: `${REDIRECT}/` }, storeId, owner);
      expectProblem(inexact, 400, 'validation_failed');
      expect(inexact.body.errors).toEqual([{ field: 'redirectUri', message: expect.any(String) }]);
      const scope = await consent({ ...query, scope: 'orders:write' }, storeId, owner);
      expect([scope.status, scope.body.errors?.[0]?.field]).toEqual([400, 'scope']);
      const method = await consent({ ...query, code_challenge_method: 'plain' }, storeId, owner);
      expect([method.status, method.body.errors?.[0]?.field]).toEqual([400, 'codeChallengeMethod']);
      expectProblem(await consent(query, otherStoreId, owner), 404, 'store_not_found');
      expectProblem(
        await consent(query, '00000000-0000-4000-8000-000000000000', owner),
        404,
        'store_not_found',
      );
      expectProblem(await consent({ ...query, storeId: 'x' }, 'not-a-uuid', owner), 400, 'validation_failed');
      const denied = await consent(query, storeId, owner, 'deny');
      expect(Object.fromEntries(new URL(denied.body.redirectTo).searchParams)).toEqual({
        error: 'access_denied',
        state: query.state,
        iss: base,
      });
      // Roles: staff sees no store and cannot install; a developer can.
      const staff = await t.signIn('staff@example.com');
      const dev = await t.signIn('store-dev@example.com');
      await addMember(t, owner, storeId, { token: staff.access_token, email: 'staff@example.com' }, 'staff');
      await addMember(
        t,
        owner,
        storeId,
        { token: dev.access_token, email: 'store-dev@example.com' },
        'developer',
      );
      const unscoped = request(app).query;
      expect((await view(unscoped, staff.access_token)).body.stores).toEqual([]);
      expect((await view(unscoped, dev.access_token)).body.stores.map((s: { id: string }) => s.id)).toEqual([
        storeId,
      ]);
      expectProblem(await consent(query, storeId, staff.access_token), 404, 'store_not_found');
      expectProblem(
        await t.get(`/v1/user/stores/${storeId}/installations`, { token: staff.access_token }),
        403,
        'insufficient_role',
      );
      const byDev = await install(app, { as: dev.access_token });
      expect(byDev.store_id).toBe(storeId);
      const listed = (await t.get(`/v1/user/stores/${storeId}/installations`, { token: owner })).body.find(
        (i: { appId: string }) => i.appId === app.id,
      );
      expect(listed.installedBy).toEqual({ id: expect.any(String), email: 'store-dev@example.com' });
      // The store's events record the installation, with the account as actor.
      const events = await t.get(`/v1/user/stores/${storeId}/events?type=app.installed`, { token: owner });
      expect(events.body.data[0]).toMatchObject({
        type: 'app.installed',
        actor: { type: 'account' },
        data: { installationId: listed.id, appId: app.id, storeId, scopes: ['store:read', 'products:read'] },
      });
      // Bad input to the consent routes is a 400, never a 500.
      const nul = await t.get(`/v1/user/oauth/consent?client_id=sfi_%00&redirect_uri=x`, { token: owner });
      expect(nul.status).toBe(400);
      for (const body of [{}, { clientId: 1 }, { ...query, decision: 'maybe' }, 'x'.repeat(10)]) {
        const res = await t.post('/v1/user/oauth/consent', body, { token: owner });
        expect(res.status).toBe(400);
      }
    });
  });

  describe('codes and refresh tokens', () => {
    let app: Registered;
    beforeAll(async () => {
      app = await register({ scopes: ['store:read', 'products:read'] });
    });
    const code = async (scope?: string) => {
      const { verifier, query } = request(app, scope ? { scope } : {});
      const allowed = await consent(query, storeId, owner);
      return { verifier, code: new URL(allowed.body.redirectTo).searchParams.get('code')! };
    };
    const exchange = (c: { code: string; verifier: string }, extra: Record<string, string> = {}) =>
      token(app, {
        grant_type: 'authorization_code',
        code: c.code,
        redirect_uri: REDIRECT,
        code_verifier: c.verifier,
        ...extra,
      });
    const refresh = (refreshToken: string) =>
      token(app, { grant_type: 'refresh_token', refresh_token: refreshToken });

    it('a replayed code is invalid_grant and kills every token issued from it', async () => {
      const c = await code();
      const first = await exchange(c);
      expect(first.status).toBe(200);
      expect((await t.get('/v1/app/store', { token: first.body.access_token })).status).toBe(200);
      const again = await exchange(c);
      expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
      expect((await t.get('/v1/app/store', { token: first.body.access_token })).status).toBe(401);
      expect((await refresh(first.body.refresh_token)).body.error).toBe('invalid_grant');
    });

    it('binds the code to the verifier, the redirect URI and the client; a failed exchange uses it up', async () => {
      const wrongVerifier = await code();
      const pkce = await exchange(wrongVerifier, { code_verifier: generators.codeVerifier() });
      expect([pkce.status, pkce.body.error]).toEqual([400, 'invalid_grant']);
      expect((await exchange(wrongVerifier)).body.error).toBe('invalid_grant');
      const noVerifier = await code();
      const missing = await token(app, {
        grant_type: 'authorization_code',
        code: noVerifier.code,
        redirect_uri: REDIRECT,
      });
      expect(missing.body.error).toBe('invalid_grant');
      const wrongUri = await code();
      expect((await exchange(wrongUri, { redirect_uri: LOOPBACK })).body.error).toBe('invalid_grant');
      const noUri = await code();
      const noUriRes = await token(app, {
        grant_type: 'authorization_code',
        code: noUri.code,
        code_verifier: noUri.verifier,
      });
      expect(noUriRes.body.error).toBe('invalid_grant');
      const otherApp = await register({ name: 'Other app' });
      const foreign = await code();
      const stolen = await token(otherApp, {
        grant_type: 'authorization_code',
        code: foreign.code,
        redirect_uri: REDIRECT,
        code_verifier: foreign.verifier,
      });
      expect(stolen.body.error).toBe('invalid_grant');
      expect((await exchange(foreign)).body.error).toBe('invalid_grant');
      const wrongSecret = await token(
        { clientId: app.clientId, clientSecret: 'sfs_wrong' },
        { grant_type: 'refresh_token', refresh_token: 'x' },
      );
      expect([wrongSecret.status, wrongSecret.body.error]).toEqual([401, 'invalid_client']);
      expect((await token(app, { grant_type: 'authorization_code' })).body.error).toBe('invalid_request');
      expect((await token(app, { grant_type: 'refresh_token' })).body.error).toBe('invalid_request');
      expect((await token(app, { grant_type: 'password' })).body.error).toBe('unsupported_grant_type');
    });

    it('an expired code is invalid_grant (60 s)', async () => {
      // Aged through SQL on a database server (the embedded database belongs to the app's process).
      if (!t.config.databaseUrl) return;
      const c = await code();
      const pg = new PgClient({ connectionString: t.config.databaseUrl });
      await pg.connect();
      try {
        await pg.query(
          `UPDATE app_authorization_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
        );
      } finally {
        await pg.end();
      }
      expect((await exchange(c)).body.error).toBe('invalid_grant');
    });

    it('rotates refresh tokens: the previous one works until its replacement is first used, reuse after that kills the grant', async () => {
      const pair = await exchange(await code());
      const r1 = pair.body.refresh_token;
      const second = await refresh(r1);
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).not.toBe(r1);
      // The app crashed before saving `second`: r1 still works, as often as needed.
      const retried = await refresh(r1);
      expect(retried.status).toBe(200);
      const r2 = retried.body.refresh_token;
      // The replacement is used: from now on r1 is reuse.
      const third = await refresh(r2);
      expect(third.status).toBe(200);
      expect((await t.get('/v1/app/store', { token: third.body.access_token })).status).toBe(200);
      const reuse = await refresh(r1);
      expect([reuse.status, reuse.body.error]).toEqual([400, 'invalid_grant']);
      // The whole grant is dead: the newest refresh token and every access token of it.
      expect((await refresh(third.body.refresh_token)).body.error).toBe('invalid_grant');
      for (const access of [pair.body.access_token, second.body.access_token, third.body.access_token])
        expect((await t.get('/v1/app/store', { token: access })).status).toBe(401);
      // A narrower scope on refresh; a wider one is invalid_scope.
      const fresh = await exchange(await code());
      const narrow = await token(app, {
        grant_type: 'refresh_token',
        refresh_token: fresh.body.refresh_token,
        scope: 'store:read',
      });
      expect([narrow.status, narrow.body.scope]).toEqual([200, 'store:read']);
      const wide = await token(app, {
        grant_type: 'refresh_token',
        refresh_token: narrow.body.refresh_token,
        scope: 'orders:read',
      });
      expect([wide.status, wide.body.error]).toEqual([400, 'invalid_scope']);
    });

    it('one live successor: R1 presented again while R2 is unused gets R2x, and R2 is dead from then on', async () => {
      const pair = await exchange(await code());
      const r1 = pair.body.refresh_token;
      const r2 = await refresh(r1);
      expect(r2.status).toBe(200);
      // The app lost R2 (or an attacker holds R1): R1 again while R2 is unused still works...
      const r2x = await refresh(r1);
      expect(r2x.status).toBe(200);
      // ...and R2 is dead: presenting it is reuse, and the whole grant ends.
      const forked = await refresh(r2.body.refresh_token);
      expect([forked.status, forked.body.error]).toEqual([400, 'invalid_grant']);
      expect((await refresh(r2x.body.refresh_token)).body.error).toBe('invalid_grant');
      for (const access of [r2.body.access_token, r2x.body.access_token])
        expect((await t.get('/v1/app/store', { token: access })).status).toBe(401);
      // Crash-safety stays: R1 again, then its newest replacement goes on.
      const other = await exchange(await code());
      const lost = await refresh(other.body.refresh_token);
      const kept = await refresh(other.body.refresh_token);
      expect([lost.status, kept.status]).toEqual([200, 200]);
      const next = await refresh(kept.body.refresh_token);
      expect(next.status).toBe(200);
      expect((await t.get('/v1/app/store', { token: next.body.access_token })).status).toBe(200);
      expect((await refresh(other.body.refresh_token)).body.error).toBe('invalid_grant');
    });

    it('ten concurrent refreshes of one token all succeed (a retry is not reuse), and at most one of their replacements is live', async () => {
      const pair = await exchange(await code());
      const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(pair.body.refresh_token)));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(new Set(answers.map((a) => a.body.refresh_token)).size).toBe(10);
      // Each replacement presented in turn: the live one (if it comes first) works once; a dead one is
      // reuse and ends the grant — so never more than one answer is 200.
      const statuses: number[] = [];
      for (const answer of answers) statuses.push((await refresh(answer.body.refresh_token)).status);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      for (const answer of answers)
        expect((await t.get('/v1/app/store', { token: answer.body.access_token })).status).toBe(401);
    });

    it('concurrent exchanges of one code: exactly one gets tokens', async () => {
      const c = await code();
      const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(c)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    });
  });

  describe('installations', () => {
    it('uninstall is refused on the very next request on every instance; a re-install is a new installation', async () => {
      const app = await register({ name: 'Two instances' });
      const tokens = await install(app);
      // The embedded database belongs to one process: the second instance needs a database server.
      const second = t.config.databaseUrl
        ? await TestApp.start({
            databaseUrl: t.config.databaseUrl,
            env: {
              JWT_SECRET: t.config.jwtSecret,
              OTP_PEPPER: t.config.otpPepper,
              PUBLIC_URL: t.config.publicUrl,
              MIGRATIONS_RUN: 'false',
            },
          })
        : t;
      try {
        for (const on of [t, second])
          expect((await on.get('/v1/app/store', { token: tokens.access_token })).status).toBe(200);
        const installation = (await installationsOf()).find((i) => i.appId === app.id)!;
        const gone = await t.delete(`/v1/user/stores/${storeId}/installations/${installation.id}`, {
          token: owner,
        });
        expect(gone.status).toBe(204);
        for (const on of [second, t]) {
          const refused = await on.get('/v1/app/store', { token: tokens.access_token });
          expect([refused.status, refused.body.code]).toEqual([401, 'invalid_token']);
        }
        expect(
          (await token(app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).body.error,
        ).toBe('invalid_grant');
        expectProblem(
          await t.delete(`/v1/user/stores/${storeId}/installations/${installation.id}`, { token: owner }),
          404,
          'installation_not_found',
        );
        expectProblem(
          await t.delete(`/v1/user/stores/${otherStoreId}/installations/${installation.id}`, {
            token: owner,
          }),
          404,
          'store_not_found',
        );
        const again = await install(app);
        const reinstalled = (await installationsOf()).find((i) => i.appId === app.id)!;
        expect(reinstalled.id).not.toBe(installation.id);
        expect(claimsOf(again.access_token).iid).toBe(reinstalled.id);
        expect((await second.get('/v1/app/store', { token: again.access_token })).status).toBe(200);
      } finally {
        if (second !== t) await second.close();
      }
    });

    it('more scopes replace the grant (same installation, earlier tokens refused); the same or fewer keep it', async () => {
      const app = await register({
        name: 'Upgrader',
        scopes: ['store:read', 'products:read', 'orders:read'],
      });
      const before = await install(app, { scope: 'store:read' });
      const [installation] = (await installationsOf()).filter((i) => i.appId === app.id);
      const same = await install(app, { scope: 'store:read' });
      expect((await t.get('/v1/app/store', { token: before.access_token })).status).toBe(200);
      expect((await installationsOf()).find((i) => i.appId === app.id)!.scopes).toEqual(['store:read']);
      const wider = await install(app, { scope: 'store:read orders:read' });
      const after = (await installationsOf()).find((i) => i.appId === app.id)!;
      expect(after.id).toBe(installation.id);
      expect(after.scopes).toEqual(['store:read', 'orders:read']);
      expect(wider.scope).toBe('store:read orders:read');
      for (const old of [before.access_token, same.access_token])
        expect((await t.get('/v1/app/store', { token: old })).status).toBe(401);
      expect((await t.get('/v1/app/store', { token: wider.access_token })).status).toBe(200);
      // Fewer than the installation holds: the tokens carry what was asked, the installation keeps its grant.
      const fewer = await install(app, { scope: 'store:read' });
      expect(fewer.scope).toBe('store:read');
      expect((await installationsOf()).find((i) => i.appId === app.id)!.scopes).toEqual([
        'store:read',
        'orders:read',
      ]);
      expect((await t.get('/v1/app/store', { token: wider.access_token })).status).toBe(200);
    });

    it('rotating the client secret refuses every access token at once; refresh tokens keep working with the new secret', async () => {
      const app = await register({ name: 'Rotator' });
      const tokens = await install(app);
      const rotated = await t.post(`/v1/user/apps/${app.id}/rotate-secret`, undefined, { token: developer });
      expect(rotated.status).toBe(200);
      expect(rotated.body.clientSecret).toMatch(/^sfs_/);
      expect(rotated.body.secretHint).toBe(rotated.body.clientSecret.slice(-4));
      expect((await t.get('/v1/app/store', { token: tokens.access_token })).status).toBe(401);
      const oldSecret = await token(app, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
      expect([oldSecret.status, oldSecret.body.error]).toEqual([401, 'invalid_client']);
      const renewed = await token(
        { clientId: app.clientId, clientSecret: rotated.body.clientSecret },
        { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      );
      expect(renewed.status).toBe(200);
      expect((await t.get('/v1/app/store', { token: renewed.body.access_token })).status).toBe(200);
    });

    it("an installed app's token works like a store app's, with its scopes, and names the app as the actor", async () => {
      const app = await register({
        name: 'Catalogue writer',
        scopes: ['store:read', 'products:read', 'products:write'],
      });
      const tokens = await install(app);
      expect(tokens.scope).toBe('store:read products:read products:write');
      const made = await t.post(
        '/v1/storefront/graphql',
        {
          query: 'mutation($i: ProductCreateInput!) { productCreate(input: $i) { id } }',
          variables: {
            i: {
              handle: 'written-by-app',
              title: 'Written',
              price: '1.00',
              currencyCode: 'INR',
              inventory: 1,
            },
          },
        },
        { token: tokens.access_token },
      );
      expect(made.body.errors).toBeUndefined();
      const events = await t.get(`/v1/user/stores/${storeId}/events?type=product.created`, { token: owner });
      expect(events.body.data[0].actor).toEqual({ type: 'app', id: app.id, name: 'Catalogue writer' });
      const orders = await t.post(
        '/v1/storefront/graphql',
        { query: '{ orders(first: 1) { edges { cursor } } }' },
        { token: tokens.access_token },
      );
      expect(orders.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });

    it('deleting the app ends every installation as an uninstall does', async () => {
      const app = await register({ name: 'Short-lived' });
      const tokens = await install(app);
      expect((await t.delete(`/v1/user/apps/${app.id}`, { token: developer })).status).toBe(204);
      expect((await t.get('/v1/app/store', { token: tokens.access_token })).status).toBe(401);
      expect((await installationsOf()).some((i) => i.appId === app.id)).toBe(false);
      const events = await t.get(`/v1/user/stores/${storeId}/events?type=app.uninstalled`, { token: owner });
      expect(events.body.data.some((e: { data: { appId: string } }) => e.data.appId === app.id)).toBe(true);
    });
  });

  describe('consent, codes and refresh tokens that cannot be widened or forked (v1.4)', () => {
    it('consent grants exactly the scopes the page showed: widening the app between page load and Install gains nothing', async () => {
      const app = await register({ name: 'Widener', scopes: ['store:read', 'products:read'] });
      // A request without `scope`: the page shows every scope the app has registered now.
      const { verifier, query } = request(app);
      const shown = await view(query, owner);
      expect(shown.body.scopes.map((s: { scope: string }) => s.scope)).toEqual([
        'store:read',
        'products:read',
      ]);
      // The developer widens the app while the merchant reads the page.
      const wider = ['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write'];
      expect((await t.put(`/v1/user/apps/${app.id}`, { scopes: wider }, { token: developer })).status).toBe(
        200,
      );
      // Install pressed with the request's (empty) scope: refused, naming scope; nothing is installed.
      for (const scope of [undefined, '', '   ']) {
        const res = await decide(query, storeId, owner, 'allow', scope);
        expectProblem(res, 400, 'validation_failed');
        expect(res.body.errors).toEqual([{ field: 'scope', message: expect.any(String) }]);
      }
      expect((await installationsOf()).some((i) => i.appId === app.id)).toBe(false);
      // The list the page showed: the installation, the code and its tokens hold exactly that.
      const allowed = await decide(query, storeId, owner, 'allow', 'store:read products:read');
      expect(allowed.status).toBe(200);
      // The code carries the posted list too, though the app registered more when it was issued.
      const tokens = await token(app, {
        grant_type: 'authorization_code',
        code: codeOf(allowed),
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      });
      expect([tokens.status, tokens.body.scope]).toEqual([200, 'store:read products:read']);
      expect((await installationsOf()).find((i) => i.appId === app.id)!.scopes).toEqual([
        'store:read',
        'products:read',
      ]);
      const write = await t.post(
        '/v1/storefront/graphql',
        {
          query: 'mutation($i: ProductCreateInput!) { productCreate(input: $i) { id } }',
          variables: {
            i: { handle: 'widened', title: 'W', price: '1.00', currencyCode: 'INR', inventory: 1 },
          },
        },
        { token: tokens.body.access_token },
      );
      expect(write.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const refreshed = await refreshWith(app, tokens.body.refresh_token);
      expect([refreshed.status, refreshed.body.scope]).toEqual([200, 'store:read products:read']);
      // A scope the app no longer has registered when Install is pressed: refused, naming scope.
      expect(
        (await t.put(`/v1/user/apps/${app.id}`, { scopes: ['store:read'] }, { token: developer })).status,
      ).toBe(200);
      const narrowed = await decide(request(app).query, storeId, owner, 'allow', 'store:read products:read');
      expectProblem(narrowed, 400, 'validation_failed');
      expect(narrowed.body.errors).toEqual([{ field: 'scope', message: expect.any(String) }]);
    });

    it('a code from before an uninstall is invalid_grant after a re-install: it dies with its installation', async () => {
      const app = await register({
        name: 'Reinstalled',
        scopes: ['store:read', 'products:read', 'products:write'],
      });
      const wide = request(app, { scope: 'store:read products:read products:write' });
      const before = await consent(wide.query, storeId, owner);
      expect(before.status).toBe(200);
      const [installation] = (await installationsOf()).filter((i) => i.appId === app.id);
      const gone = await t.delete(`/v1/user/stores/${storeId}/installations/${installation.id}`, {
        token: owner,
      });
      expect(gone.status).toBe(204);
      // The store installs it again, read-only this time.
      const readOnly = await install(app, { scope: 'store:read' });
      const stale = await token(app, {
        grant_type: 'authorization_code',
        code: codeOf(before),
        redirect_uri: REDIRECT,
        code_verifier: wide.verifier,
      });
      expect([stale.status, stale.body.error]).toEqual([400, 'invalid_grant']);
      expect((await installationsOf()).find((i) => i.appId === app.id)!.scopes).toEqual(['store:read']);
      expect((await t.get('/v1/app/store', { token: readOnly.access_token })).status).toBe(200);
    });

    it("at exchange the code's scopes must all still be held by its installation, else invalid_grant", async () => {
      // No route narrows an installation today; the rule guards the day one does, so the row is narrowed
      // through SQL on a database server (the embedded database belongs to the app's process).
      if (!t.config.databaseUrl) return;
      const app = await register({ name: 'Narrowed' });
      const { verifier, query } = request(app, { scope: 'store:read products:read' });
      const allowed = await consent(query, storeId, owner);
      const installation = (await installationsOf()).find((i) => i.appId === app.id)!;
      const pg = new PgClient({ connectionString: t.config.databaseUrl });
      await pg.connect();
      try {
        await pg.query(`UPDATE app_installations SET scopes = '{store:read}' WHERE id = $1`, [
          installation.id,
        ]);
      } finally {
        await pg.end();
      }
      const exchanged = await token(app, {
        grant_type: 'authorization_code',
        code: codeOf(allowed),
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      });
      expect([exchanged.status, exchanged.body.error]).toEqual([400, 'invalid_grant']);
    });

    it('an exchange racing an uninstall answers tokens or invalid_grant, never a 5xx, and leaves no live token', async () => {
      const app = await register({ name: 'Racer' });
      for (let round = 0; round < 3; round++) {
        const { verifier, query } = request(app, { scope: 'store:read' });
        const allowed = await consent(query, storeId, owner);
        const installation = (await installationsOf()).find((i) => i.appId === app.id)!;
        const [exchanged, gone] = await Promise.all([
          token(app, {
            grant_type: 'authorization_code',
            code: codeOf(allowed),
            redirect_uri: REDIRECT,
            code_verifier: verifier,
          }),
          t.delete(`/v1/user/stores/${storeId}/installations/${installation.id}`, { token: owner }),
        ]);
        expect(gone.status).toBe(204);
        expect([200, 400]).toContain(exchanged.status);
        if (exchanged.status === 200)
          expect((await t.get('/v1/app/store', { token: exchanged.body.access_token })).status).toBe(401);
        else expect(exchanged.body.error).toBe('invalid_grant');
      }
    });

    it('a loopback redirect URI with a port outside 1–65535 is refused everywhere: never a redirect, a 5xx or an installation', async () => {
      const app = await register({ name: 'Ports' });
      const listed = async () => (await installationsOf()).some((i) => i.appId === app.id);
      for (const uri of [
        'http://127.0.0.1:99999/callback',
        'http://127.0.0.1:65536/callback',
        'http://127.0.0.1:0/callback',
      ]) {
        const { query } = request(app, { redirect_uri: uri, scope: 'store:read' });
        const authorized = await authorize(query);
        expect({ uri, status: authorized.status, location: authorized.location?.href ?? null }).toEqual({
          uri,
          status: 400,
          location: null,
        });
        expectProblem(await view(query, owner), 400, 'validation_failed');
        const allowed = await decide(query, storeId, owner, 'allow', 'store:read');
        expectProblem(allowed, 400, 'validation_failed');
        expect(allowed.body.errors).toEqual([{ field: 'redirectUri', message: expect.any(String) }]);
        expect(await listed()).toBe(false);
        const registered = await t.post(
          '/v1/user/apps',
          { name: 'Bad port', redirectUris: [uri], scopes: ['store:read'] },
          { token: developer },
        );
        expectProblem(registered, 400, 'validation_failed');
      }
      const highest = await authorize(
        request(app, { redirect_uri: 'http://127.0.0.1:65535/callback', scope: 'store:read' }).query,
      );
      expect([highest.status, highest.location?.pathname]).toEqual([302, '/console/authorize']);
    });
  });

  describe('app webhooks', () => {
    const verify = (secret: string, r: { body: string; headers: Record<string, unknown> }) =>
      new Webhook(secret).verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }) as { id: string; type: string; storeId: string; data: Record<string, unknown> };

    it('delivers the subscribed events its grant can read, signed with the app secret; app.uninstalled always, then nothing', async () => {
      const hooks = await receiver();
      const app = await register({
        name: 'Hooked',
        scopes: ['store:read', 'products:read', 'orders:read'],
        webhookUrl: hooks.url('/app'),
        webhookEvents: ['app.installed', 'product.created', 'order.created'],
      });
      // Granted store:read and products:read only: order.created is beyond the grant.
      await install(app, { scope: 'store:read products:read' });
      await hooks.waitFor((got) => got.length === 1);
      const installed = verify(app.webhookSecret, hooks.received[0]);
      expect(installed).toMatchObject({ type: 'app.installed', storeId, data: { appId: app.id } });
      expect(hooks.received[0].headers['user-agent']).toBe('Storefront-Webhooks/1');
      // A product (owner's REST) reaches the app; an order (a store app's GraphQL) and a store edit do not.
      const product = await t.post(
        `/v1/user/stores/${storeId}/products`,
        { handle: 'green-tea', title: 'Green tea', price: '4.50', currencyCode: 'INR', inventory: 10 },
        { token: owner },
      );
      expect(product.status).toBe(201);
      const storeApp = await t.post(
        '/v1/user/stores/oauth/apps',
        { storeId, name: 'Orders' },
        { token: owner },
      );
      const orderToken = await clientCredentialsToken(t, storeApp.body);
      const order = await t.post(
        '/v1/storefront/graphql',
        {
          query: 'mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }',
          variables: {
            i: { customerEmail: 'c@example.com', lines: [{ productId: product.body.id, quantity: 1 }] },
          },
        },
        { token: orderToken },
      );
      expect(order.body.errors).toBeUndefined();
      await t.put(`/v1/user/stores/${storeId}`, { description: 'edited' }, { token: owner });
      await hooks.waitFor((got) => got.length >= 2);
      // Give any wrongly-subscribed delivery its chance to arrive.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const types = hooks.received.map((r) => verify(app.webhookSecret, r).type);
      expect(types).toEqual(['app.installed', 'product.created']);
      // The store's own webhook list does not show the app's endpoint.
      expect((await t.get(`/v1/user/stores/${storeId}/webhooks`, { token: owner })).body).toEqual([]);
      // Consent to orders:read: order.created now reaches the app.
      await install(app, { scope: 'store:read products:read orders:read' });
      await t.post(
        '/v1/storefront/graphql',
        {
          query: 'mutation($i: OrderCreateInput!) { orderCreate(input: $i) { id } }',
          variables: {
            i: { customerEmail: 'd@example.com', lines: [{ productId: product.body.id, quantity: 1 }] },
          },
        },
        { token: orderToken },
      );
      await hooks.waitFor((got) => got.some((r) => verify(app.webhookSecret, r).type === 'order.created'));
      // Rotating the webhook secret: both signatures for 24 h, each verifies.
      const rotated = await t.post(`/v1/user/apps/${app.id}/rotate-webhook-secret`, undefined, {
        token: developer,
      });
      expect(rotated.body.webhookSecret).toMatch(/^whsec_/);
      const count = hooks.received.length;
      await t.post(
        `/v1/user/stores/${storeId}/products`,
        { handle: 'black-tea', title: 'Black tea', price: '3.00', currencyCode: 'INR', inventory: 1 },
        { token: owner },
      );
      await hooks.waitFor((got) => got.length > count);
      const signed = hooks.received[count];
      expect(String(signed.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verify(rotated.body.webhookSecret, signed).type).toBe('product.created');
      expect(verify(app.webhookSecret, signed).type).toBe('product.created');
      // Uninstall: app.uninstalled is delivered, and nothing of the store after it.
      const installation = (await installationsOf()).find((i) => i.appId === app.id)!;
      await t.delete(`/v1/user/stores/${storeId}/installations/${installation.id}`, { token: owner });
      // Deliveries before the rotation carry the old secret's signature only; those after it, both.
      const typeOf = (r: (typeof hooks.received)[number]) => {
        try {
          return verify(rotated.body.webhookSecret, r).type;
        } catch {
          return verify(app.webhookSecret, r).type;
        }
      };
      await hooks.waitFor((got) => got.some((r) => typeOf(r) === 'app.uninstalled'));
      const afterUninstall = hooks.received.length;
      await t.post(
        `/v1/user/stores/${storeId}/products`,
        { handle: 'oolong', title: 'Oolong', price: '6.00', currencyCode: 'INR', inventory: 1 },
        { token: owner },
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(hooks.received.length).toBe(afterUninstall);
      const uninstalled = hooks.received
        .slice(count)
        .map((r) => verify(rotated.body.webhookSecret, r))
        .find((e) => e.type === 'app.uninstalled')!;
      expect(uninstalled.data).toEqual({
        installationId: installation.id,
        appId: app.id,
        storeId,
        scopes: expect.any(Array),
      });
    });

    it('an app that did not subscribe still gets app.uninstalled', async () => {
      const hooks = await receiver();
      const app = await register({ name: 'Quiet', webhookUrl: hooks.url('/quiet') });
      await install(app);
      const installation = (await installationsOf()).find((i) => i.appId === app.id)!;
      await t.delete(`/v1/user/stores/${storeId}/installations/${installation.id}`, { token: owner });
      await hooks.waitFor((got) => got.length === 1);
      expect(verify(app.webhookSecret, hooks.received[0]).type).toBe('app.uninstalled');
    });
  });
});
