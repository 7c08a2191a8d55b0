'use strict';
// `app-store` with an installed app's access token (`iid`, `gid`): the same GET /v1/app/store, whose
// per-request liveness read is the installed kind's statement (the grant, its installation and the
// app's secret generation, beside the jti probe) instead of the store app's. The app is installed through
// the real consent route and its code exchanged at the token endpoint, as an app does.
const crypto = require('node:crypto');
const { URL, URLSearchParams } = require('node:url');
const { accountWithStores, basicAuthorization } = require('./support/fixtures');

const REDIRECT = 'https://bench-app.example/callback';

module.exports = {
  name: 'app-store-installed',
  title: 'GET /v1/app/store (installed app token)',
  order: 42,
  ratioTo: 'live',
  ratioLabel: 'app-store-installed/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-app-installed@bench.example', 1);
    const app = await ctx.expect(
      201,
      'POST',
      '/v1/user/apps',
      { name: 'Bench installed app', redirectUris: [REDIRECT], scopes: ['store:read'] },
      { token },
    );
    const verifier = crypto.randomBytes(32).toString('base64url');
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    const consent = await ctx.expect(
      200,
      'POST',
      '/v1/user/oauth/consent',
      {
        clientId: app.clientId,
        redirectUri: REDIRECT,
        scope: 'store:read',
        state: 'bench',
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        storeId: storeIds[0],
        decision: 'allow',
      },
      { token },
    );
    const code = new URL(consent.redirectTo).searchParams.get('code');
    const tokens = await ctx.expect(
      200,
      'POST',
      '/v1/auth/oauth/token',
      new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }).toString(),
      {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basicAuthorization(app.clientId, app.clientSecret),
        },
      },
    );
    const access = tokens.access_token;
    const store = await ctx.expect(200, 'GET', '/v1/app/store', undefined, { token: access });
    if (store?.id !== storeIds[0]) throw new Error(`GET /v1/app/store answered ${JSON.stringify(store)}`);
    return {
      method: 'GET',
      path: '/v1/app/store',
      expectStatus: 200,
      headers: { authorization: `Bearer ${access}` },
    };
  },
};
