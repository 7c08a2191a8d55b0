'use strict';
// products(first: 20) for a store of 20,000 products, against the 1,000-product store of
// products-1k in the same round: pagination cost must not grow with the catalogue. The target is
// "within 1.2× the latency": both run closed-loop with the same connections, so mean latency =
// connections / throughput (Little's law), and latency ≤ 1.2× is req/s ≥ 1/1.2 = 83.3 % of
// products-1k's — which is what this ratio checks. (Compare the p99s in the summary as well.)
const { catalogueScenario } = require('./support/catalogue');

module.exports = catalogueScenario({
  size: 20000,
  name: 'products-20k',
  title: 'GraphQL products(first: 20), 20k products',
  order: 51,
  ratioTo: 'products-1k',
  ratioLabel: 'products-20k/products-1k (≥ 83.3 % ⇔ latency ≤ 1.2×)',
  target: { minRatio: 1 / 1.2 },
});
