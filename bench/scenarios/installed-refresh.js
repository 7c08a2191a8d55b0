'use strict';
// POST /v1/auth/oauth/token with grant_type=refresh_token for an installed app (§13): client_secret_basic,
// the refresh token's keyed hash, its grant locked and its generation confirmed, the next refresh token
// stored, and an app JWT carrying the installation (`iid`) signed — one transaction per token. Beside
// `oauth-token` (client_credentials, a store app), this gives the token endpoint's cost for both kinds of
// grant: req/s and the server's CPU per token (each request issues one).
//
// Refresh tokens rotate: each in-flight request carries a token no other request holds (a pool, as in
// `refresh`), and the 200 answer's new refresh token goes back into it. Every token is a grant of its own
// (one authorization-code exchange each, made in setup through the consent route, as the console makes
// it), so there are enough for every connection of every run. authorization_code itself is not measured
// here: a code lives 60 s and is single use, so a pool minted in setup would expire during the rounds.
const {
  accountWithStores,
  basicAuthorization,
  consentCode,
  createInstallableApp,
  exchangeCode,
} = require('./support/fixtures');

module.exports = {
  name: 'installed-refresh',
  title: 'POST /v1/auth/oauth/token (refresh_token)',
  order: 42,
  ratioTo: 'live',
  ratioLabel: 'installed-refresh/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-installed@bench.example', 1);
    const app = await createInstallableApp(ctx, token, 'Bench installed app', [
      'store:read',
      'products:read',
    ]);
    const authorization = basicAuthorization(app.clientId, app.clientSecret);
    const count = ctx.connections * (ctx.runs + 1) + 10;
    const pool = [];
    for (let i = 0; i < count; i++) {
      const code = await consentCode(ctx, {
        token,
        app,
        storeId: storeIds[0],
        scope: 'store:read products:read',
        state: `bench-${i}`,
      });
      const pair = await exchangeCode(ctx, app, code);
      pool.push(pair.refresh_token);
    }
    const stats = { rejected: 0, starved: 0 };
    return {
      stats,
      requests: [
        {
          method: 'POST',
          path: '/v1/auth/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
          setupRequest(request) {
            const refresh = pool.pop();
            if (!refresh) stats.starved += 1;
            request.body = `grant_type=refresh_token&refresh_token=${encodeURIComponent(refresh ?? 'exhausted')}`;
            return request;
          },
          onResponse(status, body) {
            if (status !== 200) {
              stats.rejected += 1;
              return;
            }
            pool.push(JSON.parse(body).refresh_token);
          },
        },
      ],
    };
  },
};
