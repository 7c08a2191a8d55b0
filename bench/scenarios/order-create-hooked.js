'use strict';
// Issue #21: orderCreate with one subscribed webhook endpoint, as a share of orderCreate with none
// (`order-create`, the same mutation on the same server, in the same round). The endpoint (subscribed to
// order.created) is a receiver in this process that answers 204 at once, so every order also costs its
// event's delivery: the outbox rows and job in the order's transaction, and the attempt and its
// bookkeeping on the same instance. Reports how many orders were delivered and commit → first attempt.
const { startReceiver } = require('./support/webhook-bench');
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
let receiver = null;

module.exports = {
  name: 'order-create-hooked',
  title: 'GraphQL orderCreate (app token), one webhook endpoint subscribed to order.created',
  order: 53,
  ratioTo: 'order-create',
  ratioLabel: 'order-create-hooked/order-create',
  target: { minRatio: 0.9 },
  async setup(ctx) {
    receiver = await startReceiver();
    const { token, storeIds } = await accountWithStores(ctx, 'bench-orders-hooked@bench.example', 1);
    const productIds = await seedProducts(ctx, storeIds[0], PRODUCTS, { inventory: 1000000 });
    await ctx.expect(
      201,
      'POST',
      `/v1/user/stores/${storeIds[0]}/webhooks`,
      { url: receiver.url(), events: ['order.created'] },
      { token },
    );
    const app = await createApp(ctx, token, storeIds[0], {
      name: 'Bench checkout (hooked)',
      scopes: ['store:read', 'products:read', 'orders:read', 'orders:write'],
    });
    const access = await appToken(ctx, app);
    const bodies = productIds.map((productId, i) =>
      graphqlBody(ORDER_MUTATION, {
        input: { customerEmail: `buyer-${i}@bench.example`, lines: [{ productId, quantity: 1 }] },
      }),
    );
    const data = await graphqlOnce(ctx, access, ORDER_MUTATION, JSON.parse(bodies[0]).variables);
    if (data.orderCreate?.status !== 'open') throw new Error(`orderCreate answered ${JSON.stringify(data)}`);
    if ((await receiver.waitFor(1, 5000)) === 0) throw new Error('order-create-hooked: no delivery arrived');
    receiver.arrivals.length = 0;
    let next = 0;
    // Read when the runner prints the stats after each run: every order since the start, warm-ups included
    // (a delivery still on its way at that moment shows in the next run's line).
    let orders = 0;
    Object.defineProperties(stats, {
      orders: { enumerable: true, get: () => orders },
      delivered: { enumerable: true, get: () => receiver.firsts().count },
      commitToFirstAttemptMs: { enumerable: true, get: () => receiver.firsts().latency },
    });
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
            if (status === 200) orders++;
            onResponse(status, body, context);
          },
        },
      ],
    };
  },
  async teardown(ctx) {
    receiver?.server.close();
    await reportGraphqlErrors('order-create-hooked', stats)(ctx);
  },
};
