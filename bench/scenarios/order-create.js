'use strict';
// The orderCreate mutation with an app token (orders:write): pricing from the catalogue and taking the
// stock in one transaction (bench/scenarios/support/orders.js).
const { reportGraphqlErrors } = require('./support/fixtures');
const { orderScenario } = require('./support/orders');

const stats = {};

module.exports = {
  name: 'order-create',
  title: 'GraphQL orderCreate (app token)',
  order: 52,
  ratioTo: 'live',
  ratioLabel: 'order-create/live',
  setup: (ctx) =>
    orderScenario(ctx, { email: 'bench-orders@bench.example', appName: 'Bench checkout', stats }),
  teardown: reportGraphqlErrors('order-create', stats),
};
