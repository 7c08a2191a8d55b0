'use strict';
// The storefront catalogue scenarios (products(first: 20) with a public token), for
// catalogues of different sizes: one scenario definition per size, built here.
const {
  GRAPHQL_PATH,
  accountWithStores,
  countGraphqlErrors,
  graphqlBody,
  graphqlOnce,
  publicToken,
  reportGraphqlErrors,
  seedProducts,
} = require('./fixtures');

const PRODUCTS_QUERY = `query Catalogue {
  products(first: 20) {
    edges { cursor node { id handle title price { amount currencyCode } inventory } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** A scenario: the first catalogue page of a store with `size` products, read with a public token. */
function catalogueScenario({ size, ...definition }) {
  const stats = {};
  const onResponse = countGraphqlErrors(stats);
  return {
    ...definition,
    async setup(ctx) {
      const email = `bench-catalogue-${size}@bench.example`;
      const { token, storeIds } = await accountWithStores(ctx, email, 1);
      const productIds = await seedProducts(ctx, storeIds[0], size);
      const sfp = await publicToken(ctx, token, storeIds[0]);
      // GraphQL errors answer HTTP 200: check the answer itself once before measuring.
      const data = await graphqlOnce(ctx, sfp, PRODUCTS_QUERY);
      const edges = data.products?.edges ?? [];
      if (
        edges.length !== 20 ||
        edges[0].node.id !== productIds[0] ||
        edges[0].node.handle !== `product-${size}` ||
        !data.products.pageInfo.hasNextPage
      ) {
        throw new Error(`products(first: 20) answered ${JSON.stringify(data).slice(0, 1000)}`);
      }
      return {
        stats,
        expectStatus: 200,
        requests: [
          {
            method: 'POST',
            path: GRAPHQL_PATH,
            headers: { authorization: `Bearer ${sfp}`, 'content-type': 'application/json' },
            body: graphqlBody(PRODUCTS_QUERY),
            onResponse,
          },
        ],
      };
    },
    teardown: reportGraphqlErrors(definition.name, stats),
  };
}

module.exports = { PRODUCTS_QUERY, catalogueScenario };
