'use strict';
// `order-create-hooked`, but the orders go to an instance with WEBHOOK_DELIVERY=false on the same database:
// it writes each order's delivery in the order's transaction and makes no attempt; the main instance
// (which delivers) claims the deliveries by its poll, as a delivery-only worker would. The CPU line is
// the queue-only instance's: what a subscriber costs an API instance when delivery runs elsewhere. On these
// two cores the worker's CPU is still taken from the same machine, so req/s is not the point here; the
// server CPU per order beside `order-create`'s is.
const { reportGraphqlErrors } = require('./support/fixtures');
const { instance, stopInstance } = require('./support/instance');
const { hookedOrderScenario } = require('./support/orders');
const { startReceiver } = require('./support/webhook-bench');

const stats = {};
let receiver = null;

module.exports = {
  name: 'order-create-offloaded',
  title: 'GraphQL orderCreate, one webhook endpoint, on an instance with WEBHOOK_DELIVERY=false',
  order: 54,
  ratioTo: 'order-create',
  ratioLabel: 'order-create-offloaded/order-create',
  async setup(ctx) {
    receiver = await startReceiver();
    const { server } = await instance(ctx, 'queue-only', { WEBHOOK_DELIVERY: 'false' });
    const spec = await hookedOrderScenario(ctx, {
      name: 'order-create-offloaded',
      email: 'bench-orders-offloaded@bench.example',
      appName: 'Bench checkout (offloaded)',
      stats,
      receiver,
    });
    // The measured orders go to the queue-only instance (the setup's probe order went to the main one).
    return { ...spec, url: server.baseUrl, otherServer: server.pid };
  },
  async teardown(ctx) {
    receiver?.server.close();
    await stopInstance('queue-only');
    await reportGraphqlErrors('order-create-offloaded', stats)(ctx);
  },
};
