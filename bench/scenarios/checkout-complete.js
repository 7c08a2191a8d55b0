'use strict';
// checkoutComplete with a storefront's public token (cart:write), beside orderCreate in the same run
// (contract §15, issue 34: at least 0.8 × orderCreate's req/s; the runner prints server CPU per request
// — per order, since every request places one). The same store shape as order-create: 200 products with
// a stock of 1,000,000 each, so stock never runs out mid-run, one line per order, the product rotating.
//
// A checkout consumes its cart (a completed cart answers its order again, taking nothing — cheaper, and
// not what is measured), so every request needs a cart of its own: they are seeded by SQL before the
// runs, enough for every round at a generous rate; `stats.reusedCarts` says if a run went past them.
const {
  accountWithStores,
  CHECKOUT,
  cartsForRuns,
  checkoutRequests,
  countGraphqlErrors,
  graphqlOnce,
  publicToken,
  reportGraphqlErrors,
  seedProducts,
  SHOPPER_SCOPES,
} = require('./support/fixtures');

const PRODUCTS = 200;
/** The highest checkout rate the seeding plans for (req/s); past it, carts are reused and the stats say so. */
const PLANNED_RATE = 3000;

const stats = {};

/**
 * `count` open carts of the store, each with one line (the products' default variants in turn) and a buyer:
 * their ids and totals. The lines go where this release's cartCreate puts them (`cart_variant_lines`); until
 * issue 42 they went to the previous release's `cart_lines`, so every measured checkout also paid for
 * adopting a legacy line (a DELETE and an INSERT more per order) — a migration path, not a checkout.
 */
async function seedCarts(ctx, storeId, productIds, count) {
  const rows = await ctx.query(
    `WITH c AS (
       INSERT INTO carts (store_id, buyer_email)
       SELECT $1, 'shopper-' || g || '@bench.example' FROM generate_series(1, $2::int) g
       RETURNING id
     ), n AS (SELECT id, row_number() OVER () AS i FROM c),
     l AS (
       INSERT INTO cart_variant_lines (cart_id, variant_id, product_id, quantity, position)
       SELECT n.id, v.id, v.product_id, 1, 0
         FROM n JOIN product_variants v
           ON v.product_id = ($3::uuid[])[1 + ((n.i - 1) % cardinality($3::uuid[]))::int] AND v.position = 0
       RETURNING cart_id, variant_id
     )
     SELECT l.cart_id, v.price_minor FROM l JOIN product_variants v ON v.id = l.variant_id`,
    [storeId, count, productIds],
  );
  await ctx.query('ANALYZE carts');
  await ctx.query('ANALYZE cart_variant_lines');
  return rows.map((r) => ({ id: r.cart_id, total: (Number(r.price_minor) / 100).toFixed(2) }));
}

module.exports = {
  name: 'checkout',
  title: 'GraphQL checkoutComplete (public token)',
  order: 53,
  ratioTo: 'order-create',
  ratioLabel: 'checkout/order-create',
  target: { minRatio: 0.8 },
  async setup(ctx) {
    const onResponse = countGraphqlErrors(stats);
    const { token, storeIds } = await accountWithStores(ctx, 'bench-checkout@bench.example', 1);
    const storeId = storeIds[0];
    const productIds = await seedProducts(ctx, storeId, PRODUCTS, { inventory: 1000000 });
    const shopper = await publicToken(ctx, token, storeId, SHOPPER_SCOPES);
    const count = cartsForRuns(ctx, PLANNED_RATE);
    const started = Date.now();
    const carts = await seedCarts(ctx, storeId, productIds, count);
    ctx.log(`checkout: ${carts.length} carts seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // GraphQL errors answer HTTP 200: check one checkout before measuring (it goes through the cart door).
    const probe = carts.shift();
    const data = await graphqlOnce(ctx, shopper, CHECKOUT, { cartId: probe.id, expectedTotal: probe.total });
    if (data.checkoutComplete?.status !== 'open' || data.checkoutComplete.total.amount !== probe.total) {
      throw new Error(`checkoutComplete answered ${JSON.stringify(data)}`);
    }
    return checkoutRequests(carts, shopper, stats, onResponse);
  },
  teardown: reportGraphqlErrors('checkout', stats),
};
