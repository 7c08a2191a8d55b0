'use strict';
// One store by id — the guard's token check with the caller's membership read in the same statement,
// then the store's row, mapped. 50 accounts, each with a store of its own, taken in turn (as 50 people
// would be, not one hot row). The setup also counts the SQL statements per request of this
// route and of /v1/auth/me (pg_stat_database; ~45 s of waiting), printed as `statements per request`.
const { accountWithStores } = require('./support/fixtures');
const { showStatements, statementsPerRequest } = require('./support/statements');

const PROBE_REQUESTS = 200;

module.exports = {
  name: 'store-get',
  title: 'GET /v1/user/stores/:id (50 accounts, each its own store)',
  order: 29,
  ratioTo: 'live',
  ratioLabel: 'store-get/live',
  async setup(ctx) {
    const accounts = [];
    for (let i = 0; i < ctx.connections; i++) {
      accounts.push(await accountWithStores(ctx, `bench-store-get-${i}@bench.example`, 1));
    }
    const probe = await ctx.expect(200, 'GET', `/v1/user/stores/${accounts[0].storeIds[0]}`, undefined, {
      token: accounts[0].token,
    });
    if (probe.id !== accounts[0].storeIds[0]) {
      throw new Error(`GET /v1/user/stores/:id answered ${JSON.stringify(probe).slice(0, 500)}`);
    }

    ctx.log('counting SQL statements per request of GET /v1/user/stores/:id and GET /v1/auth/me…');
    const [first] = accounts;
    const storeGet = await statementsPerRequest(
      ctx,
      () => ctx.expect(200, 'GET', `/v1/user/stores/${first.storeIds[0]}`, undefined, { token: first.token }),
      PROBE_REQUESTS,
    );
    const me = await statementsPerRequest(
      ctx,
      () => ctx.expect(200, 'GET', '/v1/auth/me', undefined, { token: first.token }),
      PROBE_REQUESTS,
    );
    ctx.log(
      `statements per request (${PROBE_REQUESTS} sequential requests each, pg_stat_database/pg_stat_user_tables): ` +
        `GET /v1/user/stores/:id → ${showStatements(storeGet)}; GET /v1/auth/me → ${showStatements(me)}`,
    );

    // 50 accounts, each reading its own store, taken in turn (not one hot session or store row).
    let next = 0;
    return {
      expectStatus: 200,
      requests: [
        {
          method: 'GET',
          setupRequest(request) {
            const account = accounts[next++ % accounts.length];
            request.path = `/v1/user/stores/${account.storeIds[0]}`;
            request.headers = { ...request.headers, authorization: `Bearer ${account.token}` };
            return request;
          },
        },
      ],
    };
  },
};
