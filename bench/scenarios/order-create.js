'use strict';
// Issue #5: the orderCreate mutation with an app token (orders:write) — pricing from the catalogue
// and taking the stock in one transaction. 200 products with a large stock; every request orders a
// different product (rotating), so the run measures the write path and not a single row lock.
const {
  GRAPHQL_PATH,
  accountWithStores,
  appToken,
  countGraphqlErrors,
  createApp,
  graphqlBody,
  graphqlOnce,
  reportGraphqlErrors,
  seedProducts,
} = require('./support/fixtures');

const PRODUCTS = 200;
const ORDER_MUTATION = `mutation Order($input: OrderCreateInput!) {
  orderCreate(input: $input) { id status total { amount currencyCode } lines { quantity lineTotal { amount } } }
}`;
const stats = {};
const onResponse = countGraphqlErrors(stats);

module.exports = {
  name: 'order-create',
  title: 'GraphQL orderCreate (app token)',
  order: 52,
  ratioTo: 'live',
  ratioLabel: 'order-create/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-orders@bench.example', 1);
    const productIds = await seedProducts(ctx, storeIds[0], PRODUCTS, { inventory: 1000000 });
    const app = await createApp(ctx, token, storeIds[0], {
      name: 'Bench checkout',
      scopes: ['store:read', 'products:read', 'orders:read', 'orders:write'],
    });
    const access = await appToken(ctx, app);
    const bodies = productIds.map((productId, i) =>
      graphqlBody(ORDER_MUTATION, {
        input: { customerEmail: `buyer-${i}@bench.example`, lines: [{ productId, quantity: 1 }] },
      }),
    );
    // GraphQL errors answer HTTP 200: check one order before measuring (product-200, priced 1200 minor units).
    const data = await graphqlOnce(ctx, access, ORDER_MUTATION, JSON.parse(bodies[0]).variables);
    if (data.orderCreate?.status !== 'open' || data.orderCreate.total.amount !== '12.00') {
      throw new Error(`orderCreate answered ${JSON.stringify(data)}`);
    }
    let next = 0;
    return {
      stats,
      expectStatus: 200,
      requests: [
        {
          method: 'POST',
          path: GRAPHQL_PATH,
          headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
          setupRequest(request) {
            request.body = bodies[next++ % bodies.length];
            return request;
          },
          onResponse,
        },
      ],
    };
  },
  teardown: reportGraphqlErrors('order-create', stats),
};
