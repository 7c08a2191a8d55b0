'use strict';
// The store list of a typical account (3 stores) — the guard's token checks plus one
// indexed read of the caller's stores, mapped to the contract's store objects.
const { accountWithStores, checkStoreList } = require('./support/fixtures');

module.exports = {
  name: 'stores-me-3',
  title: 'GET /v1/user/stores/@me (3 stores)',
  order: 30,
  ratioTo: 'live',
  ratioLabel: 'stores-me-3/live',
  target: { minRatio: 0.08 },
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-stores-3@bench.example', 3);
    const list = await ctx.expect(200, 'GET', '/v1/user/stores/@me', undefined, { token });
    checkStoreList(list, storeIds);
    return {
      method: 'GET',
      path: '/v1/user/stores/@me',
      expectStatus: 200,
      headers: { authorization: `Bearer ${token}` },
    };
  },
};
