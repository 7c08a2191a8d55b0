'use strict';
// The cost of an authenticated request — JWT verify, the revocation read (session
// live, jti not revoked) on every request, and the account read of /me.
module.exports = {
  name: 'me',
  title: 'GET /v1/auth/me (bearer)',
  order: 10,
  // At least 80 % of the ceiling's throughput, p99 at most 1.5 × the ceiling's (at 50
  // connections).
  ratioTo: 'ceiling-me',
  ratioLabel: 'me/ceiling',
  headline: true,
  target: { minRatio: 0.8, maxP99Ratio: 1.5 },
  async setup(ctx) {
    // One session per connection, as 50 different users would be (not one hot row).
    const pairs = await ctx.signInMany(ctx.connections, { prefix: 'bench-me' });
    const probe = await ctx.get('/v1/auth/me', { token: pairs[0].access_token });
    if (probe.status !== 200) throw new Error(`GET /v1/auth/me answered ${probe.status}: ${probe.text}`);
    let next = 0;
    return {
      method: 'GET',
      path: '/v1/auth/me',
      setupClient(client) {
        const pair = pairs[next++ % pairs.length];
        client.setHeaders({ authorization: `Bearer ${pair.access_token}` });
      },
    };
  },
};
