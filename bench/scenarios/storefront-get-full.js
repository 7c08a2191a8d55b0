'use strict';
// products(first: 20) by GET /v1/storefront/graphql with a public token, answered in full (200 + ETag):
// the baseline of storefront-get-304.
const { storefrontGetScenario } = require('./support/storefront-get');

module.exports = storefrontGetScenario({
  revalidate: false,
  name: 'storefront-get-full',
  title: 'GraphQL GET products(first: 20), full',
  order: 55,
  ratioTo: 'live',
  ratioLabel: 'storefront-get-full/live',
});
