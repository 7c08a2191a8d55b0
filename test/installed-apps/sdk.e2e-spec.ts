import { AccountClient, InstalledAppClient, OAuthError, StorefrontError } from '@app/sdk';
import { createStore, otpFrom } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { inspect } from 'node:util';

/**
 * The TypeScript SDK's side of installed apps (§9 v1.3) against the real server: `authorizeUrl` (PKCE
 * S256, state), the account's consent through `AccountClient.consent`, `exchangeCode`, and renewal that
 * awaits `onRefreshToken` before the new access token is used — so a save that fails (a crash before the
 * new refresh token is stored) loses nothing. Plus `developerApps` and `installations` on AccountClient.
 */
const REDIRECT = 'http://127.0.0.1/callback';

describe('InstalledAppClient and the account side', () => {
  let t: TestApp;
  let baseUrl: string;
  let account: AccountClient;
  let storeId: string;

  beforeAll(async () => {
    // Access tokens live 2 s: renewal (at half the lifetime) happens within a test.
    t = await TestApp.start({ env: { APP_TOKEN_TTL: '2' } });
    baseUrl = t.baseUrl;
    const memory = new Map<string, string>();
    account = new AccountClient({
      baseUrl,
      storage: {
        get: (k) => memory.get(k) ?? null,
        set: (k, v) => void memory.set(k, v),
        delete: (k) => void memory.delete(k),
      },
    });
    await account.login('sdk-owner@example.com');
    await account.verify('sdk-owner@example.com', otpFrom(await t.mail.waitFor('sdk-owner@example.com')));
    const session = await account.session();
    storeId = await createStore(t, session!.accessToken, 'SDK shop');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Registers an app, sends the owner through authorize and consent: the code and verifier. */
  async function consentFor(app: { clientId: string }, scope?: string) {
    const { url, codeVerifier, state } = InstalledAppClient.authorizeUrl({
      baseUrl,
      clientId: app.clientId,
      redirectUri: REDIRECT,
      ...(scope ? { scope } : {}),
    });
    const authorize = new URL(url);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      state,
      code_challenge_method: 'S256',
    });
    expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const page = new URL(answer.headers.get('location')!);
    const q = Object.fromEntries(page.searchParams);
    // As the console does: the page shows the consent view, and Install posts exactly its scopes.
    const shown = await account.consent.get({
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      scope: q.scope,
    });
    const { redirectTo } = await account.consent.decide({
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      scope: shown.scopes.map((s) => s.scope).join(' '),
      state: q.state,
      codeChallenge: q.code_challenge,
      codeChallengeMethod: q.code_challenge_method as 'S256',
      storeId,
      decision: 'allow',
    });
    const back = new URL(redirectTo);
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, codeVerifier };
  }

  it('developerApps and installations on AccountClient', async () => {
    const app = await account.developerApps.create({
      name: 'SDK app',
      redirectUris: [REDIRECT],
      scopes: ['store:read', 'products:read'],
    });
    expect(app.clientSecret).toMatch(/^sfs_/);
    expect(app.webhookSecret).toMatch(/^whsec_/);
    expect((await account.developerApps.list()).map((a) => a.id)).toContain(app.id);
    expect((await account.developerApps.get(app.id)).installCount).toBe(0);
    expect((await account.developerApps.update(app.id, { name: 'SDK app 2' })).name).toBe('SDK app 2');
    const rotated = await account.developerApps.rotateSecret(app.id);
    expect(rotated.clientSecret).not.toBe(app.clientSecret);
    const hooks = await account.developerApps.rotateWebhookSecret(app.id);
    expect(hooks.webhookSecret).not.toBe(app.webhookSecret);
    const view = await account.consent.get({ clientId: app.clientId, redirectUri: REDIRECT });
    expect(view.stores.map((s) => s.id)).toEqual([storeId]);
    await consentFor(app);
    const [installation] = await account.installations.list(storeId);
    expect(installation).toMatchObject({ appId: app.id, appName: 'SDK app 2' });
    expect((await account.developerApps.installations(app.id)).map((i) => i.storeId)).toEqual([storeId]);
    await account.installations.uninstall(storeId, installation.id);
    expect(await account.installations.list(storeId)).toEqual([]);
    await account.developerApps.delete(app.id);
    expect((await account.developerApps.list()).map((a) => a.id)).not.toContain(app.id);
  });

  it('exchangeCode awaits onRefreshToken; renewal saves the new refresh token before using the new access token', async () => {
    const app = await account.developerApps.create({
      name: 'Renewer',
      redirectUris: [REDIRECT],
      scopes: ['store:read', 'products:read'],
    });
    const { code, codeVerifier } = await consentFor(app, 'store:read products:read');
    const saved: string[] = [];
    const log: string[] = [];
    let failNextSave = false;
    const onRefreshToken = async (token: string) => {
      log.push('save:start');
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (failNextSave) {
        failNextSave = false;
        log.push('save:failed');
        throw new Error('disk full');
      }
      saved.push(token);
      log.push('save:done');
    };
    const recordingFetch: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname !== '/v1/auth/oauth/token') log.push(`call:${url.pathname}`);
      return fetch(input, init);
    };
    const client = await InstalledAppClient.exchangeCode({
      baseUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      code,
      redirectUri: REDIRECT,
      codeVerifier,
      onRefreshToken,
      fetch: recordingFetch,
    });
    expect(saved).toHaveLength(1);
    expect(client.refreshToken).toBe(saved[0]);
    expect((await client.store()).id).toBe(storeId);
    // Secrets and tokens never show.
    for (const shown of [inspect(client), JSON.stringify(client)]) {
      expect(shown).not.toContain(app.clientSecret);
      expect(shown).not.toContain(saved[0]);
    }
    // Past half the 2 s lifetime: the next call renews first, and the save comes before the call.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    log.length = 0;
    await client.store();
    expect(log).toEqual(['save:start', 'save:done', 'call:/v1/app/store']);
    expect(saved).toHaveLength(2);
    expect(client.refreshToken).toBe(saved[1]);

    // A save that fails: the new token is not used, the saved (previous) refresh token stays current and
    // still works — its replacement was never used.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    failNextSave = true;
    const before = client.refreshToken;
    await expect(client.store()).rejects.toThrow('disk full');
    expect(client.refreshToken).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await client.store()).id).toBe(storeId);
    expect(client.refreshToken).not.toBe(before);

    // A client rebuilt from the saved token (a restart) works; one with a dead token fails as OAuthError.
    const restarted = new InstalledAppClient({
      baseUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      refreshToken: saved[saved.length - 1],
      onRefreshToken,
    });
    expect((await restarted.products.list({ first: 1 })).edges).toEqual([]);
    const dead = new InstalledAppClient({
      baseUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      refreshToken: 'sfr_unknown',
      onRefreshToken,
    });
    await expect(dead.store()).rejects.toBeInstanceOf(OAuthError);
    expect(
      () =>
        new InstalledAppClient({
          baseUrl,
          clientId: 'x',
          clientSecret: 'y',
          refreshToken: '',
          onRefreshToken,
        }),
    ).toThrow(StorefrontError);
  });
});
