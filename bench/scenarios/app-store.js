'use strict';
// A request authenticated by an app access token — the AccessGuard verifies the `typ: app`
// JWT and asks the apps context's resolver whether the app (and the token) is still alive, then
// GET /v1/app/store reads the token's store.
const { accountWithStores, appToken, createApp } = require('./support/fixtures');

module.exports = {
  name: 'app-store',
  title: 'GET /v1/app/store (app token)',
  order: 41,
  ratioTo: 'live',
  ratioLabel: 'app-store/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-app-store@bench.example', 1);
    const app = await createApp(ctx, token, storeIds[0], { name: 'Bench app token', scopes: ['store:read'] });
    const access = await appToken(ctx, app);
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
