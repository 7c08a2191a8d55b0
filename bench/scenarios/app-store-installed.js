'use strict';
// `app-store` with an installed app's access token (`iid`, `gid`): the same GET /v1/app/store, whose
// per-request liveness read is the installed kind's statement (the grant, its installation and the
// app's secret generation, beside the jti probe) instead of the store app's. The app is installed through
// the real consent route and its code exchanged at the token endpoint, as an app does.
const { accountWithStores, consentCode, createInstallableApp, exchangeCode } = require('./support/fixtures');

module.exports = {
  name: 'app-store-installed',
  title: 'GET /v1/app/store (installed app token)',
  order: 42,
  ratioTo: 'live',
  ratioLabel: 'app-store-installed/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-app-installed@bench.example', 1);
    const app = await createInstallableApp(ctx, token, 'Bench installed app', ['store:read']);
    const tokens = await exchangeCode(
      ctx,
      app,
      await consentCode(ctx, { token, app, storeId: storeIds[0], scope: 'store:read' }),
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
