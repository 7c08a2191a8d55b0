'use strict';
// Shared setup steps of the scenarios: stores, OAuth apps, app and public tokens, seeded
// catalogues and GraphQL probes. Lives in a subfolder so the runner (which loads bench/scenarios/*.js)
// does not take it for a scenario. Everything goes through the real API except bulk product rows.
const { Buffer } = require('node:buffer');
const crypto = require('node:crypto');
const { URL, URLSearchParams } = require('node:url');

const GRAPHQL_PATH = '/v1/storefront/graphql';

/** application/x-www-form-urlencoded serialisation of one value (RFC 6749 Appendix B). */
const formEncode = (value) => new URLSearchParams({ v: value }).toString().slice(2);

/** `Authorization: Basic …` for client_secret_basic: id and secret form-urlencoded, then base64 (RFC 6749 §2.3.1). */
function basicAuthorization(clientId, clientSecret) {
  const pair = `${formEncode(clientId)}:${formEncode(clientSecret)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/** Runs `task(i)` for i in [0, count), `concurrency` at a time; answers the results in order. */
async function times(count, task, concurrency = 8) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** Stage-1 stores through the API (`POST /v1/user/stores/onboarding/stage1`) → their ids, oldest first. */
async function createStores(ctx, token, count, { prefix = 'Bench store' } = {}) {
  const stores = await times(count, (i) =>
    ctx.expect(
      201,
      'POST',
      '/v1/user/stores/onboarding/stage1',
      { name: `${prefix} ${i + 1}`, description: `Seeded by npm run bench (${i + 1} of ${count}).` },
      { token },
    ),
  );
  return stores.map((s) => s.id);
}

/**
 * Throws unless `list` (the answer of GET /v1/user/stores/@me) holds exactly these stores, oldest
 * first. (They were created a few at a time, so their creation order is not the order of `storeIds`.)
 */
function checkStoreList(list, storeIds) {
  const ids = Array.isArray(list) ? list.map((s) => s.id) : [];
  const sorted = ids.every((_, i) => i === 0 || list[i - 1].createdAt <= list[i].createdAt);
  if (ids.length !== storeIds.length || !sorted || ids.some((id) => !storeIds.includes(id))) {
    throw new Error(
      `GET /v1/user/stores/@me answered ${ids.length} stores (expected ${storeIds.length}, oldest first): ` +
        JSON.stringify(list).slice(0, 500),
    );
  }
}

/** A signed-in account with `stores` stage-1 stores → `{ token, storeIds }`. */
async function accountWithStores(ctx, email, stores = 1) {
  const { access_token: token } = await ctx.signIn(email);
  const storeIds = await createStores(ctx, token, stores);
  return { token, storeIds };
}

/** `POST /v1/user/stores/oauth/apps` → `{ id, clientId, clientSecret, scopes, … }` (scopes default to all). */
function createApp(ctx, token, storeId, { name = 'Bench app', scopes } = {}) {
  return ctx.expect(
    201,
    'POST',
    '/v1/user/stores/oauth/apps',
    { storeId, name, ...(scopes ? { scopes } : {}) },
    { token },
  );
}

/** The form body and headers of a client_credentials request with client_secret_basic. */
function tokenRequest(app) {
  return {
    body: 'grant_type=client_credentials',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basicAuthorization(app.clientId, app.clientSecret),
    },
  };
}

/** An app access token from `POST /v1/auth/oauth/token` (client_secret_basic). */
async function appToken(ctx, app) {
  const { body, headers } = tokenRequest(app);
  const answer = await ctx.expect(200, 'POST', '/v1/auth/oauth/token', body, { headers });
  if (!answer || answer.token_type !== 'Bearer' || !answer.access_token) {
    throw new Error(`the token endpoint answered ${JSON.stringify(answer)}`);
  }
  return answer.access_token;
}

/** A public `sfp_` token of the store (`POST /v1/user/stores/:id/public-tokens`). */
async function publicToken(ctx, token, storeId, scopes) {
  const answer = await ctx.expect(
    201,
    'POST',
    `/v1/user/stores/${storeId}/public-tokens`,
    { name: 'Bench storefront', ...(scopes ? { scopes } : {}) },
    { token },
  );
  return answer.token;
}

/** A shopper's token: the default scopes and `cart:write`. */
const SHOPPER_SCOPES = ['store:read', 'products:read', 'cart:write'];

/** How many carts a checkout scenario seeds: every run (warm-up included) at `rate`, and a margin. */
function cartsForRuns(ctx, rate) {
  const { duration, warmup, rounds, warmupRound } = ctx;
  return Math.ceil(rate * (duration + warmup) * (rounds + (warmupRound ? 1 : 0))) + 1000;
}

/**
 * `count` products in one INSERT … SELECT (handles product-1…N, product-1 the newest, product-i priced
 * 1000 + i minor units), then ANALYZE so the planner knows the table's size before the measured runs.
 * Answers their ids in catalogue order (oldest first: product-N … product-1).
 */
async function seedProducts(ctx, storeId, count, { inventory = 1000000 } = {}) {
  await ctx.query(
    `INSERT INTO products (store_id, handle, title, price_minor, currency_code, inventory, created_at)
     SELECT $1, 'product-' || g, 'Product ' || g, 1000 + g, 'USD', $3, now() - (g || ' s')::interval
     FROM generate_series(1, $2::int) g`,
    [storeId, count, inventory],
  );
  await ctx.query('ANALYZE products');
  const rows = await ctx.query(
    `SELECT id FROM products WHERE store_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [storeId],
  );
  return rows.map((r) => r.id);
}

/** The JSON body of a GraphQL request. */
const graphqlBody = (query, variables) => JSON.stringify(variables ? { query, variables } : { query });

/**
 * One GraphQL request that must succeed: GraphQL errors come back with HTTP 200, so the answer's
 * `errors` are checked here and fail the setup loudly.
 */
async function graphqlOnce(ctx, token, query, variables) {
  const response = await ctx.post(GRAPHQL_PATH, graphqlBody(query, variables), {
    token,
    headers: { 'content-type': 'application/json' },
  });
  if (response.status !== 200 || !response.body || response.body.errors || !response.body.data) {
    throw new Error(`POST ${GRAPHQL_PATH}: ${response.status} ${response.text.slice(0, 2000)}`);
  }
  return response.body.data;
}

/** onResponse for GraphQL scenarios: counts 200 answers that carry `errors` into stats.graphqlErrors. */
function countGraphqlErrors(stats) {
  stats.graphqlErrors = 0;
  return (status, body) => {
    // A cheap test: a successful answer starts with {"data": and never has a top-level "errors".
    if (status === 200 && String(body).includes('"errors"')) stats.graphqlErrors += 1;
  };
}

/** teardown for GraphQL scenarios: shouts when a measured run got GraphQL errors (HTTP 200 all the same). */
function reportGraphqlErrors(name, stats) {
  return () => {
    if (stats.graphqlErrors) {
      console.error(
        `!! ${name}: ${stats.graphqlErrors} answers carried GraphQL errors (HTTP 200, so not counted as unexpected statuses): the figures are not valid`,
      );
    }
  };
}

// The checkout scenarios' mutation (checkout-complete.js and the variant ones answer the same).
const CHECKOUT = `mutation Checkout($cartId: ID!, $expectedTotal: String) {
  checkoutComplete(cartId: $cartId, expectedTotal: $expectedTotal) { id status total { amount currencyCode } lines { quantity lineTotal { amount } } }
}`;

/**
 * A checkout scenario's measured run: one seeded cart per request (a checkout consumes its cart), in
 * order; `stats.reusedCarts` says if a run went past them (a completed cart answers its order again).
 */
function checkoutRequests(carts, shopper, stats, onResponse) {
  const bodies = carts.map((c) => graphqlBody(CHECKOUT, { cartId: c.id, expectedTotal: c.total }));
  let next = 0;
  Object.defineProperty(stats, 'reusedCarts', {
    enumerable: true,
    get: () => Math.max(0, next - bodies.length),
  });
  return {
    stats,
    expectStatus: 200,
    requests: [
      {
        method: 'POST',
        path: GRAPHQL_PATH,
        headers: { authorization: `Bearer ${shopper}`, 'content-type': 'application/json' },
        setupRequest(request) {
          request.body = bodies[next++ % bodies.length];
          return request;
        },
        onResponse,
      },
    ],
  };
}

/** The redirect URI the bench's installable apps register. */
const INSTALLED_APP_REDIRECT = 'https://bench-app.example/callback';

/** An installable app of the account's (`POST /v1/user/apps`), answering it with its client secret. */
function createInstallableApp(ctx, token, name, scopes) {
  return ctx.expect(
    201,
    'POST',
    '/v1/user/apps',
    { name, redirectUris: [INSTALLED_APP_REDIRECT], scopes },
    { token },
  );
}

/**
 * The store's owner allows the app through the console's consent route (PKCE, S256): answers the
 * authorization code, its verifier and the verifier's challenge.
 */
async function consentCode(ctx, { token, app, storeId, scope, state = 'bench' }) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const consent = await ctx.expect(
    200,
    'POST',
    '/v1/user/oauth/consent',
    {
      clientId: app.clientId,
      redirectUri: INSTALLED_APP_REDIRECT,
      scope,
      state,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      storeId,
      decision: 'allow',
    },
    { token },
  );
  return { code: new URL(consent.redirectTo).searchParams.get('code'), verifier, challenge };
}

/** The token endpoint's answer to an authorization code (client_secret_basic): access and refresh token. */
function exchangeCode(ctx, app, { code, verifier }) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: INSTALLED_APP_REDIRECT,
    code_verifier: verifier,
  }).toString();
  return ctx.expect(200, 'POST', '/v1/auth/oauth/token', body, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basicAuthorization(app.clientId, app.clientSecret),
    },
  });
}

module.exports = {
  INSTALLED_APP_REDIRECT,
  consentCode,
  createInstallableApp,
  exchangeCode,
  SHOPPER_SCOPES,
  cartsForRuns,
  CHECKOUT,
  checkoutRequests,
  GRAPHQL_PATH,
  accountWithStores,
  appToken,
  basicAuthorization,
  checkStoreList,
  countGraphqlErrors,
  createApp,
  createStores,
  graphqlBody,
  graphqlOnce,
  publicToken,
  reportGraphqlErrors,
  seedProducts,
  times,
  tokenRequest,
};
