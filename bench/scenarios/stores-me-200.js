'use strict';
// The store list of a large account (200 stores). No target of its own: compare its
// req/s and CPU per request with stores-me-3 in the same run. The setup also shows that the number of
// SQL statements per request does not grow with the number of stores (see queriesPerRequest).
const { accountWithStores, checkStoreList } = require('./support/fixtures');
const { STATS_SETTLE_MS, showStatements, statementsPerRequest } = require('./support/statements');

const PROBE_REQUESTS = 200;

/** Statements per `GET /v1/user/stores/@me` of the account (support/statements.js). */
const queriesPerRequest = (ctx, token, count) =>
  statementsPerRequest(ctx, () => ctx.expect(200, 'GET', '/v1/user/stores/@me', undefined, { token }), count);

module.exports = {
  name: 'stores-me-200',
  title: 'GET /v1/user/stores/@me (200 stores)',
  order: 31,
  ratioTo: 'live',
  ratioLabel: 'stores-me-200/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-stores-200@bench.example', 200);
    const list = await ctx.expect(200, 'GET', '/v1/user/stores/@me', undefined, { token });
    checkStoreList(list, storeIds);

    // The statement count per request, for 3 stores and for 200 (constant, not one per store).
    ctx.log(
      `counting SQL statements per @me request (${(4 * STATS_SETTLE_MS) / 1000} s of waiting for pg_stat)…`,
    );
    const small = await accountWithStores(ctx, 'bench-stores-probe-3@bench.example', 3);
    const three = await queriesPerRequest(ctx, small.token, PROBE_REQUESTS);
    const many = await queriesPerRequest(ctx, token, PROBE_REQUESTS);
    ctx.log(
      `SQL per GET /v1/user/stores/@me (${PROBE_REQUESTS} sequential requests each, from pg_stat_database/pg_stat_user_tables): ` +
        `3 stores → ${showStatements(three)}; 200 stores → ${showStatements(many)}`,
    );

    return {
      method: 'GET',
      path: '/v1/user/stores/@me',
      expectStatus: 200,
      headers: { authorization: `Bearer ${token}` },
    };
  },
};
