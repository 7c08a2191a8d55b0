import type { TestApp } from './test-app';

/** What many specs set up first: a store of the signed-in account, and an app token for one of its apps. */

/** A valid stage 2 body: the store's favicon and logos, all https. */
export const STAGE2 = {
  faviconUrl: 'https://cdn.example.com/favicon.ico',
  logoBlackWhiteUrl: 'https://cdn.example.com/logo-bw.png',
  logoColorUrl: 'https://cdn.example.com/logo.png',
};

/** A valid stage 3 body: the store's contact and address. */
export const STAGE3 = {
  mobile: '+919876543210',
  supportEmail: 'help@example.com',
  region: 'South India',
  address: {
    line1: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
    country: 'IN',
  },
};

/** Stage 1 of onboarding through the API (201 expected): the new store's id. */
export async function createStore(
  t: TestApp,
  accessToken: string,
  name: string,
  description = 'test store',
): Promise<string> {
  const res = await t.post(
    '/v1/user/stores/onboarding/stage1',
    { name, description },
    { token: accessToken },
  );
  expect(res.status).toBe(201);
  return res.body.id;
}

/** An app token by the client-credentials grant, the app's id and secret in the JSON body. */
export async function clientCredentialsToken(
  t: TestApp,
  app: { clientId: string; clientSecret: string },
): Promise<string> {
  const res = await t.post('/v1/auth/oauth/token', {
    grant_type: 'client_credentials',
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  return res.body.access_token;
}
