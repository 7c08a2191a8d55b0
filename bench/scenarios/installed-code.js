'use strict';
// POST /v1/auth/oauth/token with grant_type=authorization_code for an installed app (§13): client_secret_basic,
// the code taken by one conditional UPDATE, its redirect URI and PKCE verifier checked, a grant and the first
// refresh token written, and an app JWT carrying the installation signed — one transaction per token.
// Beside `oauth-token` (client_credentials) and `installed-refresh` (refresh_token), the token endpoint's
// cost for every grant it serves: req/s and the server's CPU per token.
//
// A code is single use and lives 60 s, so a pool minted through the consent route in setup would expire
// during the rounds. The app is installed through the real consent route once; the pool's codes are then
// written by SQL exactly as that route writes them (the keyed hash of each code, its redirect URI and
// S256 challenge), except that they expire in an hour instead of 60 s — the exchange does the same work
// either way. Every request takes a code no other request holds.
const { Buffer } = require('node:buffer');
const crypto = require('node:crypto');
const { URLSearchParams } = require('node:url');
const {
  INSTALLED_APP_REDIRECT: REDIRECT,
  accountWithStores,
  basicAuthorization,
  consentCode,
  createInstallableApp,
} = require('./support/fixtures');
const CODE_PURPOSE = 'app_authorization_code'; // libs/apps/src/oauth/authorization.service.ts
// Enough codes for every run at up to this many tokens a second (a run that runs out says so: non-200s).
const MAX_RATE = 1500;

module.exports = {
  name: 'installed-code',
  title: 'POST /v1/auth/oauth/token (authorization_code)',
  order: 43,
  ratioTo: 'live',
  ratioLabel: 'installed-code/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-installed-code@bench.example', 1);
    const app = await createInstallableApp(ctx, token, 'Bench code app', ['store:read', 'products:read']);
    const authorization = basicAuthorization(app.clientId, app.clientSecret);
    // The installation, through the console's consent route; its code shows the row every code has.
    const {
      code: first,
      verifier,
      challenge,
    } = await consentCode(ctx, {
      token,
      app,
      storeId: storeIds[0],
      scope: 'store:read products:read',
    });
    const pepper = ctx.serverEnv.OTP_PEPPER;
    const hash = (code) =>
      crypto
        .createHmac('sha256', Buffer.from(pepper, 'utf8'))
        .update(CODE_PURPOSE)
        .update('\0')
        .update(code)
        .digest('hex');
    const [template] = await ctx.query(
      `SELECT app_id, store_id, account_id, installation_id, scopes FROM app_authorization_codes WHERE code_hash = $1`,
      [hash(first)],
    );
    if (!template) throw new Error('the consent route wrote no code under the expected hash');

    const { duration, warmup } = ctx;
    const count = (ctx.runs + 2) * (duration + warmup) * MAX_RATE;
    const pool = [];
    for (let i = 0; i < count; i++) pool.push(crypto.randomBytes(32).toString('base64url'));
    for (let i = 0; i < pool.length; i += 20000) {
      const chunk = pool.slice(i, i + 20000);
      await ctx.query(
        `INSERT INTO app_authorization_codes
           (code_hash, app_id, store_id, account_id, installation_id, redirect_uri, code_challenge, scopes, expires_at)
         SELECT h, $2, $3, $4, $5, $6, $7, $8, now() + interval '1 hour' FROM unnest($1::text[]) h`,
        [
          chunk.map(hash),
          template.app_id,
          template.store_id,
          template.account_id,
          template.installation_id,
          REDIRECT,
          challenge,
          template.scopes,
        ],
      );
    }
    ctx.log(`installed-code: ${pool.length} codes written`);
    const stats = { starved: 0 };
    return {
      stats,
      requests: [
        {
          method: 'POST',
          path: '/v1/auth/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
          setupRequest(request) {
            const code = pool.pop();
            if (!code) stats.starved += 1;
            request.body = new URLSearchParams({
              grant_type: 'authorization_code',
              code: code ?? 'exhausted',
              redirect_uri: REDIRECT,
              code_verifier: verifier,
            }).toString();
            return request;
          },
        },
      ],
    };
  },
};
