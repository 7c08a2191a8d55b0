'use strict';
// How many SQL statements a request costs, from the database's own counters (pg_stat_statements is not
// loaded on these machines): every statement the server runs outside a transaction is one committed
// transaction in pg_stat_database, and every table read one scan in pg_stat_user_tables.
const { setTimeout: sleep } = require('node:timers/promises');

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
 * Statements and table scans per request of `send()` (one request, which must succeed), over `count`
 * sequential requests with nothing else running (setups run one at a time). Waits for earlier work's
 * counters to settle first. The counter read itself is one more transaction per window, subtracted.
 */
async function statementsPerRequest(ctx, send, count) {
  await sleep(STATS_SETTLE_MS);
  const before = await counters(ctx);
  for (let i = 0; i < count; i++) await send();
  await sleep(STATS_SETTLE_MS);
  const after = await counters(ctx);
  return {
    xacts: (after.xacts - before.xacts - 1) / count,
    scans: (after.scans - before.scans) / count,
  };
}

/** "2.00 statements, 3.00 table scans" */
const showStatements = (q) => `${q.xacts.toFixed(2)} statements, ${q.scans.toFixed(2)} table scans`;

module.exports = { STATS_SETTLE_MS, counters, showStatements, statementsPerRequest };
