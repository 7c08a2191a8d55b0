import { createStore, installApp, registerApp, type RegisteredApp } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

// Store apps (client credentials) and installable apps (authorization code) meet one authorization server:
// one client authentication, one error set, one resolver of app tokens. What used to be two copies that
// had begun to drift must answer alike for both kinds, and keep each client to its own tokens.

const TOKEN = '/v1/auth/oauth/token';
const basic = (id: string, secret: string) =>
  'Basic ' + Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64');

describe('one authorization server for every kind of app', () => {
  let t: TestApp;
  let owner: string;
  let storeId: string;
  let storeApp: { id: string; clientId: string; clientSecret: string };
  let installable: RegisteredApp;
  let storeAppToken: string;
  let installedToken: string;

  const asStoreApp = (body: Record<string, string>) =>
    t.post(TOKEN, { ...body, client_id: storeApp.clientId, client_secret: storeApp.clientSecret });
  const asInstallable = (body: Record<string, string>) =>
    t.post(TOKEN, { ...body, client_id: installable.clientId, client_secret: installable.clientSecret });
  const storeRead = (token: string) => t.get('/v1/app/store', { token });

  beforeAll(async () => {
    t = await TestApp.start();
    owner = (await t.signIn('owner@example.com')).access_token;
    const developer = (await t.signIn('developer@example.com')).access_token;
    storeId = await createStore(t, owner, 'One server');
    const created = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'Backend' },
      { token: owner },
    );
    expect(created.status).toBe(201);
    storeApp = created.body;
    installable = await registerApp(t, developer, ['store:read', 'products:read']);
    installedToken = (await installApp(t, installable, storeId, owner, 'store:read products:read'))
      .access_token;
    const issued = await asStoreApp({ grant_type: 'client_credentials', scope: 'store:read' });
    expect(issued.status).toBe(200);
    storeAppToken = issued.body.access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a client of either kind with the same answer: unknown id, wrong secret, Basic or body', async () => {
    const refusals = [
      { id: 'sfc_' + '0'.repeat(32), secret: storeApp.clientSecret },
      { id: 'sfi_' + '0'.repeat(32), secret: installable.clientSecret },
      { id: storeApp.clientId, secret: installable.clientSecret },
      { id: installable.clientId, secret: storeApp.clientSecret },
    ];
    for (const { id, secret } of refusals) {
      const inBody = await t.post(TOKEN, {
        grant_type: 'refresh_token',
        client_id: id,
        client_secret: secret,
      });
      expect([inBody.status, inBody.body]).toEqual([
        401,
        { error: 'invalid_client', error_description: 'Client authentication failed.' },
      ]);
      expect(inBody.headers.get('www-authenticate')).toBeNull();
      const byBasic = await t.post(
        TOKEN,
        { grant_type: 'client_credentials' },
        { headers: { authorization: basic(id, secret) } },
      );
      expect(byBasic.status).toBe(401);
      expect(byBasic.body).toEqual(inBody.body);
      expect(byBasic.headers.get('www-authenticate')).toBe('Basic realm="storefront", charset="UTF-8"');
    }
  });

  it('answers a grant the kind may not use with unauthorized_client, and an unknown grant alike for both', async () => {
    const code = await asStoreApp({ grant_type: 'authorization_code', code: 'x', code_verifier: 'y' });
    expect([code.status, code.body.error]).toEqual([400, 'unauthorized_client']);
    const credentials = await asInstallable({ grant_type: 'client_credentials' });
    expect([credentials.status, credentials.body.error]).toEqual([400, 'unauthorized_client']);
    const unknown = [
      await asStoreApp({ grant_type: 'password' }),
      await asInstallable({ grant_type: 'password' }),
    ];
    expect(unknown.map((r) => [r.status, r.body])).toEqual([
      [400, unknown[0].body],
      [400, unknown[0].body],
    ]);
    expect(unknown[0].body).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Supported grants: client_credentials, authorization_code, refresh_token.',
    });
  });

  it("keeps each client to its own tokens: the other kind's token is inactive to it and survives its revocation", async () => {
    const introspect = (client: 'store' | 'installable', token: string) =>
      client === 'store'
        ? t.post('/v1/auth/oauth/introspect', {
            token,
            client_id: storeApp.clientId,
            client_secret: storeApp.clientSecret,
          })
        : t.post('/v1/auth/oauth/introspect', {
            token,
            client_id: installable.clientId,
            client_secret: installable.clientSecret,
          });
    expect((await introspect('store', installedToken)).body).toEqual({ active: false });
    expect((await introspect('installable', storeAppToken)).body).toEqual({ active: false });
    const own = [await introspect('store', storeAppToken), await introspect('installable', installedToken)];
    expect(own.map((r) => [r.body.active, r.body.client_id, r.body.store_id])).toEqual([
      [true, storeApp.clientId, storeId],
      [true, installable.clientId, storeId],
    ]);
    // Revoking the other kind's token is a 200 that changes nothing.
    const foreign = await t.post('/v1/auth/oauth/revoke', {
      token: installedToken,
      client_id: storeApp.clientId,
      client_secret: storeApp.clientSecret,
    });
    expect(foreign.status).toBe(200);
    const foreign2 = await t.post('/v1/auth/oauth/revoke', {
      token: storeAppToken,
      client_id: installable.clientId,
      client_secret: installable.clientSecret,
    });
    expect(foreign2.status).toBe(200);
    expect((await storeRead(installedToken)).status).toBe(200);
    expect((await storeRead(storeAppToken)).status).toBe(200);
  });

  it('resolves both kinds of token side by side, and refuses each on the very next request once its own credential dies', async () => {
    const both = await Promise.all(
      Array.from({ length: 10 }, (_, i) => storeRead(i % 2 ? storeAppToken : installedToken)),
    );
    expect(both.map((r) => r.status)).toEqual(Array(10).fill(200));
    // The store app's secret rotated: its token dies, the installed app's lives on.
    const rotated = await t.post(`/v1/user/stores/oauth/apps/${storeApp.id}/rotate-secret`, undefined, {
      token: owner,
    });
    expect(rotated.status).toBe(200);
    const [afterRotation, installedStill] = await Promise.all([
      storeRead(storeAppToken),
      storeRead(installedToken),
    ]);
    expect([afterRotation.status, installedStill.status]).toEqual([401, 200]);
    // The installation removed: its token dies; a fresh store app token (the new secret) lives.
    const installations = await t.get(`/v1/user/stores/${storeId}/installations`, { token: owner });
    const uninstalled = await t.delete(
      `/v1/user/stores/${storeId}/installations/${installations.body[0].id}`,
      {
        token: owner,
      },
    );
    expect(uninstalled.status).toBe(204);
    const fresh = await t.post(TOKEN, {
      grant_type: 'client_credentials',
      client_id: storeApp.clientId,
      client_secret: rotated.body.clientSecret,
    });
    expect(fresh.status).toBe(200);
    const [installedAfter, freshStore] = await Promise.all([
      storeRead(installedToken),
      storeRead(fresh.body.access_token),
    ]);
    expect([installedAfter.status, freshStore.status]).toEqual([401, 200]);
  });
});
