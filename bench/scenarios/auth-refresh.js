'use strict';
// POST /v1/auth/refresh with real rotation. A refresh token is single-use and a reused one kills the
// session, so each in-flight request carries a token no other request holds: tokens sit in a pool,
// setupRequest takes one, onResponse puts back the NEW one from the 200 answer (the chain of that
// session goes on). With pipelining 1 a connection has one request in flight, so this is one live
// session per connection. A request still in flight when a run stops takes its session with it
// (the server may have rotated it), so enough sessions are signed in for every run (ctx.runs).
module.exports = {
  name: 'refresh',
  title: 'POST /v1/auth/refresh (rotating)',
  order: 20,
  ratioTo: 'live',
  async setup(ctx) {
    const count = ctx.connections * (ctx.runs + 1) + 10;
    const pairs = await ctx.signInMany(count, { prefix: 'bench-refresh' });
    const pool = pairs.map((p) => p.refresh_token);
    const stats = { rejected: 0, starved: 0 };
    return {
      stats,
      requests: [
        {
          method: 'POST',
          path: '/v1/auth/refresh',
          headers: { 'content-type': 'application/json' },
          setupRequest(request) {
            const token = pool.pop();
            if (!token) stats.starved += 1;
            // An exhausted pool would show up as 401s, counted as non-2xx in the results.
            request.body = JSON.stringify({ refresh_token: token ?? 'exhausted' });
            return request;
          },
          onResponse(status, body) {
            if (status !== 200) {
              stats.rejected += 1;
              return;
            }
            pool.push(JSON.parse(body).refresh_token);
          },
        },
      ],
    };
  },
};
