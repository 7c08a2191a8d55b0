'use strict';
// POST /v1/auth/oauth/token, client_credentials with client_secret_basic — Basic decoding,
// the app lookup by client_id, the keyed-hash secret check and signing the app JWT. A slow KDF here
// would cap the endpoint at a few requests per second. Ten apps (of ten stores), one per group of
// connections, as several integrations would be.
const { accountWithStores, appToken, createApp, tokenRequest } = require('./support/fixtures');

const APPS = 10;

module.exports = {
  name: 'oauth-token',
  title: 'POST /v1/auth/oauth/token (basic)',
  order: 40,
  ratioTo: 'live',
  ratioLabel: 'oauth-token/live',
  target: { minRatio: 0.08 },
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-oauth-token@bench.example', APPS);
    const apps = [];
    for (const storeId of storeIds) apps.push(await createApp(ctx, token, storeId, { name: 'Bench token' }));
    // Each app's credentials work before the runs start (a 401 would make every run invalid anyway).
    for (const app of apps) await appToken(ctx, app);
    const requests = apps.map(tokenRequest);
    let next = 0;
    return {
      method: 'POST',
      path: '/v1/auth/oauth/token',
      expectStatus: 200,
      body: requests[0].body,
      headers: requests[0].headers,
      setupClient(client) {
        client.setHeaders(requests[next++ % requests.length].headers);
      },
    };
  },
};
