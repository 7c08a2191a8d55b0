'use strict';
// The store list of a large account (200 stores). No target of its own: compare its
// req/s and CPU per request with stores-me-3 in the same run. The setup also shows that the number of
// SQL statements per request does not grow with the number of stores (see queriesPerRequest).
const { setTimeout: sleep } = require('node:timers/promises');
const { accountWithStores, checkStoreList, times } = require('./support/fixtures');

const PROBE_REQUESTS = 200;
// PostgreSQL 15 backends publish their statistics at most once a second, and an idle backend with
// unpublished counts does so after 10 s: wait that long before reading pg_stat_* counters.
const STATS_SETTLE_MS = 10_500;

/** Transactions committed in the bench database and relation scans (seq + index) on its tables. */
async function counters(ctx) {
  const [row] = await ctx.query(
    `SELECT (SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()) AS xacts,
            (SELECT coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0) FROM pg_stat_user_tables) AS scans`,
  );
  return { xacts: Number(row.xacts), scans: Number(row.scans) };
}

/**
 * Statements per `GET /v1/user/stores/@me`, from the database's own counters: every statement the
 * server runs outside a transaction is one committed transaction, and every table read one scan.
 * Sequential requests, nothing else running (setups run one at a time). The counter read itself is
 * one more transaction per window, subtracted.
 */
async function queriesPerRequest(ctx, token, count) {
  const before = await counters(ctx);
  await times(count, () => ctx.expect(200, 'GET', '/v1/user/stores/@me', undefined, { token }), 1);
  await sleep(STATS_SETTLE_MS);
  const after = await counters(ctx);
  return {
    xacts: (after.xacts - before.xacts - 1) / count,
    scans: (after.scans - before.scans) / count,
  };
}

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
      `counting SQL statements per @me request (${(3 * STATS_SETTLE_MS) / 1000} s of waiting for pg_stat)…`,
    );
    const small = await accountWithStores(ctx, 'bench-stores-probe-3@bench.example', 3);
    await sleep(STATS_SETTLE_MS); // the sign-ins and seeding of this and earlier setups settle first
    const three = await queriesPerRequest(ctx, small.token, PROBE_REQUESTS);
    const many = await queriesPerRequest(ctx, token, PROBE_REQUESTS);
    const show = (q) => `${q.xacts.toFixed(2)} statements, ${q.scans.toFixed(2)} table scans`;
    ctx.log(
      `SQL per GET /v1/user/stores/@me (${PROBE_REQUESTS} sequential requests each, from pg_stat_database/pg_stat_user_tables): ` +
        `3 stores → ${show(three)}; 200 stores → ${show(many)}`,
    );

    return {
      method: 'GET',
      path: '/v1/user/stores/@me',
      expectStatus: 200,
      headers: { authorization: `Bearer ${token}` },
    };
  },
};
