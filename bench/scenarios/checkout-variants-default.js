'use strict';
// (v1.4) checkoutComplete whose cart lines name a product's default variant — the v1.3 shape (products
// without options, `cartLinesAdd({ productId })`) on this release — as the baseline of checkout-variants.
// 200 products, a stock of 1,000,000 each, one line per order, the product rotating; every request
// completes a cart of its own, seeded by SQL (support/variants.js).
const { checkoutScenario } = require('./support/variants');

module.exports = checkoutScenario({
  variants: false,
  name: 'checkout-variants-default',
  title: 'checkoutComplete, default-variant lines',
  order: 54,
});
