'use strict';
// The same GET with If-None-Match: the ETag is checked against the catalogue version the token's own read
// brought, before anything is parsed or executed, so a 304 must cost well under the full answer
// (issue 34: ≥ 2 × its req/s, same run). Also prints bytes on the wire for products(first: 100).
const { storefrontGetScenario } = require('./support/storefront-get');

module.exports = storefrontGetScenario({
  revalidate: true,
  name: 'storefront-get-304',
  title: 'GraphQL GET products(first: 20), 304',
  order: 56,
  ratioTo: 'storefront-get-full',
  ratioLabel: 'storefront-get-304/storefront-get-full',
  target: { minRatio: 2 },
});
