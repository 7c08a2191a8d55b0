'use strict';
// orderCreate with one subscribed webhook endpoint, as a share of orderCreate with none (`order-create`,
// the same mutation on the same server, in the same round). The endpoint (subscribed to order.created) is
// a receiver in this process that answers 204 at once, so every order also costs its event's delivery:
// the delivery row and job in the order's transaction, and the attempt and its bookkeeping on the same
// instance. Also reports how many orders were delivered, and commit → first attempt.
const { reportGraphqlErrors } = require('./support/fixtures');
const { orderScenario } = require('./support/orders');
const { startReceiver } = require('./support/webhook-bench');

const stats = {};
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
    let orders = 0;
    // Read when the runner prints the stats after each run: every order since the start, warm-ups
    // included (a delivery still on its way at that moment shows in the next run's line).
    Object.defineProperties(stats, {
      orders: { enumerable: true, get: () => orders },
      delivered: { enumerable: true, get: () => receiver.firsts().count },
      commitToFirstAttemptMs: { enumerable: true, get: () => receiver.firsts().latency },
    });
    const spec = await orderScenario(ctx, {
      email: 'bench-orders-hooked@bench.example',
      appName: 'Bench checkout (hooked)',
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
    if ((await receiver.waitFor(1, 5000)) === 0) throw new Error('order-create-hooked: no delivery arrived');
    receiver.arrivals.length = 0;
    return spec;
  },
  async teardown(ctx) {
    receiver?.server.close();
    await reportGraphqlErrors('order-create-hooked', stats)(ctx);
  },
};
