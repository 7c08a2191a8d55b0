'use strict';
// The storefront's first catalogue page — products(first: 20) through POST
// /v1/storefront/graphql with a public sfp_ token — for a store of 1,000 products.
const { catalogueScenario } = require('./support/catalogue');

module.exports = catalogueScenario({
  size: 1000,
  name: 'products-1k',
  title: 'GraphQL products(first: 20), 1k products',
  order: 50,
  ratioTo: 'live',
  ratioLabel: 'products-1k/live',
  target: { minRatio: 0.04 },
});
