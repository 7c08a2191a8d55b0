'use strict';
// (v1.4) The storefront's catalogue page with its variants — products(first: 20) { variants(first: 10) }
// through POST /v1/storefront/graphql with a public sfp_ token — for a store of 20 products × 10 variants
// (options Size × Colour, seeded in SQL: support/variants.js). The variants of the whole page are one
// DataLoader batch, so one SQL statement whatever the page's size: the setup counts the statements per
// request of this query and of the same page without `variants` (pg_stat_database; ~45 s of waiting) and
// prints both and their difference, the variants level's own statements.
const {
  GRAPHQL_PATH,
  accountWithStores,
  countGraphqlErrors,
  graphqlBody,
  graphqlOnce,
  publicToken,
  reportGraphqlErrors,
} = require('./support/fixtures');
const { showStatements, statementsPerRequest } = require('./support/statements');
const { VARIANTS_PER_PRODUCT, seedVariantProducts } = require('./support/variants');

const PRODUCTS = 20;
const PROBE_REQUESTS = 100;

const PAGE = (variants) => `query Catalogue {
  products(first: 20) {
    edges { cursor node { id handle title price { amount currencyCode } inventory${
      variants
        ? `
      variants(first: 10) { edges { node { id title sku price { amount currencyCode } inventory available
        selectedOptions { name value } } } pageInfo { hasNextPage } }`
        : ''
    } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const WITH_VARIANTS = PAGE(true);
const WITHOUT_VARIANTS = PAGE(false);

const stats = {};

module.exports = {
  name: 'products-variants',
  title: 'GraphQL products(20) { variants(10) }',
  order: 51,
  // The same page without its variants (on a larger store: the keyset makes its size irrelevant).
  ratioTo: 'products-1k',
  ratioLabel: 'products-variants/products-1k',
  async setup(ctx) {
    const onResponse = countGraphqlErrors(stats);
    const { token, storeIds } = await accountWithStores(ctx, 'bench-products-variants@bench.example', 1);
    const { productIds } = await seedVariantProducts(ctx, storeIds[0], PRODUCTS);
    const sfp = await publicToken(ctx, token, storeIds[0]);
    // GraphQL errors answer HTTP 200: check the answer itself once before measuring.
    const data = await graphqlOnce(ctx, sfp, WITH_VARIANTS);
    const edges = data.products?.edges ?? [];
    const first = edges[0]?.node;
    const variants = first?.variants?.edges ?? [];
    if (
      edges.length !== PRODUCTS ||
      first.id !== productIds[0] ||
      !edges.every((e) => e.node.variants.edges.length === VARIANTS_PER_PRODUCT) ||
      variants[0].node.title !== 'S / Red' ||
      variants[9].node.selectedOptions.map((o) => `${o.name}=${o.value}`).join(',') !== 'Size=XXL,Colour=Blue'
    ) {
      throw new Error(`products { variants } answered ${JSON.stringify(data).slice(0, 1500)}`);
    }

    ctx.log('counting SQL statements per request of the page with and without its variants…');
    const withVariants = await statementsPerRequest(
      ctx,
      () => graphqlOnce(ctx, sfp, WITH_VARIANTS),
      PROBE_REQUESTS,
    );
    const without = await statementsPerRequest(
      ctx,
      () => graphqlOnce(ctx, sfp, WITHOUT_VARIANTS),
      PROBE_REQUESTS,
    );
    stats.statements = {
      withVariants: withVariants.xacts,
      withoutVariants: without.xacts,
      variantsLevel: withVariants.xacts - without.xacts,
    };
    ctx.log(
      `statements per request (${PROBE_REQUESTS} sequential requests each, pg_stat_database): ` +
        `with variants → ${showStatements(withVariants)}; without → ${showStatements(without)}; ` +
        `the variants level: ${(withVariants.xacts - without.xacts).toFixed(2)} statement(s) for ${PRODUCTS} products`,
    );

    return {
      stats,
      expectStatus: 200,
      requests: [
        {
          method: 'POST',
          path: GRAPHQL_PATH,
          headers: { authorization: `Bearer ${sfp}`, 'content-type': 'application/json' },
          body: graphqlBody(WITH_VARIANTS),
          onResponse,
        },
      ],
    };
  },
  teardown: reportGraphqlErrors('products-variants', stats),
};
