'use strict';
// A peer of GET /v1/auth/me: the usual NestJS stack — Express, @nestjs/passport + passport-jwt, TypeORM
// repositories — verifying the same tokens with the same revocation semantics (the session read on every
// request) and reading the account (bench/peers/nest-express.js). `me` is compared with it in the same round
// (issue 42: ≥ 6 ×).
const { nestExpressPeer, stopNestExpressPeer } = require('./support/ceiling');

module.exports = {
  name: 'peer-nest-express',
  title: 'peer: Nest + Express + passport-jwt + TypeORM',
  order: 11,
  // Against me in the same round (issue 42: me ≥ 6 × the peer). Judged on server CPU per request — the
  // peer's at least 6 × me's — which a busy machine moves far less than req/s (printed beside: the peer's
  // req/s as a share of me's, ≤ 16.7 % when me is 6 × faster). `loud`: a miss fails the command (exit 1),
  // so a regression of the hot path cannot pass as one more FAIL line.
  ratioTo: 'me',
  ratioLabel: 'peer-nest-express/me',
  target: { minServerCpuRatio: 6, loud: true },
  async setup(ctx) {
    const { server } = await nestExpressPeer(ctx);
    const pairs = await ctx.signInMany(ctx.connections, { prefix: 'bench-me' });
    const probe = await globalThis.fetch(`${server.baseUrl}/peer/me`, {
      headers: { authorization: `Bearer ${pairs[0].access_token}` },
    });
    if (probe.status !== 200) throw new Error(`the peer answered ${probe.status}: ${await probe.text()}`);
    let next = 0;
    return {
      method: 'GET',
      url: `${server.baseUrl}/peer/me`,
      otherServer: server.pid,
      expectStatus: 200,
      setupClient(client) {
        const pair = pairs[next++ % pairs.length];
        client.setHeaders({ authorization: `Bearer ${pair.access_token}` });
      },
    };
  },
  teardown: stopNestExpressPeer,
};
