'use strict';
// The ceiling for GET /v1/auth/me: a bare NestJS-on-Fastify route doing only an HS256 verify
// (KeyObject) and one prepared primary-key read of the session, on the same database, with the same
// tokens (bench/ceiling/server.js). The `me` scenario is judged against it.
const { ceiling, stopCeiling } = require('./support/ceiling');

module.exports = {
  name: 'ceiling-me',
  title: 'ceiling: HS256 verify + 1 PK read',
  order: 9,
  async setup(ctx) {
    const { server } = await ceiling(ctx);
    const pairs = await ctx.signInMany(ctx.connections, { prefix: 'bench-me' });
    const probe = await globalThis.fetch(`${server.baseUrl}/ceiling/me`, {
      headers: { authorization: `Bearer ${pairs[0].access_token}` },
    });
    if (probe.status !== 200) throw new Error(`the ceiling answered ${probe.status}: ${await probe.text()}`);
    let next = 0;
    return {
      method: 'GET',
      url: `${server.baseUrl}/ceiling/me`,
      otherServer: server.pid,
      expectStatus: 200,
      setupClient(client) {
        const pair = pairs[next++ % pairs.length];
        client.setHeaders({ authorization: `Bearer ${pair.access_token}` });
      },
    };
  },
  teardown: stopCeiling,
};
