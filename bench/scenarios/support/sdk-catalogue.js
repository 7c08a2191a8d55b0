'use strict';
// app.products.list({ first: 20 }) through the SDK against the very same GraphQL request sent
// with plain fetch, both driven by the same closed loop in this process (so the load generator's cost is
// alike and the ratio shows what the SDK adds: its token cache, headers, JSON and error handling).
// The SDK is the built package (libs/sdk/dist/cjs, from `npm run sdk:pack`), as users get it.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { closedLoop } = require('../../lib/closed-loop');
const { GRAPHQL_PATH, accountWithStores, createApp, graphqlBody, seedProducts } = require('./fixtures');

const ROOT = join(__dirname, '../../..');
const SDK_ENTRY = join(ROOT, 'libs/sdk/dist/cjs/index.js');
const TOKEN_PATH = '/v1/auth/oauth/token';
const PRODUCT_FIELDS =
  'id handle title description price { amount currencyCode } inventory createdAt updatedAt';

/** The built SDK, rebuilt when a source is newer than the build. */
function loadSdk() {
  const src = join(ROOT, 'libs/sdk/src');
  const newest = Math.max(...readdirSync(src).map((f) => statSync(join(src, f)).mtimeMs));
  if (!existsSync(SDK_ENTRY) || statSync(SDK_ENTRY).mtimeMs < newest) {
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-sdk.js')], { cwd: ROOT, stdio: 'pipe' });
  }
  return require(SDK_ENTRY);
}

// One shared fixture for both scenarios: a store of 1,000 products and an app with products:read.
let fixture = null;
async function sharedFixture(ctx) {
  fixture ??= (async () => {
    const { token, storeIds } = await accountWithStores(ctx, 'bench-sdk@bench.example', 1);
    await seedProducts(ctx, storeIds[0], 1000);
    const app = await createApp(ctx, token, storeIds[0], { name: 'Bench SDK', scopes: ['products:read'] });
    return { app };
  })();
  return fixture;
}

function sdkScenario() {
  const stats = { tokenRequests: 0, requests: 0 };
  return {
    name: 'sdk-products',
    title: 'SDK app.products.list({ first: 20 })',
    order: 61,
    ratioTo: 'raw-products',
    ratioLabel: 'sdk-products/raw-products',
    target: { minRatio: 0.9 },
    async setup(ctx) {
      const { AppClient } = loadSdk();
      const { app } = await sharedFixture(ctx);
      const countingFetch = (input, init) => {
        const url = typeof input === 'string' ? input : input.url;
        if (url.endsWith(TOKEN_PATH)) stats.tokenRequests++;
        return globalThis.fetch(input, init);
      };
      const client = new AppClient({
        baseUrl: ctx.baseUrl,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        fetch: countingFetch,
      });
      const page = await client.products.list({ first: 20 });
      if (page.edges.length !== 20 || !page.pageInfo.hasNextPage)
        throw new Error(`products.list answered ${JSON.stringify(page).slice(0, 500)}`);
      return {
        stats,
        run: ({ connections, duration }) =>
          closedLoop(
            async () => {
              const result = await client.products.list({ first: 20 });
              stats.requests++;
              return result.edges.length === 20 ? 200 : 0;
            },
            { connections, duration },
          ),
      };
    },
  };
}

function rawScenario() {
  return {
    name: 'raw-products',
    title: 'fetch: same products(first: 20) request',
    order: 60,
    async setup(ctx) {
      const { app } = await sharedFixture(ctx);
      const tokenAnswer = await ctx.expect(200, 'POST', TOKEN_PATH, {
        grant_type: 'client_credentials',
        client_id: app.clientId,
        client_secret: app.clientSecret,
      });
      // The document and variables the SDK sends (libs/sdk/src/graphql.ts), written out here.
      const query = `query Products($first: Int, $after: String, $query: String) {
          products(first: $first, after: $after, query: $query) {
            edges { cursor node { ${PRODUCT_FIELDS} } } pageInfo { hasNextPage endCursor } } }`;
      const body = graphqlBody(query, { first: 20, after: null, query: null });
      const url = `${ctx.baseUrl}${GRAPHQL_PATH}`;
      const headers = {
        accept: 'application/json',
        authorization: `Bearer ${tokenAnswer.access_token}`,
        'content-type': 'application/json',
      };
      return {
        run: ({ connections, duration }) =>
          closedLoop(
            async () => {
              const res = await globalThis.fetch(url, { method: 'POST', headers, body });
              const data = await res.json();
              return res.status === 200 && data.data?.products?.edges?.length === 20 ? 200 : res.status || 0;
            },
            { connections, duration },
          ),
      };
    },
  };
}

module.exports = { rawScenario, sdkScenario };
