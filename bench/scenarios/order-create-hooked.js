'use strict';
// orderCreate with one subscribed webhook endpoint, as a share of orderCreate with none (`order-create`,
// the same mutation on the same server, in the same round). The endpoint (subscribed to order.created) is
// a receiver in this process that answers 204 at once, so every order also costs its event's delivery:
// the delivery row in the order's transaction, and the attempt and its booking on the same instance. Also
// reports how many orders were delivered, and commit → first attempt. Information only: its old target (≥ 90 %
// of order-create) was retired — on two shared cores it measured the receiver and PostgreSQL sharing them
// with the server, not the API's capacity.
const { reportGraphqlErrors } = require('./support/fixtures');
const { hookedOrderScenario } = require('./support/orders');
const { startReceiver } = require('./support/webhook-bench');

const stats = {};
let receiver = null;

module.exports = {
  name: 'order-create-hooked',
  title: 'GraphQL orderCreate (app token), one webhook endpoint subscribed to order.created',
  order: 53,
  ratioTo: 'order-create',
  ratioLabel: 'order-create-hooked/order-create',
  async setup(ctx) {
    receiver = await startReceiver();
    return hookedOrderScenario(ctx, {
      name: 'order-create-hooked',
      email: 'bench-orders-hooked@bench.example',
      appName: 'Bench checkout (hooked)',
      stats,
      receiver,
    });
  },
  async teardown(ctx) {
    receiver?.server.close();
    await reportGraphqlErrors('order-create-hooked', stats)(ctx);
  },
};
