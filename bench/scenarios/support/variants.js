'use strict';
// (v1.4) Products with options and variants, and checkout carts whose lines name a variant, seeded in SQL
// as the API stores them (libs/database migration ProductOptionsAndVariants1795890000000): options and
// values by position, each variant naming one value of every option (`option<n>_value_id`), the product
// row following its variants (the migration's triggers set its lowest price and total stock).
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
} = require('./fixtures');

/** Two options, 5 × 2 = 10 variants a product, in position order S/Red, S/Blue, M/Red, … */
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const COLOURS = ['Red', 'Blue'];
const VARIANTS_PER_PRODUCT = SIZES.length * COLOURS.length;

/**
 * `count` products (seedProducts: handles product-1…N, catalogue order oldest first), each with the options
 * Size and Colour and 10 variants in place of its default variant: variant j of product-i is priced
 * 1000 + i + j minor units, has the SKU `P<i>-<size>-<colour>` and `inventory` units. Answers the products'
 * ids in catalogue order and, per product, its variant ids in position order.
 */
async function seedVariantProducts(ctx, storeId, count, { inventory = 1000000 } = {}) {
  const productIds = await seedProducts(ctx, storeId, count, { inventory });
  // Their default variants go first (a statement of its own: position 0 is taken again below).
  await ctx.query(`DELETE FROM product_variants WHERE product_id = ANY($1::uuid[])`, [productIds]);
  await ctx.query(
    `WITH opts AS (
       INSERT INTO product_options (store_id, product_id, position, name)
       SELECT $1, p, o.position, o.name FROM unnest($2::uuid[]) p,
              (VALUES (0, 'Size'), (1, 'Colour')) o(position, name)
       RETURNING id, product_id, position
     ), vals AS (
       INSERT INTO product_option_values (store_id, option_id, position, value)
       SELECT $1, opts.id, v.ord - 1, v.value FROM opts
         CROSS JOIN LATERAL unnest(CASE opts.position WHEN 0 THEN $3::text[] ELSE $4::text[] END)
                    WITH ORDINALITY v(value, ord)
       RETURNING id, option_id, position, value
     ), named AS (
       SELECT opts.product_id, opts.position AS option_position, vals.id, vals.position, vals.value
         FROM vals JOIN opts ON opts.id = vals.option_id
     )
     INSERT INTO product_variants (store_id, product_id, position, option1_value_id, option2_value_id,
                                   price_minor, sku, inventory)
     SELECT $1, s.product_id, s.position * $6::int + c.position, s.id, c.id,
            1000 + substring(p.handle FROM 9)::int + s.position * $6::int + c.position,
            'P' || substring(p.handle FROM 9) || '-' || s.value || '-' || c.value, $5
       FROM named s
       JOIN named c ON c.product_id = s.product_id AND c.option_position = 1
       JOIN products p ON p.id = s.product_id
      WHERE s.option_position = 0`,
    [storeId, productIds, SIZES, COLOURS, inventory, COLOURS.length],
  );
  await ctx.query('ANALYZE product_options');
  await ctx.query('ANALYZE product_option_values');
  await ctx.query('ANALYZE product_variants');
  await ctx.query('ANALYZE products');
  const rows = await ctx.query(
    `SELECT product_id, array_agg(id ORDER BY position) AS ids FROM product_variants
      WHERE product_id = ANY($1::uuid[]) GROUP BY product_id`,
    [productIds],
  );
  const variantIds = new Map(rows.map((r) => [r.product_id, r.ids]));
  for (const id of productIds) {
    if (variantIds.get(id)?.length !== VARIANTS_PER_PRODUCT) {
      throw new Error(`product ${id} has ${variantIds.get(id)?.length ?? 0} variants after seeding`);
    }
  }
  return { productIds, variantIds };
}

/** The default variant of each product (position 0 of a product without options), in the products' order. */
async function defaultVariants(ctx, productIds) {
  const rows = await ctx.query(
    `SELECT product_id, id FROM product_variants WHERE product_id = ANY($1::uuid[]) AND position = 0
        AND option1_value_id IS NULL`,
    [productIds],
  );
  const byProduct = new Map(rows.map((r) => [r.product_id, r.id]));
  return productIds.map((id) => {
    if (!byProduct.has(id)) throw new Error(`product ${id} has no default variant`);
    return byProduct.get(id);
  });
}

/**
 * `count` open carts of the store with a buyer, each with one line of quantity 1 naming a variant (the
 * `variantIds` in turn), in `cart_variant_lines` — as this release writes every cart line, a product's
 * default variant included (`cartLinesAdd({ productId })`). Answers their ids and expected totals (USD).
 */
async function seedVariantCarts(ctx, storeId, variantIds, count) {
  const rows = await ctx.query(
    `WITH c AS (
       INSERT INTO carts (store_id, buyer_email)
       SELECT $1, 'shopper-' || g || '@bench.example' FROM generate_series(1, $2::int) g
       RETURNING id
     ), n AS (SELECT id, row_number() OVER () AS i FROM c),
     picked AS (
       SELECT n.id AS cart_id, v.id AS variant_id, v.product_id, v.price_minor
         FROM n JOIN product_variants v
           ON v.id = ($3::uuid[])[1 + ((n.i - 1) % cardinality($3::uuid[]))::int]
     ), l AS (
       INSERT INTO cart_variant_lines (cart_id, variant_id, product_id, quantity, position)
       SELECT cart_id, variant_id, product_id, 1, 0 FROM picked
     )
     SELECT cart_id, price_minor FROM picked`,
    [storeId, count, variantIds],
  );
  await ctx.query('ANALYZE carts');
  await ctx.query('ANALYZE cart_variant_lines');
  return rows.map((r) => ({ id: r.cart_id, total: (Number(r.price_minor) / 100).toFixed(2) }));
}

/** The checkout scenarios' store: 200 products, a stock of 1,000,000 a variant, one line per order. */
const CHECKOUT_PRODUCTS = 200;
/** The highest checkout rate the seeding plans for (req/s); past it, carts are reused and the stats say so. */
const PLANNED_RATE = 1500;

/**
 * checkoutComplete with a public token (cart:write), every request completing a cart of its own with one
 * line (a checkout consumes its cart): lines naming a product's default variant (`variants: false`, the
 * v1.3 shape: products without options) or one of its 10 variants (`variants: true`), the variants in turn.
 */
function checkoutScenario({ variants, ...definition }) {
  const stats = {};
  return {
    ...definition,
    async setup(ctx) {
      const onResponse = countGraphqlErrors(stats);
      const { token, storeIds } = await accountWithStores(ctx, `bench-${definition.name}@bench.example`, 1);
      const storeId = storeIds[0];
      let lineVariants;
      if (variants) {
        const seeded = await seedVariantProducts(ctx, storeId, CHECKOUT_PRODUCTS);
        // Product by product, then variant by variant: consecutive orders take different products' stock.
        lineVariants = [];
        for (let j = 0; j < VARIANTS_PER_PRODUCT; j++)
          for (const id of seeded.productIds) lineVariants.push(seeded.variantIds.get(id)[j]);
      } else {
        lineVariants = await defaultVariants(ctx, await seedProducts(ctx, storeId, CHECKOUT_PRODUCTS));
      }
      const shopper = await publicToken(ctx, token, storeId, SHOPPER_SCOPES);
      const count = cartsForRuns(ctx, PLANNED_RATE);
      const started = Date.now();
      const carts = await seedVariantCarts(ctx, storeId, lineVariants, count);
      ctx.log(
        `${definition.name}: ${carts.length} carts seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      // GraphQL errors answer HTTP 200: check one checkout before measuring, and what its order line kept.
      const probe = carts.shift();
      const data = await graphqlOnce(ctx, shopper, CHECKOUT, {
        cartId: probe.id,
        expectedTotal: probe.total,
      });
      if (data.checkoutComplete?.status !== 'open' || data.checkoutComplete.total.amount !== probe.total) {
        throw new Error(`checkoutComplete answered ${JSON.stringify(data)}`);
      }
      const [line] = await ctx.query(
        `SELECT l.variant_id, l.title, l.sku FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.store_id = $1`,
        [storeId],
      );
      const expectedTitle = variants ? / \/ [A-Z]+ \/ [A-Za-z]+$/ : /^Product \d+$/;
      if (line?.variant_id !== lineVariants[0] || !expectedTitle.test(line.title ?? '')) {
        throw new Error(`the probe's order line is ${JSON.stringify(line)}`);
      }
      return checkoutRequests(carts, shopper, stats, onResponse);
    },
    teardown: reportGraphqlErrors(definition.name, stats),
  };
}

module.exports = {
  COLOURS,
  SIZES,
  VARIANTS_PER_PRODUCT,
  checkoutScenario,
  defaultVariants,
  seedVariantCarts,
  seedVariantProducts,
};
