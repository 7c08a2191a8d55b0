import { pkcePair } from './pkce';
import type { TestApp } from './test-app';

/** Installed apps (§13) over the API: registered by a developer, installed on a store by consent. */

export interface RegisteredApp {
  id: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  name: string;
}

export const INSTALLED_APP_REDIRECT = 'https://app.example.test/oauth/callback';

/** Registers an installable app for the signed-in developer (201 expected). */
export async function registerApp(
  t: TestApp,
  developerToken: string,
  scopes: string[],
  name = 'Stock sync',
): Promise<RegisteredApp> {
  const res = await t.post(
    '/v1/user/apps',
    { name, redirectUris: [INSTALLED_APP_REDIRECT], scopes },
    { token: developerToken },
  );
  if (res.status !== 201) throw new Error(`app registration failed: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * Installs `app` on a store as the console's consent page does (the scopes it shows are sent), then
 * exchanges the code with PKCE as the app's server does: the token answer.
 */
export async function installApp(
  t: TestApp,
  app: RegisteredApp,
  storeId: string,
  memberToken: string,
  scope: string,
): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const pkce = pkcePair();
  const allowed = await t.post(
    '/v1/user/oauth/consent',
    {
      clientId: app.clientId,
      redirectUri: INSTALLED_APP_REDIRECT,
      scope,
      state: 'fixture',
      codeChallenge: pkce.challenge,
      codeChallengeMethod: 'S256',
      storeId,
      decision: 'allow',
    },
    { token: memberToken },
  );
  if (allowed.status !== 200) throw new Error(`consent failed: ${allowed.status} ${allowed.text}`);
  const code = new URL(allowed.body.redirectTo).searchParams.get('code');
  const res = await t.post('/v1/auth/oauth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: INSTALLED_APP_REDIRECT,
    code_verifier: pkce.verifier,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  if (res.status !== 200) throw new Error(`code exchange failed: ${res.status} ${res.text}`);
  return res.body;
}
