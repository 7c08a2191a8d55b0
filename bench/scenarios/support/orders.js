'use strict';
// The orderCreate scenarios (`order-create` and `order-create-hooked`): an app token (orders:write) on a
// store of 200 products with a large stock; every request orders a different product (rotating), so a
// run measures the write path and not a single row lock. `prepare(ctx, token, storeId)` runs before the
// app is made (the hooked scenario subscribes its endpoint there); `onOrder(status)` sees every answer.
const {
  GRAPHQL_PATH,
  accountWithStores,
  appToken,
  countGraphqlErrors,
  createApp,
  graphqlBody,
  graphqlOnce,
  seedProducts,
} = require('./fixtures');

const PRODUCTS = 200;
const ORDER_MUTATION = `mutation Order($input: OrderCreateInput!) {
  orderCreate(input: $input) { id status total { amount currencyCode } lines { quantity lineTotal { amount } } }
}`;

async function orderScenario(ctx, { email, appName, stats, prepare = async () => {}, onOrder = () => {} }) {
  const onResponse = countGraphqlErrors(stats);
  const { token, storeIds } = await accountWithStores(ctx, email, 1);
  const productIds = await seedProducts(ctx, storeIds[0], PRODUCTS, { inventory: 1000000 });
  await prepare(ctx, token, storeIds[0]);
  const app = await createApp(ctx, token, storeIds[0], {
    name: appName,
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
        onResponse(status, body, context) {
          onOrder(status);
          onResponse(status, body, context);
        },
      },
    ],
  };
}

/**
 * `orderScenario` on a store with one endpoint subscribed to `order.created` (`receiver`, a startReceiver()):
 * fills `stats` with the orders answered, the deliveries that arrived and commit → first attempt, and checks
 * that the setup's probe order was delivered before counting from zero.
 */
async function hookedOrderScenario(ctx, { name, email, appName, stats, receiver }) {
  let orders = 0;
  // Read when the runner prints the stats after each run: every order since the start, warm-ups
  // included (a delivery still on its way at that moment shows in the next run's line).
  Object.defineProperties(stats, {
    orders: { enumerable: true, get: () => orders },
    delivered: { enumerable: true, get: () => receiver.firsts().count },
    commitToFirstAttemptMs: { enumerable: true, get: () => receiver.firsts().latency },
  });
  const spec = await orderScenario(ctx, {
    email,
    appName,
    stats,
    prepare: (c, token, storeId) =>
      c.expect(
        201,
        'POST',
        `/v1/user/stores/${storeId}/webhooks`,
        { url: receiver.url(), events: ['order.created'] },
        { token },
      ),
    onOrder: (status) => {
      if (status === 200) orders++;
    },
  });
  // The probe order of the setup was delivered: the path works end to end. Count from here.
  if ((await receiver.waitFor(1, 5000)) === 0) throw new Error(`${name}: no delivery arrived`);
  receiver.arrivals.length = 0;
  return spec;
}

module.exports = { orderScenario, hookedOrderScenario };
