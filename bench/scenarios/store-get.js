'use strict';
// One store by id — the guard's token check with the caller's membership read in the same statement,
// then the store's row, mapped. A session per connection, each with a store of its own (50 accounts, as
// 50 people would be, not one hot row). The setup also counts the SQL statements per request of this
// route and of /v1/auth/me (pg_stat_database; ~45 s of waiting), printed as `statements per request`.
const { accountWithStores } = require('./support/fixtures');
const { showStatements, statementsPerRequest } = require('./support/statements');

const PROBE_REQUESTS = 200;

module.exports = {
  name: 'store-get',
  title: 'GET /v1/user/stores/:id (a store per connection)',
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

    let next = 0;
    return {
      method: 'GET',
      path: `/v1/user/stores/${first.storeIds[0]}`,
      expectStatus: 200,
      // Each connection is one account reading its own store.
      setupClient(client) {
        const account = accounts[next++ % accounts.length];
        client.setRequest({
          method: 'GET',
          path: `/v1/user/stores/${account.storeIds[0]}`,
          headers: { authorization: `Bearer ${account.token}` },
        });
      },
    };
  },
};
