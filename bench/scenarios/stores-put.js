'use strict';
// PUT /v1/user/stores/:id with a small valid body — validation, the row lock of the
// store's read-modify-write, the UPDATE and the mapped answer. One account with a store per
// connection, rotated per request, so the run measures the write path, not one hot row's lock.
const { accountWithStores } = require('./support/fixtures');

module.exports = {
  name: 'stores-put',
  title: 'PUT /v1/user/stores/:id (description)',
  order: 32,
  ratioTo: 'live',
  ratioLabel: 'stores-put/live',
  async setup(ctx) {
    const { token, storeIds } = await accountWithStores(
      ctx,
      'bench-stores-put@bench.example',
      ctx.connections,
    );
    const body = JSON.stringify({ description: 'Hand-made tea from the hills, edited by the benchmark.' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const probe = await ctx.expect(200, 'PUT', `/v1/user/stores/${storeIds[0]}`, body, { headers });
    if (probe.description !== JSON.parse(body).description || probe.onboarding?.nextStage !== 2) {
      throw new Error(`PUT /v1/user/stores/:id answered ${JSON.stringify(probe).slice(0, 500)}`);
    }
    let next = 0;
    return {
      expectStatus: 200,
      requests: [
        {
          method: 'PUT',
          headers,
          body,
          setupRequest(request) {
            request.path = `/v1/user/stores/${storeIds[next++ % storeIds.length]}`;
            return request;
          },
        },
      ],
    };
  },
};
