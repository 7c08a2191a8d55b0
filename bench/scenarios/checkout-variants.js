'use strict';
// (v1.4) checkoutComplete whose cart lines name one of a product's 10 variants (options Size × Colour),
// beside the default-variant checkout in the same run (checkout-variants-default.js): the variant's stock,
// its price and the line's title (`Product 7 / M / Red`) and SKU as sold. Target: at least 0.9 × the
// default-variant checkout's req/s. 200 products × 10 variants, a stock of 1,000,000 each, one line per
// order, consecutive orders naming different products.
const { checkoutScenario } = require('./support/variants');

module.exports = checkoutScenario({
  variants: true,
  name: 'checkout-variants',
  title: 'checkoutComplete, variant lines',
  order: 55,
  ratioTo: 'checkout-variants-default',
  ratioLabel: 'checkout-variants/checkout-variants-default',
  target: { minRatio: 0.9 },
});
