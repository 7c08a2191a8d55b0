'use strict';
// Storefront reads that caches keep (contract v1.3 §15): products(first: 20) by GET with a public token,
// answered in full, or 304 to a revalidation with the ETag of the last answer. The two scenarios run in
// the same bench run, so their req/s compare on the same machine state.
const http = require('node:http');
const { GRAPHQL_PATH, accountWithStores, publicToken, seedProducts } = require('./fixtures');
const { PRODUCTS_QUERY } = require('./catalogue');

const FULL_PAGE = `{ products(first: 100) {
  edges { cursor node { id handle title description price { amount currencyCode } inventory createdAt updatedAt } }
  pageInfo { hasNextPage endCursor } } }`;

const getPath = (query) => `${GRAPHQL_PATH}?query=${encodeURIComponent(query)}`;

/** One GET with node:http (never decompressed for us): status, headers, bytes on the wire. */
function rawGet(baseUrl, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(baseUrl + path, { method: 'GET', headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A scenario: `revalidate` false → every request is answered in full (200, the JSON; no Accept-Encoding,
 * as the POST catalogue scenarios); true → every request carries the ETag and is answered 304.
 */
function storefrontGetScenario({ revalidate, ...definition }) {
  return {
    ...definition,
    async setup(ctx) {
      const email = `bench-storefront-get-${revalidate ? '304' : 'full'}@bench.example`;
      const { token, storeIds } = await accountWithStores(ctx, email, 1);
      await seedProducts(ctx, storeIds[0], 1000);
      const sfp = await publicToken(ctx, token, storeIds[0]);
      const authorization = `Bearer ${sfp}`;
      const path = getPath(PRODUCTS_QUERY);
      const first = await rawGet(ctx.baseUrl, path, { authorization });
      const etag = first.headers.etag;
      if (first.status !== 200 || !etag)
        throw new Error(`GET products(first: 20): ${first.status}, ETag ${etag}`);
      const again = await rawGet(ctx.baseUrl, path, { authorization, 'if-none-match': etag });
      if (again.status !== 304) throw new Error(`revalidation answered ${again.status}, not 304`);
      if (revalidate) {
        // Bytes on the wire for products(first: 100), once (not a timed measure).
        const page = getPath(FULL_PAGE);
        const identity = await rawGet(ctx.baseUrl, page, { authorization, 'accept-encoding': 'identity' });
        const compressed = await rawGet(ctx.baseUrl, page, { authorization, 'accept-encoding': 'br, gzip' });
        const gzip = await rawGet(ctx.baseUrl, page, { authorization, 'accept-encoding': 'gzip' });
        ctx.log(
          `products(first: 100) on the wire: identity ${identity.bytes} B; Accept-Encoding: br, gzip → ` +
            `${compressed.headers['content-encoding']} ${compressed.bytes} B ` +
            `(${((compressed.bytes / identity.bytes) * 100).toFixed(1)} %); gzip only → ${gzip.bytes} B; ` +
            `a 304 revalidation: 0 B of body`,
        );
      }
      return {
        expectStatus: revalidate ? 304 : 200,
        requests: [
          {
            method: 'GET',
            path,
            headers: revalidate ? { authorization, 'if-none-match': etag } : { authorization },
          },
        ],
      };
    },
  };
}

module.exports = { storefrontGetScenario };
