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
const crypto = require('node:crypto');
const { URL, URLSearchParams } = require('node:url');
const { accountWithStores, basicAuthorization } = require('./support/fixtures');

const REDIRECT = 'https://bench-app.example/callback';

module.exports = {
  name: 'installed-refresh',
  title: 'POST /v1/auth/oauth/token (refresh_token)',
  order: 42,
  ratioTo: 'live',
  ratioLabel: 'installed-refresh/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-installed@bench.example', 1);
    const app = await ctx.expect(
      201,
      'POST',
      '/v1/user/apps',
      { name: 'Bench installed app', redirectUris: [REDIRECT], scopes: ['store:read', 'products:read'] },
      { token },
    );
    const authorization = basicAuthorization(app.clientId, app.clientSecret);
    const count = ctx.connections * (ctx.runs + 1) + 10;
    const pool = [];
    for (let i = 0; i < count; i++) {
      const verifier = crypto.randomBytes(32).toString('base64url');
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      const consent = await ctx.expect(
        200,
        'POST',
        '/v1/user/oauth/consent',
        {
          clientId: app.clientId,
          redirectUri: REDIRECT,
          scope: 'store:read products:read',
          state: `bench-${i}`,
          codeChallenge: challenge,
          codeChallengeMethod: 'S256',
          storeId: storeIds[0],
          decision: 'allow',
        },
        { token },
      );
      const code = new URL(consent.redirectTo).searchParams.get('code');
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }).toString();
      const pair = await ctx.expect(200, 'POST', '/v1/auth/oauth/token', body, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      });
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
